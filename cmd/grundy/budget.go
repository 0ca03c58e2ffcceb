package main

import (
	"context"
	"time"

	"github.com/spf13/pflag"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/memguard"
	"github.com/grundy/grundy/rules"
)

// budgetFlags are the search limits shared by the commands that search.
type budgetFlags struct {
	maxPositions int64
	maxMoves     int64
	maxOutput    string
	maxMemory    string
	timeout      time.Duration
	maxWork      int64
	maxSteps     uint64
	ruleTimeout  time.Duration
}

// workUsage is the help of --max-work on the commands that ask partizan
// questions: their work (impartial.Budget.MaxWork).
const workUsage = "stop a partizan question or a misère search past this many units of work (comparisons, sums and constructions of canonical forms, positions searched, rule-file steps; the misère states examined; 0: no limit): the same stop on any machine"

// add registers the budget flags, without --max-work: the command counts
// no work (its searches count positions).
func (b *budgetFlags) add(fs *pflag.FlagSet) {
	b.addFlags(fs)
}

// addPartizan is add with --max-work for a command that may ask a partizan
// question (solve, play, value): Budget.MaxWork, DefaultBudget's by default.
func (b *budgetFlags) addPartizan(fs *pflag.FlagSet) {
	b.addWork(fs, impartial.DefaultBudget.MaxWork, workUsage)
}

// addWork is add with --max-work of the given default and help: a command
// that counts work of its own (a misère quotient's sums and products) says
// what, and the one flag fills Budget.MaxWork and the command's setting.
func (b *budgetFlags) addWork(fs *pflag.FlagSet, work int64, usage string) {
	fs.Int64Var(&b.maxWork, "max-work", work, usage)
	b.addFlags(fs)
}

func (b *budgetFlags) addFlags(fs *pflag.FlagSet) {
	fs.Int64Var(&b.maxPositions, "max-positions", impartial.DefaultBudget.MaxPositions, "stop after memoizing this many positions (0: no limit)")
	fs.Int64Var(&b.maxMoves, "max-moves", impartial.DefaultBudget.MaxMoves, "examine at most this many moves of one position or one list of moves (0: no limit)")
	fs.StringVar(&b.maxOutput, "max-output", "64MiB", "list fewer moves (with their count) rather than print more than this (e.g. 1MiB; 0: no limit)")
	fs.StringVar(&b.maxMemory, "max-memory", "1GiB", "stop when the search would hold more memory than this, or the process more than 1.5 × this + 64MiB (e.g. 512MiB, 4GiB; 0: no limit)")
	fs.DurationVar(&b.timeout, "timeout", 0, "stop after this long (e.g. 30s, 5m; 0: no limit)")
	fs.Uint64Var(&b.maxSteps, "max-steps", rules.DefaultMaxSteps, "starlark: games: the step limit of one call of a rule function")
	fs.DurationVar(&b.ruleTimeout, "rule-timeout", 0, "starlark: games: a wall-clock limit of one call of a rule function (0: none; --max-steps bounds the work)")
}

// starlark returns the limits of rule functions (starlark:FILE games):
// --max-steps, --rule-timeout, and --max-memory for what one call may
// allocate (0, no limit, leaves the rules package's default).
func (b *budgetFlags) starlark() rules.Limits {
	mem, _ := impartial.ParseBytes(b.maxMemory) // checked by budget
	return rules.Limits{MaxSteps: b.maxSteps, CallTimeout: b.ruleTimeout, MaxMemory: mem}
}

// resolver is the command line's catalog.Resolver: rule files from any path
// of the machine (the user names their own files), their code under the
// Starlark limits of the flags.
func (b *budgetFlags) resolver() *catalog.Resolver {
	return &catalog.Resolver{Families: families.All(), Files: rules.OSFiles{}, Limits: b.starlark()}
}

// game reads a game spec for a command with these flags: a rule file's top
// level runs under the command's context (--timeout) and Starlark limits.
func (b *budgetFlags) game(ctx context.Context, spec string) (*catalog.Game, error) {
	return b.resolver().Resolve(ctx, spec)
}

// question is a command's question about one game, opened by open.
type question struct {
	ctx  context.Context // under --timeout and --max-memory
	game *catalog.Game   // read under ctx and the Starlark limits
	opts catalog.Options // the flags' budget, normal or misère play
	stop context.CancelFunc
}

// open is how every command that asks about one game starts: the options
// of the flags, the context they bound, and the game read under both.
// The caller defers q.stop().
func (b *budgetFlags) open(ctx context.Context, spec string, misere bool) (question, error) {
	opts, err := b.options(misere)
	if err != nil {
		return question{}, err
	}
	ctx, stop := b.context(ctx)
	g, err := b.game(ctx, spec)
	if err != nil {
		stop()
		return question{}, err
	}
	return question{ctx: ctx, game: g, opts: opts, stop: stop}, nil
}

func (b *budgetFlags) budget() (impartial.Budget, error) {
	mem, err := impartial.ParseBytes(b.maxMemory)
	if err != nil {
		return impartial.Budget{}, usagef("--max-memory: %v", err)
	}
	out, err := impartial.ParseBytes(b.maxOutput)
	if err != nil {
		return impartial.Budget{}, usagef("--max-output: %v", err)
	}
	if b.maxPositions < 0 {
		return impartial.Budget{}, usagef("--max-positions must be at least 0, not %d", b.maxPositions)
	}
	if b.maxMoves < 0 {
		return impartial.Budget{}, usagef("--max-moves must be at least 0, not %d", b.maxMoves)
	}
	if b.maxWork < 0 {
		return impartial.Budget{}, usagef("--max-work must be at least 0, not %d", b.maxWork)
	}
	if b.timeout < 0 {
		return impartial.Budget{}, usagef("--timeout must not be negative, not %s", b.timeout)
	}
	return impartial.Budget{MaxPositions: b.maxPositions, MaxMoves: b.maxMoves, MaxOutput: out, MaxMemory: mem, MaxWork: b.maxWork, Timeout: b.timeout}, nil
}

// options builds a command's catalog options from its flags: the one place
// the CLI turns flags into the budget of a question (the web server's is
// web.Config), so that every command that takes the flags honours them all.
func (b *budgetFlags) options(misere bool) (catalog.Options, error) {
	budget, err := b.budget()
	if err != nil {
		return catalog.Options{}, err
	}
	return catalog.Options{Misere: misere, Budget: budget}, nil
}

// context applies --timeout to ctx, and --max-memory to the whole
// process: the search's own estimate bounds its tables, a governor
// (internal/memguard) bounds everything else a command allocates (a list
// being built, an answer, a rule file), stopping it with a memory
// BudgetError (exit 2) when the Go heap passes guardLimit.
func (b *budgetFlags) context(ctx context.Context) (context.Context, context.CancelFunc) {
	cancels := []context.CancelFunc{}
	if b.timeout > 0 {
		var c context.CancelFunc
		ctx, c = context.WithTimeout(ctx, b.timeout)
		cancels = append(cancels, c)
	}
	if mem, err := impartial.ParseBytes(b.maxMemory); err == nil && mem > 0 {
		g := memguard.New(memguard.Options{Limit: guardLimit(mem)})
		restore := memguard.SetGCLimit(g.Limit())
		var c context.CancelFunc
		ctx, c = g.Watch(ctx)
		cancels = append(cancels, c, restore)
	}
	return ctx, func() {
		for i := len(cancels) - 1; i >= 0; i-- {
			cancels[i]()
		}
	}
}

// guardLimit is the process heap allowed for --max-memory mem: the
// search's share plus half again for what surrounds it, and 64 MiB for the
// program itself. (The server's MemoryLimit default, max(384MiB, 1.5 ×
// --max-memory), covers several computations at once: web.Config.)
func guardLimit(mem int64) int64 { return mem + mem/2 + 64<<20 }
