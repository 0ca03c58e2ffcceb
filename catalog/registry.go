package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundy/grundy/notation"
	"github.com/grundy/grundy/rules"
)

// Family is one entry of the catalog: a kind of game, named by the part of
// a spec string before the colon, with everything grundy knows of it in one
// place: its rule, the syntax of its spec, the board its positions are
// drawn on, the closed form of its values with the source, and its OEIS
// entry. New builds a game from the part after the colon; the game's Info
// takes the family's facts where its constructor does not give its own
// (a coin-turning rule's closed form, an octal code that is a named game).
// The families are defined outside this package (package families) and
// handed to a Resolver; the list of games (grundy games), each game's
// description (grundy games NAME, /api/info), the web's game picker and the
// table of docs/games.md all come from that one list.
type Family struct {
	Name    string   `json:"name"`
	Aliases []string `json:"aliases,omitempty"`
	// Syntax shows the spec form, such as "subtract:S".
	Syntax string `json:"syntax"`
	// Rule states the rule in one line.
	Rule string `json:"rule"`
	// Example is a complete spec string.
	Example string `json:"example"`
	// Args lists the forms the part after the colon takes, when they are
	// a list (the coin-turning rules).
	Args []string `json:"args,omitempty"`
	// Board names the picture the workbench draws of a position (one of
	// Boards), empty when it draws none. A game's constructor may name its
	// own (the coins family's grids draw coingrid, its rows coins):
	// Info.Board is the game's, this the family's where the game names none.
	Board string `json:"board,omitempty"`
	// ClosedForm states what theory knows of the values or outcomes of the
	// family's games, with its source ("" when they are searched).
	ClosedForm string `json:"closed_form,omitempty"`
	// OEIS is the A-number of the nim-sequence of the family's game (a
	// family of one game), with G(n) = a(n − OEISShift).
	OEIS      string `json:"oeis,omitempty"`
	OEISShift int    `json:"oeis_shift,omitempty"`
	// New builds the game from the arguments after "name:" ("" if none).
	// Errors are *SpecError values with offsets into args.
	New func(args string) (*Game, error) `json:"-"`
	// Resolve, when set, is used instead of New, for the families whose
	// construction reads files or other specs (starlark:FILE, sum): it goes
	// through the resolver, under its file policy and limits.
	Resolve func(ctx context.Context, r *Resolver, args string) (*Game, error) `json:"-"`
}

// Boards are the pictures the workbench draws (Family.Board, Info.Board),
// each for the position syntax of its games:
//
//	heaps     heaps of tokens: heap sizes separated by spaces
//	pins      rows of pins (Kayles): row lengths separated by spaces
//	coins     a row of coins, heads and tails: "HTTH…" or the heads' numbers
//	coingrid  a grid of coins (the two-dimensional coin-turning games): rows
//	          of H and T separated by "/", row 0 first ("HTT/THT"), labelled
//	          from Info.Origin
//	stairs    coins on stairs 1, 2, …: the number on each, lowest first
//	queen     a queen on a quarter-infinite board (Wythoff): "a b"
//	strip     coins on a strip of squares 0, 1, …: their squares
func Boards() []string {
	return []string{"heaps", "pins", "coins", "coingrid", "stairs", "queen", "strip"}
}

// GameBoards lists the boards f's games draw: its Board, then those of the
// games its Args name (a named two-dimensional coin game draws a grid) when
// they differ. The table of docs/games.md shows them.
func (f Family) GameBoards() []string {
	var out []string
	if f.Board != "" {
		out = append(out, f.Board)
	}
	for _, a := range f.Args {
		if f.New == nil {
			break
		}
		g, err := f.New(a)
		if err != nil {
			continue // a form such as twins:S or A*B, not a game
		}
		if b := g.Info().Board; b != "" && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// Resolver turns spec strings into games under one policy: where rule files
// are read (Files) and the limits their Starlark code runs under (Limits).
// Every spec goes through it: a game named on its own, each component of a
// sum of different games. The CLI resolves with the files of the machine
// (rules.OSFiles); the server with only the rule files built into grundy and, if
// it was started with a rules directory, the .star files there (rules.DirFiles).
type Resolver struct {
	// Families are the families the resolver knows, in display order
	// (families.All): a spec names one of them.
	Families []Family
	// Files reads rule files (starlark:FILE); nil reads none but the rule
	// files built into grundy (starlark:examples/NAME.star).
	Files rules.Files
	// Limits bound the Starlark code of rule files: their top level when
	// they are loaded, and every call of a rule function afterwards.
	Limits rules.Limits
}

// Resolve returns the game a spec string names. A rule file named by the
// spec (starlark:FILE) is read through r.Files and its top level run under
// ctx and r.Limits; a limit that stops it gives an error that unwraps to an
// *impartial.BudgetError (not a *SpecError).
func (r *Resolver) Resolve(ctx context.Context, spec string) (*Game, error) {
	s := strings.TrimSpace(spec)
	lead := strings.Index(spec, s)
	name, args, _ := strings.Cut(s, ":")
	if s == "" {
		return nil, &SpecError{Spec: spec, Offset: -1, Msg: "no game named", Unknown: true}
	}
	fams := r.Families
	f, ok := lookup(name, fams)
	if !ok {
		msg := fmt.Sprintf("unknown game %q", name)
		if near := nearest(strings.ToLower(name), fams); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return nil, &SpecError{Spec: spec, Offset: lead, Msg: msg, Unknown: true}
	}
	var g *Game
	var err error
	if f.Resolve != nil {
		g, err = f.Resolve(ctx, r, args)
	} else {
		g, err = f.New(args)
	}
	var se *SpecError
	if errors.As(err, &se) {
		se.Spec = spec
		if se.Offset >= 0 {
			se.Offset += lead + len(name) + 1
		}
	}
	if err != nil {
		return nil, err
	}
	f.facts(&g.info) // before the game is shared
	return g, nil
}

// facts gives a game's description the family's facts where the game's
// constructor gave none of its own.
func (f Family) facts(info *Info) {
	if info.Board == "" {
		info.Board = f.Board
	}
	if info.ClosedForm == "" {
		info.ClosedForm = f.ClosedForm
	}
	if info.OEIS == "" && f.OEIS != "" {
		info.OEIS, info.OEISShift = f.OEIS, f.OEISShift
	}
}

// LookupFamily returns the family of fams a spec's name (the part before
// ":") names, or ok = false.
func LookupFamily(fams []Family, spec string) (Family, bool) {
	name, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	return lookup(name, fams)
}

func lookup(name string, fams []Family) (Family, bool) {
	key := strings.ToLower(strings.TrimSpace(name))
	for _, f := range fams {
		if f.Name == key || slices.Contains(f.Aliases, key) {
			return f, true
		}
	}
	return Family{}, false
}

// nearest returns the family name or alias closest to name, if close enough
// to be a likely typo.
func nearest(name string, fams []Family) string {
	best, bestD := "", 3
	for _, f := range fams {
		for _, n := range append([]string{f.Name}, f.Aliases...) {
			if d := notation.EditDistance(name, n); d < bestD {
				best, bestD = n, d
			}
		}
	}
	return best
}

// NoArgs rejects arguments for a family that takes none: a *SpecError.
func NoArgs(name, args string) error {
	if args != "" {
		return &SpecError{Offset: -1, Msg: fmt.Sprintf("%s takes no arguments (got %q)", name, args)}
	}
	return nil
}
