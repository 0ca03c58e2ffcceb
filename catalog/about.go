package catalog

import "strings"

// aboutGame is what the catalog says of a game beyond its rule: its closed
// form with the source, and its nim-sequence in the OEIS. Every A-number
// here was checked against the OEIS entry's title and first terms (the
// tests of each package compare the values with them: coins/coins_test.go,
// octal/…, games/family_test.go).
type aboutGame struct{ closed, oeis string }

// about lists, by canonical spec (or family name, for every game of the
// family), what Info.ClosedForm and Info.OEIS say.
var about = map[string]aboutGame{
	"nim":                {"G(n) = n (Bouton 1901); misère: Bouton's rule", "A001477"},
	"subtract":           {"periodic for every finite S (the period is found and used); S = 1..m: G(n) = n mod (m+1)", ""},
	"subtract:pow2":      {"G(n) = n mod 3 (HDU 1847)", ""},
	"take-range":         {"r = n mod (p+q): G = ⌈r/p⌉ for r ≤ q, else 0; misère single heap: P iff r ∈ 1..p (HDU 2897)", ""},
	"multiply":           {"G is constant on runs of ⌈n/p⌉, a table of a few dozen runs; K = 2..9: P-runs (9·18^j, 18^(j+1)] (HDU 1517)", ""},
	"northcott":          {"G = the gap between the two pieces of a row (Winning Ways ch. 2; HDU 1730)", ""},
	"nimble":             {"G = the square of each coin (Winning Ways ch. 15; HDU 1849)", ""},
	"staircase":          {"G = XOR of the coins on the odd stairs", ""},
	"climbing-hill":      {"outcome only: the pairing rule (HDU 4315, corrected)", ""},
	"moore":              {"outcome only: P iff every binary digit's count is ≡ 0 mod k+1 (Moore 1910)", ""},
	"wythoff":            {"outcome: P-positions (⌊kφ⌋, ⌊kφ²⌋) (Wythoff 1907; OEIS A000201, A001950); values searched", "A004481"},
	"fibonacci-nim":      {"outcome: the smallest Zeckendorf term of n within the limit wins (Whinihan 1963; HDU 2516)", ""},
	"octal":              {"searched; periods proved by the Guy–Smith test (grundy period)", ""},
	"hex":                {"searched; periods proved by the Guy–Smith test (grundy period)", ""},
	"kayles":             {"periodic: period 12 from n = 71 (Guy 1949; proved by the Guy–Smith test)", "A002186"},
	"dawson-kayles":      {"periodic: period 34 (Guy and Smith 1956); G(n) is A002187(n−1)", "A002187"},
	"dawson-chess":       {"periodic: period 34 (Guy and Smith 1956)", "A002187"},
	"officers":           {"searched; periods proved by the Guy–Smith test (grundy period)", ""},
	"treblecross":        {"searched; periods proved by the Guy–Smith test (grundy period)", ""},
	"double-kayles":      {"searched; periods proved by the Guy–Smith test (grundy period)", ""},
	"grundy":             {"none known: searched (sparse-space method); no period is known (Guy 1989: ten million values, no pattern)", "A002188"},
	"coins":              {"the coin-turning theorem: G = XOR of g(x) over the heads (Winning Ways ch. 14)", ""},
	"coins:mock-turtles": {"g(x) = the x-th odious number, 2x or 2x+1 (Winning Ways ch. 14)", "A000069"},
	"coins:ruler":        {"g(x) = the largest power of 2 dividing x (Winning Ways ch. 14)", "A006519"},
	"coins:grunt":        {"g(x) = G(x) of Grundy's game (Winning Ways ch. 14)", "A002188"},
}

// aboutOf returns what the catalog says of the game with canonical spec.
func aboutOf(spec string) aboutGame {
	if a, ok := about[spec]; ok {
		return a
	}
	name, _, _ := strings.Cut(spec, ":")
	return about[name]
}

// setAbout fills in the closed form and the OEIS number of a game.
func (g *SumGame[P]) setAbout(a aboutGame) {
	g.info.ClosedForm, g.info.OEIS = a.closed, a.oeis
}

type aboutSetter interface{ setAbout(aboutGame) }
