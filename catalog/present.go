package catalog

import "strings"

// How the workbench presents a game beside its analysis: the board it
// draws and the OEIS entry of its nim-sequence. Both are set on Info by
// NewSumGame from these tables, so every face reads them from the catalog.

// Boards are the pictures the web page draws (Info.Board), each for the
// position syntax of its games:
//
//	heaps   heaps of tokens: heap sizes separated by spaces
//	pins    rows of pins (Kayles): row lengths separated by spaces
//	coins   a row of coins, heads and tails: "HTTH…" or the heads' numbers
//	stairs  coins on stairs 1, 2, …: the number on each, lowest first
//	queen   a queen on a quarter-infinite board (Wythoff): "a b"
//	strip   coins on a strip of squares 0, 1, …: their squares
func Boards() []string { return []string{"heaps", "pins", "coins", "stairs", "queen", "strip"} }

// boards maps a family (the spec before ":") or a spec to its board.
var boards = map[string]string{
	"nim": "heaps", "subtract": "heaps", "take-range": "heaps", "moore": "heaps",
	"octal": "heaps", "hex": "heaps", "grundy": "heaps", "officers": "heaps",
	"treblecross": "heaps", "dawson-chess": "heaps",
	"kayles": "pins", "dawson-kayles": "pins", "double-kayles": "pins",
	"coins":     "coins",
	"staircase": "stairs",
	"wythoff":   "queen",
	"nimble":    "strip",
}

// OEISRef is the OEIS entry of a game's values: G(n) = a(n − Shift).
type OEISRef struct {
	ID    string
	Shift int
}

// oeis maps canonical specs to the OEIS entries of their nim-sequences,
// each checked against the entry's published terms in present_test.go.
var oeis = map[string]OEISRef{
	// Kayles, octal 0.77 (and 0.771).
	"kayles": {"A002186", 0}, "octal:0.77": {"A002186", 0},
	// Dawson's chess, octal 0.137; Dawson's Kayles, octal 0.07, has
	// values a(n − 1) (the entry's comment).
	"dawson-chess": {"A002187", 0}, "octal:0.137": {"A002187", 0},
	"dawson-kayles": {"A002187", 1}, "octal:0.07": {"A002187", 1},
	// Grundy's game.
	"grundy": {"A002188", 0},
	// Double Kayles, octal 0.7777.
	"double-kayles": {"A071074", 0}, "octal:0.7777": {"A071074", 0},
	// Officers (Couples-are-Forever), octal 0.6.
	"officers": {"A046695", 0}, "octal:0.6": {"A046695", 0},
	// Mock Turtles: the odious numbers, a(1) = 1 for coin 0.
	"coins:mock-turtles": {"A000069", -1},
	// Ruler: the largest power of 2 dividing n.
	"coins:ruler": {"A006519", 0},
	// Wythoff's game: the table of G(a, b), read by antidiagonals.
	"wythoff": {"A004481", 0},
}

// OEIS returns the OEIS entry of the game with canonical spec, if known.
func OEIS(spec string) (OEISRef, bool) {
	r, ok := oeis[spec]
	return r, ok
}

// present fills in the board, the OEIS entry and the closed form of info.
func present(info Info) Info {
	if info.ClosedForm == "" {
		info.ClosedForm = closedForm(info.Spec)
	}
	if info.Board == "" {
		fam, _, _ := strings.Cut(info.Spec, ":")
		if b, ok := boards[info.Spec]; ok {
			info.Board = b
		} else {
			info.Board = boards[fam]
		}
	}
	if r, ok := oeis[info.Spec]; ok && info.OEIS == "" {
		info.OEIS, info.OEISShift = r.ID, r.Shift
	}
	return info
}
