package catalog

import "strings"

// closedForms says what theory knows of each game's values or outcomes,
// with the source: Info.ClosedForm, by canonical spec (or family name, for
// every game of the family). The OEIS entries are in present.go.
var closedForms = map[string]string{
	"nim":                "G(n) = n (Bouton 1901); misère: Bouton's rule",
	"subtract":           "periodic for every finite S (the period is found and used); S = 1..m: G(n) = n mod (m+1)",
	"subtract:pow2":      "G(n) = n mod 3 (HDU 1847)",
	"take-range":         "r = n mod (p+q): G = ⌈r/p⌉ for r ≤ q, else 0; misère single heap: P iff r ∈ 1..p (HDU 2897)",
	"multiply":           "G is constant on runs of ⌈n/p⌉, a table of a few dozen runs; K = 2..9: P-runs (9·18^j, 18^(j+1)] (HDU 1517)",
	"northcott":          "G = the gap between the two pieces of a row (Winning Ways ch. 2; HDU 1730)",
	"nimble":             "G = the square of each coin (Winning Ways ch. 15; HDU 1849)",
	"staircase":          "G = XOR of the coins on the odd stairs",
	"climbing-hill":      "outcome only: the pairing rule (HDU 4315, corrected)",
	"moore":              "outcome only: P iff every binary digit's count is ≡ 0 mod k+1 (Moore 1910)",
	"wythoff":            "outcome: P-positions (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907; OEIS A000201, A001950); values searched",
	"fibonacci-nim":      "outcome: the smallest Zeckendorf term of n within the limit wins (Whinihan 1963; HDU 2516)",
	"octal":              "searched; periods proved by the Guy–Smith test (grundy period)",
	"hex":                "searched; periods proved by the Guy–Smith test (grundy period)",
	"kayles":             "periodic: period 12 from n = 71 (Guy 1949; proved by the Guy–Smith test)",
	"dawson-kayles":      "periodic: period 34 (Guy and Smith 1956); G(n) is A002187(n−1)",
	"dawson-chess":       "periodic: period 34 (Guy and Smith 1956)",
	"officers":           "searched; periods proved by the Guy–Smith test (grundy period)",
	"treblecross":        "searched; periods proved by the Guy–Smith test (grundy period)",
	"double-kayles":      "searched; periods proved by the Guy–Smith test (grundy period)",
	"grundy":             "none known: searched (sparse-space method); no period is known (Guy 1989: ten million values, no pattern)",
	"coins":              "the coin-turning theorem: G = XOR of g(x) over the heads (Winning Ways ch. 14)",
	"coins:mock-turtles": "g(x) = the x-th odious number, 2x or 2x+1 (Winning Ways ch. 14)",
	"coins:ruler":        "g(x) = the largest power of 2 dividing x (Winning Ways ch. 14)",
	"coins:grunt":        "g(x) = G(x) of Grundy's game (Winning Ways ch. 14)",
}

// closedForm returns the closed form of the game with canonical spec.
func closedForm(spec string) string {
	if c, ok := closedForms[spec]; ok {
		return c
	}
	name, _, _ := strings.Cut(spec, ":")
	return closedForms[name]
}
