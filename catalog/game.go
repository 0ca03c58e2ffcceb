package catalog

import (
	"context"
	"errors"
	"unicode"
	"unicode/utf8"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
)

// Game is a catalog game seen through its position syntax: what the CLI,
// the web server and the JSON API work with. Positions are strings in the
// game's own syntax (Info.Position); results carry positions in that syntax
// too, so any output can be fed back as input.
//
// A Game is made by New from a family's Spec: an engine game (package
// impartial) with a notation, asked through the one analysis path,
// impartial.Analyze; the catalog itself holds no solving policy. Every
// question is a method of Game, answered by its engine (the one generic
// adapter of the spec's position type); a question the game cannot answer
// (a nim-sequence of a game not played on heaps) is a *CapabilityError.
//
// A Game is safe for concurrent use: each call binds its own engine game,
// bounded by Options.Budget and the context.
type Game struct {
	info Info
	e    engine
}

// engine answers the questions of a Game for one position type: its one
// implementation is sumGame[P] (sum.go). A new kind of question is one
// method here and one method of Game.
type engine interface {
	canonical(ctx context.Context, position string) (string, error)
	board(ctx context.Context, position string) (string, error)
	solve(ctx context.Context, position string, opts Options) (*Result, error)
	moves(ctx context.Context, position string, opts Options) ([]Move, error)
	reply(ctx context.Context, position string, opts Options) (Move, bool, error)
	findMove(ctx context.Context, position, to string, opts Options) (Move, error)
	streamValues(ctx context.Context, r ValueRange, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error)
	valueTable(ctx context.Context, n int, opts Options) (*Table, error)
	findPeriod(ctx context.Context, max int, opts Options) (*Periodicity, error)
	misereForm(ctx context.Context, position string, opts Options) (misere.Form, string, error)
	heapRules(ctx context.Context, opts Options) (misere.HeapRules, func(), error)
	miserePositions(ctx context.Context, positions []string, s misere.Settings, opts Options) (*PositionsQuotient, error)
	// component binds the game as a component of a sum of games.
	component(ctx context.Context, opts Options) (component, error)
	content() string
}

// Spec is what a family gives of one game: its description, how to bind
// its engine game for a question, and the optional fast paths of its kind.
// New makes the Game. What Info says the game answers follows from what
// the spec gives: a heap game (Info.Heap) gives Heap or Stream, a game with
// a value table (Info.Table) gives Cell, a game whose period is searched
// (Info.Periodic) gives Period.
type Spec[P comparable] struct {
	// Info describes the game; New sets its Heap, Table and Periodic.
	Info Info
	// Bind builds the engine game for one question (required).
	Bind func(ctx context.Context, opts Options) (*Binding[P], error)

	// Heap returns the position of a single heap of size n in the engine
	// game bound for a question (most games ignore it; a Starlark session
	// interns it): a position is then a sum of heaps, its nim-sequence
	// G(n) the value of heap n, solved heap by heap, and its misère
	// quotient read from the rules of single heaps. May be nil.
	Heap func(g impartial.Game[P], n int) (P, error)
	// Stream computes a window of the nim-sequence faster than searching
	// heap by heap (an octal kernel, a coin-turning table). May be nil.
	Stream func(ctx context.Context, r ValueRange, opts Options, emit func([]impartial.Nimber) error) (*SequenceStats, error)
	// Period searches for and proves the period of the nim-sequence. May
	// be nil.
	Period func(ctx context.Context, max int, opts Options) (*Periodicity, error)
	// Cell returns the position of row a, column b of the game's value
	// table (ValueTable's Values[a][b]): (a, b) of a two-heap game, a
	// single head of a grid. May be nil.
	Cell func(a, b int) P
	// Tabulate computes the n×n value table faster than solving it cell by
	// cell (a coin grid's, by the Tartan theorem; Wythoff's, by the mex
	// over rows, columns and diagonals). Used only with Cell; may be nil.
	Tabulate func(ctx context.Context, n int, opts Options) ([][]impartial.Nimber, error)
	// Content identifies what defines the game besides its spec, for a
	// game its spec does not define alone (Game.Content). May be nil.
	Content func() string
}

// New returns the catalog game of a spec.
func New[P comparable](s Spec[P]) *Game {
	g := &Game{info: s.Info}
	g.info.Rule = sentence(g.info.Rule)
	g.info.Heap = s.Heap != nil || s.Stream != nil
	g.info.Table = s.Cell != nil
	g.info.Periodic = s.Period != nil
	g.e = &sumGame[P]{info: &g.info, spec: s}
	return g
}

// sentence makes a rule a sentence, as every face shows Info.Rule: its
// first letter a capital ("knock down one pin…" of a family's one-line
// rule becomes "Knock down one pin…"). Families write their rules as they
// like; this is the one place that decides how a game's rule starts.
func sentence(rule string) string {
	r, n := utf8.DecodeRuneInString(rule)
	if n == 0 || !unicode.IsLower(r) {
		return rule
	}
	return string(unicode.ToUpper(r)) + rule[n:]
}

// Binding is an engine game ready for one question, what a Spec's Bind
// returns: games whose engine holds per-question state (a Starlark session,
// a coin-turning table, the components of a sum) build one per call. Only
// Game and Codec are required.
type Binding[P comparable] struct {
	Game  impartial.Game[P]
	Codec Codec[P]
	// Ctx is the context the engine searches under, for a game with a
	// context of its own (a Starlark session's, a coin engine's): it ends
	// with the caller's, and is canceled when the game fails while the
	// engine runs (a rule function's error, a move past the budget), with
	// the failure as its cause (context.Cause), which is then the answer.
	// nil means the caller's.
	Ctx context.Context
	// Close releases the binding. May be nil.
	Close func()
	// HeapRules returns the rules of single heaps for misère quotients,
	// when they are better given than read from the engine game (the
	// periodicity theorem of octal games, a Starlark session). May be nil.
	HeapRules func() misere.HeapRules

	g *sumGame[P]
	// contexts, for a sum of games, are its components' own contexts,
	// whose causes are failures as Ctx's are.
	contexts func() []context.Context
	// content, for a sum of games, is what defines the components read so
	// far besides their specs (Content).
	content func() string
}

func (b *Binding[P]) done() {
	if b.Close != nil {
		b.Close()
	}
}

func (b *Binding[P]) context(caller context.Context) context.Context {
	if b.Ctx != nil {
		return b.Ctx
	}
	return caller
}

// failure returns how the bound game failed while the engine ran, nil if
// it did not: the cause of its context (or of a sum's components'). The end
// of the caller's context is no failure of the game (the engine's error
// says it), unless it stopped a rule function, whose error then names the
// file, line and call.
func (b *Binding[P]) failure(caller context.Context) error {
	ctxs := []context.Context{b.Ctx}
	if b.contexts != nil {
		ctxs = append(ctxs, b.contexts()...)
	}
	for _, c := range ctxs {
		if c == nil || c.Err() == nil {
			continue
		}
		cause := context.Cause(c)
		if _, stop := cause.(*impartial.BudgetError); cause == c.Err() || (stop && caller.Err() != nil) {
			continue
		}
		return cause
	}
	return nil
}

// finish returns the answer to a question whose engine ran with error err:
// the game's failure, when it failed, takes precedence.
func (b *Binding[P]) finish(caller context.Context, err error) error {
	if f := b.failure(caller); f != nil {
		return f
	}
	return err
}

// Info describes the game: canonical spec, name, rule, position syntax.
func (g *Game) Info() Info { return g.info }

// Canonical checks a position and writes it in canonical syntax. A sum's
// components are resolved (rule files loaded) under ctx.
func (g *Game) Canonical(ctx context.Context, position string) (string, error) {
	return g.e.canonical(ctx, position)
}

// Board draws a position as plain text for the terminal: heaps as tokens,
// Kayles pins, coins, stairs, a queen on a grid (grundy play, grundy solve
// --board), as Info.Board names them. It returns "" when the position is
// too large to draw, or the game has no drawing.
func (g *Game) Board(ctx context.Context, position string) (string, error) {
	return g.e.board(ctx, position)
}

// Solve finds the outcome, the nim-value where it is known, and the
// winning moves of a position (every option with Options.AllOptions), as
// many as the budget lets it list: the value and outcome never wait for
// the moves.
func (g *Game) Solve(ctx context.Context, position string, opts Options) (*Result, error) {
	return g.e.solve(ctx, position, opts)
}

// Moves lists every legal move from a position, each with the position it
// leads to, in the game's order. It refuses, before building it, a list
// longer than the budget allows (moves or output bytes).
func (g *Game) Moves(ctx context.Context, position string, opts Options) ([]Move, error) {
	return g.e.moves(ctx, position, opts)
}

// Content returns what defines the game besides its spec, "" for a game its
// spec defines: a Starlark game is its rule file's text, which may change
// under the same spec (starlark:g.star), identified in words ending in
// hashes ("starlark/1 sha256:…": the version of what rule files mean,
// rules.Version, and the SHA-256 of the file). Results saved for later
// (checkpoints of values and of misère quotients) record it with the spec,
// and are refused when it changed: the values of an edited rule file are
// another game's.
func (g *Game) Content() string { return g.e.content() }

// capability returns the *CapabilityError of a question g does not answer.
func (g *Game) capability(msg string) error {
	return &CapabilityError{Game: g.info.Spec, Msg: msg}
}

var errNoPositions = errors.New("no positions given")
