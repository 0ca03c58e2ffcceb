package catalog

import (
	"errors"
	"io/fs"

	"github.com/grundy/grundy/rules"
)

// ReadRuleFile reads a rule file under r's policy: through r.Files, and,
// for examples/NAME.star that r.Files does not hold (or when it reads
// none), the rule file of that name built into grundy.
func (r *Resolver) ReadRuleFile(name string) ([]byte, error) {
	if r.Files != nil {
		src, err := r.Files.ReadRuleFile(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return src, wrapRuleFile(name, err)
		}
		if src, ok := rules.Builtin(name); ok {
			return src, nil
		}
		return nil, wrapRuleFile(name, err)
	}
	if src, ok := rules.Builtin(name); ok {
		return src, nil
	}
	return nil, &rules.FileError{Name: name, Err: rules.ErrNoRuleFiles}
}

func wrapRuleFile(name string, err error) error {
	if err == nil {
		return nil
	}
	return &rules.FileError{Name: name, Err: err}
}

// Contenter is implemented by games that their spec does not define
// alone: a Starlark game is its rule file's text, which may change under
// the same spec (starlark:g.star).
type Contenter interface {
	// Content identifies what defines the game besides its spec, in words
	// ending in hashes ("starlark/1 sha256:…": the version of what rule
	// files mean, rules.Version, and the SHA-256 of the file).
	Content() string
}

// Content returns what defines g besides its spec (Contenter), "" for a
// game its spec defines. Results saved for later (checkpoints of values
// and of misère quotients) record it with the spec, and are refused when
// it changed: the values of an edited rule file are another game's.
func Content(g Game) string {
	if c, ok := g.(Contenter); ok {
		return c.Content()
	}
	return ""
}
