package families

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/misere"
	"github.com/grundy/grundy/octal"
)

// namedGame is a take-and-break game the catalog names, with what is known
// of it: adding a game to this table is all it takes (a test checks each
// entry against its code, its OEIS entry and its board).
type namedGame struct {
	name, code, title, rule string
	board                   string // "pins" for games played on rows of pins
	oeis                    string
	oeisShift               int
	closedForm              string
}

// namedOctal lists the take-and-break games the catalog names.
var namedOctal = []namedGame{
	{name: "kayles", code: "0.77", title: "Kayles", rule: "knock down one pin or two adjacent pins from a row", board: "pins",
		oeis: "A002186", closedForm: "periodic: period 12 from n = 71 (Guy 1949; proved by the Guy–Smith test)"},
	// Dawson's Kayles, octal 0.07, has values a(n − 1) of A002187 (the
	// entry's comment).
	{name: "dawson-kayles", code: "0.07", title: "Dawson's Kayles", rule: "knock down two adjacent pins from a row", board: "pins",
		oeis: "A002187", oeisShift: 1, closedForm: "periodic: period 34 (Guy and Smith 1956); G(n) is A002187(n−1)"},
	{name: "dawson-chess", code: "0.137", title: "Dawson's chess", rule: "Dawson's chess on a 3×n board, as the octal game 0.137", board: "heaps",
		oeis: "A002187", closedForm: "periodic: period 34 (Guy and Smith 1956)"},
	// Officers (Couples-are-Forever).
	{name: "officers", code: "0.6", title: "Officers", rule: "take one token from a heap of at least two, leaving one or two heaps", board: "heaps",
		oeis: "A046695", closedForm: "searched; no period is known (Guy and Smith 1956; Winning Ways ch. 4)"},
	{name: "treblecross", code: "0.007", title: "Treblecross", rule: "one-dimensional tic-tac-toe with crosses, as the octal game 0.007", board: "heaps",
		closedForm: "searched; periods proved by the Guy–Smith test"},
	{name: "double-kayles", code: "0.7777", title: "Double Kayles", rule: "knock down one to four adjacent pins from a row", board: "pins",
		oeis: "A071074", closedForm: "searched; periods proved by the Guy–Smith test"},
}

// searchedClosedForm is what theory says of an octal game in general.
const searchedClosedForm = "searched; periods proved by the Guy–Smith test"

func octalFamily() catalog.Family {
	return catalog.Family{
		Name: "octal", Syntax: "octal:CODE", Example: "octal:0.137", Board: "heaps", ClosedForm: searchedClosedForm,
		Rule: "take-and-break game of an octal code d0.d1d2… (kayles = octal:0.77)",
		New: func(args string) (*catalog.Game, error) {
			c, err := octal.ParseCode(args)
			if err != nil {
				return nil, codeError(err)
			}
			return newOctalGame("octal:"+c.String(), "octal game "+c.String(), octal.New(c), ""), nil
		},
	}
}

func hexFamily() catalog.Family {
	return catalog.Family{
		Name: "hex", Syntax: "hex:CODE", Example: "hex:0.8", Board: "heaps", ClosedForm: searchedClosedForm,
		Rule: "take-and-break game of a hexadecimal code (bit 8: leave three heaps)",
		New: func(args string) (*catalog.Game, error) {
			c, err := octal.ParseHexCode(args)
			if err != nil {
				return nil, codeError(err)
			}
			return newOctalGame("hex:"+c.String(), "hexadecimal game "+c.String(), octal.New(c), ""), nil
		},
	}
}

// namedOctalFamily returns the family of a named take-and-break game.
func namedOctalFamily(n namedGame) catalog.Family {
	return catalog.Family{
		Name: n.name, Syntax: n.name, Example: n.name, Board: n.board, ClosedForm: n.closedForm, OEIS: n.oeis, OEISShift: n.oeisShift,
		Rule: n.rule + " (octal " + n.code + ")",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs(n.name, args); err != nil {
				return nil, err
			}
			c, err := octal.ParseCode(n.code)
			if err != nil {
				panic(err) // the table above is wrong
			}
			return newOctalGame(n.name, n.title+" (octal "+n.code+")", octal.New(c), n.rule+"; whoever cannot move loses."), nil
		},
	}
}

// tbFamily is the take-and-break codes as CGSuite writes them
// (octal.ParseTB): every octal and hexadecimal code, digits past 15, heap
// counts, modifiers and repeating digits.
func tbFamily() catalog.Family {
	return catalog.Family{
		Name: "tb", Syntax: "tb:CODE", Example: "tb:4!.0", Board: "heaps",
		ClosedForm: "searched; periods proved by the Guy–Smith test for k-heap splits (not with a modifier or repeating digits)",
		Rule:       "take-and-break code in CGSuite's syntax: bit r of a digit leaves r heaps (G: four, &N;, {2,5}, {2+}, *), modifiers ! ? =, repeating digits [3] (tb:4!.0 = grundy)",
		New: func(args string) (*catalog.Game, error) {
			c, err := octal.ParseTB(args)
			if err != nil {
				return nil, codeError(err)
			}
			return newOctalGame("tb:"+c.String(), "take-and-break game "+c.String(), octal.NewTB(c), c.Describe()), nil
		},
	}
}

func grundyFamily() catalog.Family {
	return catalog.Family{
		Name: "grundy", Syntax: "grundy", Example: "grundy", Board: "heaps", OEIS: "A002188",
		Rule:       "Grundy's game: split one heap into two unequal heaps",
		ClosedForm: "none known: searched (sparse-space method); no period is known (Guy 1989: ten million values, no pattern)",
		New: func(args string) (*catalog.Game, error) {
			if err := catalog.NoArgs("grundy", args); err != nil {
				return nil, err
			}
			return newOctalGame("grundy", "Grundy's game", octal.GrundysGame(),
				"A move splits one heap into two non-empty heaps of different sizes; whoever cannot move loses."), nil
		},
	}
}

// codeError turns a code syntax error into a spec error at the same column.
func codeError(err error) error {
	var se *octal.SyntaxError
	if errors.As(err, &se) {
		return &catalog.SpecError{Offset: se.Offset, Msg: se.Msg}
	}
	return &catalog.SpecError{Offset: -1, Msg: err.Error()}
}

// newOctalGame returns the catalog game of a take-and-break game: positions
// are lists of heap sizes; questions go through the analysis path with the
// game's values from the octal package's kernels (octal.Valued: the value of
// a position is the XOR of the heaps' values, huge heaps answered by a
// proved period), misère play by the game's misère quotient where one
// covers the heaps (misere.OctalValued) and otherwise by the engine's search
// of the real game. Its nim-sequence comes from the kernels (octal.Stream),
// its period from the Guy–Smith test.
func newOctalGame(spec, name string, og octal.Game, rule string) *catalog.Game {
	if rule == "" {
		rule = describeCode(og)
	}
	info := catalog.Info{Spec: spec, Name: name, Rule: rule, Position: "heap sizes separated by spaces, e.g. \"5 7\"", Example: "5 7"}
	code := ""
	if c, ok := og.Code(); ok {
		code = c.String()
	} else if t, ok := og.TB(); ok {
		code = t.String() // CGSuite writes octal codes as grundy does
	}
	if code != "" {
		// An octal code that is a named game has its facts.
		for _, n := range namedOctal {
			if nc, err := octal.ParseCode(n.code); err == nil && nc.String() == code {
				info.OEIS, info.OEISShift, info.ClosedForm = n.oeis, n.oeisShift, n.closedForm
			}
		}
		if code == "4!.0" { // Grundy's game
			g := grundyFamily()
			info.OEIS, info.ClosedForm = g.OEIS, g.ClosedForm
		}
	}
	var g *catalog.Game // its Info.Board, the family's when the code is a named game's, picks the drawing
	g = catalog.New(catalog.Spec[octal.Parts]{
		Info: info,
		Bind: func(ctx context.Context, _ catalog.Options) (*catalog.Binding[octal.Parts], error) {
			codec := octalCodec
			codec.Board = func(ps []octal.Parts) string { return drawHeaps(g.Info().Board, octalSizes(ps)) }
			// A move of more heaps than a position holds ends the
			// question's context, with the refusal as its cause.
			ctx, cancel := context.WithCancelCause(ctx)
			ov := misere.NewOctalValued(og)
			ov.Fail = cancel
			return &catalog.Binding[octal.Parts]{
				Game: ov, Codec: codec, Ctx: ctx, Close: func() { cancel(nil) },
				HeapRules: func() misere.HeapRules { return misere.Octal(og) },
			}, nil
		},
		Heap: func(_ impartial.Game[octal.Parts], n int) (octal.Parts, error) { return octal.Parts{int64(n)}, nil },
		Stream: func(ctx context.Context, r catalog.ValueRange, opts catalog.Options, emit func([]impartial.Nimber) error) (*catalog.SequenceStats, error) {
			st, err := octal.Stream(ctx, og, octal.StreamRequest{From: r.From, To: r.To, KnownCount: r.KnownCount, Known: r.Known, Tail: r.Tail,
				Parallel: runtime.GOMAXPROCS(0) > 1, MaxMemory: opts.Budget.MaxMemory, MaxValues: opts.Budget.MaxPositions, MaxWork: opts.Budget.MaxPositions}, emit)
			if err != nil {
				return nil, positionsWork(err)
			}
			return &catalog.SequenceStats{Kernel: st.Kernel, Rare: st.Rare, Bytes: st.Bytes}, nil
		},
		Period: func(ctx context.Context, max int, opts catalog.Options) (*catalog.Periodicity, error) {
			// The values are held two bytes each: the memory budget bounds
			// them; a general tb code's options count as positions.
			res, err := octal.SearchPeriod(ctx, og, octal.PeriodSearch{MaxN: max, Name: spec, Parallel: runtime.GOMAXPROCS(0) > 1,
				MaxWork: opts.Budget.MaxPositions, MaxMemory: opts.Budget.MaxMemory})
			if err != nil && ctx.Err() != nil {
				return nil, impartial.ContextError(ctx)
			}
			if err != nil {
				return nil, positionsWork(err)
			}
			return &catalog.Periodicity{Preperiod: res.Preperiod, Period: res.Period, Status: string(res.Status), ComputedTo: res.ComputedTo, Criterion: res.Criterion, Needs: res.Needs}, nil
		},
	})
	return g
}

// drawHeaps draws heaps on the board kind given: rows of pins, or heaps of
// tokens.
func drawHeaps(board string, sizes []int) string {
	if board == "pins" {
		return games.DrawPins(sizes)
	}
	return games.DrawHeaps(sizes)
}

// octalSizes lists the non-empty heaps of a position.
func octalSizes(ps []octal.Parts) []int {
	var nz []int
	for _, p := range ps {
		nz = append(nz, p.Sizes()...)
	}
	return nz
}

// octalCodec writes take-and-break positions as heap sizes, empty heaps
// left out ("0" when none is left).
var octalCodec = catalog.Codec[octal.Parts]{
	Parse: func(s string) ([]octal.Parts, error) {
		hs, err := games.ParseHeaps(s)
		if err != nil {
			return nil, err
		}
		ps := make([]octal.Parts, len(hs))
		for i, h := range hs {
			ps[i], _ = octal.PartsOf(h)
		}
		return ps, nil
	},
	Format: func(ps []octal.Parts) string {
		nz := octalSizes(ps)
		if len(nz) == 0 {
			return "0"
		}
		return games.FormatHeaps(nz)
	},
	Describe: func(ps []octal.Parts, i int, to octal.Parts) string {
		h := int(ps[i][0])
		parts := to.Sizes()
		k := h
		for _, p := range parts {
			k -= p
		}
		desc := octal.DescribeMove(h, k, parts)
		if len(ps) > 1 {
			desc = fmt.Sprintf("heap %d: %s", i+1, desc)
		}
		return desc
	},
}

// describeCode states the moves of a code in words.
func describeCode(g octal.Game) string {
	c, ok := g.Code()
	if !ok {
		return g.String()
	}
	var parts []string
	for k, d := range c.Digits {
		var what []string
		if d&1 != 0 && k > 0 {
			what = append(what, "a whole heap")
		}
		if d&2 != 0 && k > 0 {
			what = append(what, "from a larger heap, leaving one heap")
		}
		if d&4 != 0 {
			what = append(what, "leaving two heaps")
		}
		if d&8 != 0 {
			what = append(what, "leaving three heaps")
		}
		if len(what) > 0 {
			parts = append(parts, fmt.Sprintf("remove %d (%s)", k, strings.Join(what, "; ")))
		}
	}
	if len(parts) == 0 {
		return "No move is possible."
	}
	return "A move may " + strings.Join(parts, ", or ") + "; heaps left are non-empty; whoever cannot move loses."
}

// positionsWork names the work limit of a tb: code's moves by the budget it
// was set from: its options count as positions (octal's MaxWork is the
// positions budget above, not Budget.MaxWork, which counts a partizan
// question's work in the algebra's units), so the stop is a LimitPositions
// one, in octal's words.
func positionsWork(err error) error {
	if be, ok := err.(*impartial.BudgetError); ok && be.Limit == impartial.LimitWork {
		named := *be
		named.Limit = impartial.LimitPositions
		return &named
	}
	return err
}
