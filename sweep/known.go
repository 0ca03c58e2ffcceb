package sweep

import (
	"strconv"
	"strings"
)

// Published results for the octal codes 0.d1d2d3, from Tomek Czajka's
// tables (github.com/tczajka/octal-games, which re-verified Winning Ways
// (Berlekamp, Conway, Guy 1982, ch. 4) and Achim Flammenkamp's tables
// (wwwhomes.uni-bielefeld.de/achim/octal.html) and corrected two entries):
//
//   - TrivialGames.md: games whose period shows in the first 1000 values;
//   - SolvedGames.md: the non-trivial solved games with their discoverers
//     (Kenyon 1967; Austin 1976; Gangolli and Plambeck 1989 for .16, .56,
//     .127, .376; Flammenkamp 2002 for .354);
//   - UnsolvedGames.md: games computed to 2^17 values or more without a
//     period;
//   - GameLookup.md: each code's representative. Equivalent games have the
//     same nim-sequence, possibly with heap sizes shifted (a game that may
//     not take a heap of one token is the game on heaps one smaller), so
//     the period carries over and the pre-period may move by the shift.
//
// "prefix" in those tables is the pre-period: G(n+p) = G(n) for n ≥ prefix.
// Kayles is 0.77 (period 12 from 71) and Dawson's Kayles 0.07 (the
// representative .4: period 34).

// published is what the tables say of a representative game.
type published struct {
	preperiod, period int
	unsolved          bool
	// shifted: the pre-period is in the indexing of heaps Shift tokens
	// smaller (TrivialGames.md, whose nimber strings start there);
	// SolvedGames.md counts real heap sizes (its .45 has 498, as grundy
	// proves, where the shifted count is 496).
	shifted bool
	source  string
}

// publishedReps: representative → published result. "4" is the game 4.0
// (split a heap in two, removing nothing): values 0 1 0 1 …, period 2.
var publishedReps = func() map[string]published {
	m := map[string]published{}
	const trivial = "tczajka/octal-games TrivialGames.md"
	for _, row := range strings.Fields(`
4:0:2 .1:2:1 .4:52:34 .02:0:4 .11:3:1 .12:1:4 .15:1:10 .17:33:34 .22:0:3 .26:0:4
.31:3:2 .32:1:3 .34:7:8 .35:1:6 .44:141:24 .51:1:1 .52:4:4 .53:11:9 .54:3:7 .57:1:4
.71:3:2 .72:1:4 .75:1:2 .77:71:12 .002:0:6 .017:14:60 .022:0:5 .044:211:36 .045:187:32
.051:47:48 .055:258:148 .101:4:1 .102:1:6 .111:4:1 .112:1:6 .115:1:14 .116:139:96
.121:4:4 .122:1:5 .123:5:5 .124:122:62 .131:4:4 .132:1:5 .134:60:62 .141:14:11 .144:4:10
.145:3:9 .147:3:8 .152:2:48 .153:16:14 .154:4:11 .157:1:6 .171:12:11 .173:21:40 .176:24:8
.226:20:5 .312:5:2 .316:4:12 .331:4:3 .332:1:4 .351:1:8 .353:4:2 .373:2:28 .375:37:18
.512:3:6 .524:1:52 .532:7:5 .536:1:5 .772:8:4 4.3:2:2`) {
		f := strings.Split(row, ":")
		n0, _ := strconv.Atoi(f[1])
		p, _ := strconv.Atoi(f[2])
		m[f[0]] = published{preperiod: n0, period: p, shifted: true, source: trivial}
	}
	const solved = "tczajka/octal-games SolvedGames.md"
	for _, row := range strings.Fields(`
.45:498:20:- .156:3479:349:Kenyon_1967 .356:7315:142:Austin_1976 .644:3256:442:Austin_1976
.165:5181:1550:Austin_1976 .16:105351:149459:Gangolli–Plambeck_1989 .56:326640:144:Gangolli–Plambeck_1989
.127:46578:4:Gangolli–Plambeck_1989 .376:2268248:4:Gangolli–Plambeck_1989 .354:10061916:1180:Flammenkamp_2002`) {
		f := strings.Split(row, ":")
		n0, _ := strconv.Atoi(f[1])
		p, _ := strconv.Atoi(f[2])
		src := solved
		if f[3] != "-" {
			src += " (" + strings.ReplaceAll(f[3], "_", " ") + ")"
		}
		m[f[0]] = published{preperiod: n0, period: p, source: src}
	}
	for _, code := range strings.Fields(`.6 .04 .06 .14 .36 .64 .74 .76 .004 .005 .006 .014 .015 .016
.024 .026 .034 .054 .064 .104 .106 .114 .125 .126 .135 .136 .142 .143 .146 .161 .162 .163
.164 .166 .167 .172 .174 .204 .205 .206 .207 .224 .244 .245 .264 .314 .324 .334 .336 .342
.344 .346 .362 .364 .366 .371 .374 .404 .414 .416 .444 .454 .564 .604 .606 .744 .764 .774 .776`) {
		m[code] = published{unsolved: true, source: "tczajka/octal-games UnsolvedGames.md"}
	}
	return m
}()

// lookupRows is GameLookup.md for the codes 0.x, 0.xy and 0.xyz: the row
// prefix, then the representative for the last digit 1..7 ("-": the code
// is its own representative).
const lookupRows = `
.  - 4 4 - 4 - 4
.0 .1 - .02 - 4 - .4
.1 - - .02 - - - -
.2 4 - .22 4 4 - .26
.3 - - .22 - - - .6
.4 .17 .4 .17 - - .44 .45
.5 - - - - .51 - -
.6 .6 .6 .6 - .64 .64 .64
.7 - - .26 - - - -
.00 .1 - .002 - - - .04
.01 .11 4 .002 - - - -
.02 .02 - .022 - .024 - .026
.03 .02 .022 .022 - .034 .06 .06
.04 .017 .04 .017 - - .044 .045
.05 - 4 .051 - - .054 .055
.06 .06 .06 .06 - .064 .064 .064
.07 .4 .4 .4 .44 .44 .44 .44
.10 - - 4 - 4 - 4
.11 - - .002 - - - .051
.12 - - - - - - -
.13 - - .022 - - - .4
.14 - - - - - - -
.15 .51 - - - .51 - -
.16 - - - - - - -
.17 - - - - .57 - .45
.20 .31 4 .71 - - - -
.21 .31 4 .71 .204 .205 .206 .207
.22 .22 .26 .26 - .224 - .226
.23 .22 .26 .26 .224 .224 .226 .226
.24 .71 4 .71 - - .244 .245
.25 .71 4 .71 .244 .245 .244 .245
.26 .26 .26 .26 - .264 .264 .264
.27 .26 .26 .26 .264 .264 .264 .264
.30 4 4 4 4 4 4 4
.31 .71 - .71 - .71 - .71
.32 .32 .72 .72 - .324 .72 .72
.33 - - .26 - .26 - .26
.34 .34 - .342 - .344 - .346
.35 - 4.3 - - .75 - .75
.36 .36 - .362 - .364 - .366
.37 - .332 - - - - .64
.40 .4 .4 .4 - .404 .404 .404
.41 .17 .173 .173 - .414 - .416
.42 .4 .4 .4 .404 .404 .404 .404
.43 .17 .173 .173 .414 .414 .416 .416
.44 .44 .44 .44 - .444 .444 .444
.45 .45 .45 .45 - .454 .454 .454
.46 .44 .44 .44 .444 .444 .444 .444
.47 .45 .45 .45 .454 .454 .454 .454
.50 4 4 4 4 4 4 4
.51 .51 - .512 .51 .51 .157 .157
.52 .52 .52 .52 - .524 .524 .524
.53 .53 - .532 .57 .57 - .536
.54 .54 .54 .54 .147 .147 .147 .147
.55 .51 .157 .157 .51 .51 .157 .157
.56 .56 .56 .56 - .564 .564 .564
.57 .57 .536 .536 .57 .57 .536 .536
.60 .6 .373 .373 - .604 - .606
.61 .6 .373 .373 .604 .604 .606 .606
.62 .6 .373 .373 .604 .604 .606 .606
.63 .6 .373 .373 .604 .604 .606 .606
.64 .64 .64 .64 - .644 .644 .644
.65 .64 .64 .64 .644 .644 .644 .644
.66 .64 .64 .64 .644 .644 .644 .644
.67 .64 .64 .64 .644 .644 .644 .644
.70 4 4 4 4 4 4 4
.71 .71 .71 .71 .71 .71 .71 .71
.72 .72 .72 .72 .72 .72 .72 .72
.73 .26 .26 .26 .26 .26 .26 .26
.74 .74 .74 .74 - .744 .744 .744
.75 .75 .75 .75 .75 .75 .75 .75
.76 .76 .76 .76 - .764 .764 .764
.77 .77 - .772 - .774 - .776`

// representatives maps ".xyz" to its representative (itself included).
var representatives = func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(lookupRows), "\n") {
		f := strings.Fields(line)
		for d, rep := range f[1:] {
			code := f[0] + strconv.Itoa(d+1)
			if rep == "-" {
				rep = code
			}
			m[code] = rep
		}
	}
	return m
}()

// Published is what the tables say of a code, through its representative.
type Published struct {
	Rep       string // the representative (the code itself for a representative)
	Preperiod int
	Period    int
	Unsolved  bool
	Shifted   bool // Preperiod counts heaps Shift(Rep) tokens smaller
	Source    string
}

// Lookup returns the published result for an octal code written "0.xyz"
// (or ".xyz"), if the tables cover it.
func Lookup(code string) (Published, bool) {
	c := strings.TrimPrefix(code, "0")
	rep, ok := representatives[c]
	if !ok {
		return Published{}, false
	}
	p, ok := publishedReps[rep]
	if !ok {
		return Published{}, false
	}
	return Published{Rep: rep, Preperiod: p.preperiod, Period: p.period, Unsolved: p.unsolved, Shifted: p.shifted, Source: p.source}, true
}
