package web

import (
	"context"
	"errors"
	"fmt"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/rules"
)

// newResolver returns the server's catalog.Resolver: the one door every
// spec of a request goes through, a game named alone or any component of a
// sum. It reads the rule files built into the binary and, when
// Config.RulesDir is set, the .star files of that directory (os.Root keeps
// reads inside it), and nothing else from the server's disk; rule files
// run under the request's context (its deadline, the memory governor) and
// the server's Starlark limits (Config.Starlark).
func newResolver(cfg Config) *catalog.Resolver {
	r := &catalog.Resolver{Families: families.All(), Limits: cfg.Starlark}
	if cfg.RulesDir != "" {
		r.Files = rules.DirFiles{Dir: cfg.RulesDir}
	}
	return r
}

// starlarkLimits are the server's default limits of rule files' code: the
// rules package's step limit, and what one call may allocate bounded by a
// quarter of one computation's memory budget (several requests may run
// rule files at once under the one memory limit of the server).
func starlarkLimits(cfg Config) rules.Limits {
	lim := cfg.Starlark
	if lim.MaxMemory <= 0 {
		lim.MaxMemory = max(cfg.Budget.MaxMemory/4, 1<<20)
	}
	return lim
}

// ruleFilesHint adds to an error about a rule file the server does not
// read how its operator can allow one.
func ruleFilesHint(err error, msg string) string {
	if errors.Is(err, rules.ErrNoRuleFiles) {
		return msg + fmt.Sprintf(" (the server reads no rule file from its disk unless started with --rules-dir DIR, for the .star files of DIR)")
	}
	return msg
}

func (s *Server) resolveSpec(ctx context.Context, spec string) (*catalog.Game, error) {
	return s.resolver.Resolve(ctx, spec)
}
