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
	// The 4.xxx codes of TrivialGames.md as of commit 57e893a, whose
	// pre-periods count real heap sizes (its nimber strings start at heap
	// 0: 4.005 is 0012123…, prefix 31).
	for _, row := range strings.Fields(`
4.12:6:7 4.72:1:3 4.005:31:79 4.024:2:60 4.102:8:10 4.122:6:7 4.304:25:21 4.323:4:4
4.444:143:24 4.722:4:4 4.726:5:16 4.766:19:20`) {
		f := strings.Split(row, ":")
		n0, _ := strconv.Atoi(f[1])
		p, _ := strconv.Atoi(f[2])
		m[f[0]] = published{preperiod: n0, period: p, source: trivial}
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
.344 .346 .362 .364 .366 .371 .374 .404 .414 .416 .444 .454 .564 .604 .606 .744 .764 .774 .776
4.004 4.007 4.026 4.044 4.045 4.064 4.324 4.327 4.344 4.364 4.367 4.404 4.406`) {
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

// lookupRows4 is GameLookup.md for the codes 4.x, 4.xy and 4.xyz (commit
// 57e893a of github.com/tczajka/octal-games, 2018), in lookupRows' form;
// the code 4.0 is the game "4".
const lookupRows4 = `
4. .51 4 - .77 .51 .77 .75
4.0 4 .26 .26 4 4 .26 .26
4.1 .51 - 4.12 .51 .51 .57 .57
4.2 4 .26 .26 4 4 .26 .26
4.3 4.3 .332 .332 4.3 4.3 .332 .332
4.4 .77 .77 .77 .776 .776 .776 .776
4.5 .51 .57 .57 .51 .51 .57 .57
4.6 .77 .77 .77 .776 .776 .776 .776
4.7 .75 - 4.72 .75 .75 4.72 4.72
4.00 .71 4 .71 - - 4.004 -
4.01 .71 4 .71 4.004 4.005 4.004 4.007
4.02 .26 .26 .26 - 4.024 - 4.026
4.03 .26 .26 .26 4.024 4.024 4.026 4.026
4.04 .71 4 .71 - - 4.044 4.045
4.05 .71 4 .71 4.044 4.045 4.044 4.045
4.06 .26 .26 .26 - 4.064 4.064 4.064
4.07 .26 .26 .26 4.064 4.064 4.064 4.064
4.10 .51 - 4.102 .51 .51 .157 .157
4.11 .51 4.102 4.102 .51 .51 .157 .157
4.12 4.12 - 4.122 .57 .57 .536 .536
4.13 4.12 4.122 4.122 .57 .57 .536 .536
4.14 .51 .157 .157 .51 .51 .157 .157
4.15 .51 .157 .157 .51 .51 .157 .157
4.16 .57 .536 .536 .57 .57 .536 .536
4.17 .57 .536 .536 .57 .57 .536 .536
4.20 .71 4 .71 4.004 4.005 4.004 4.007
4.21 .71 4 .71 4.004 4.005 4.004 4.007
4.22 .26 .26 .26 4.024 4.024 4.026 4.026
4.23 .26 .26 .26 4.024 4.024 4.026 4.026
4.24 .71 4 .71 4.044 4.045 4.044 4.045
4.25 .71 4 .71 4.044 4.045 4.044 4.045
4.26 .26 .26 .26 4.064 4.064 4.064 4.064
4.27 .26 .26 .26 4.064 4.064 4.064 4.064
4.30 .353 4.3 .353 - .75 4.304 .75
4.31 .353 4.3 .353 4.304 .75 4.304 .75
4.32 4.72 .332 - - 4.72 4.324 -
4.33 4.72 .332 4.323 4.324 4.72 4.324 4.327
4.34 .353 4.3 .353 - .75 4.344 .75
4.35 .353 4.3 .353 4.344 .75 4.344 .75
4.36 4.72 .332 4.323 - 4.72 4.364 -
4.37 4.72 .332 4.323 4.364 4.72 4.364 4.367
4.40 .77 .772 .772 - 4.404 - 4.406
4.41 .77 .772 .772 4.404 4.404 4.406 4.406
4.42 .77 .772 .772 4.404 4.404 4.406 4.406
4.43 .77 .772 .772 4.404 4.404 4.406 4.406
4.44 .776 .776 .776 - 4.444 4.444 4.444
4.45 .776 .776 .776 4.444 4.444 4.444 4.444
4.46 .776 .776 .776 4.444 4.444 4.444 4.444
4.47 .776 .776 .776 4.444 4.444 4.444 4.444
4.50 .51 .157 .157 .51 .51 .157 .157
4.51 .51 .157 .157 .51 .51 .157 .157
4.52 .57 .536 .536 .57 .57 .536 .536
4.53 .57 .536 .536 .57 .57 .536 .536
4.54 .51 .157 .157 .51 .51 .157 .157
4.55 .51 .157 .157 .51 .51 .157 .157
4.56 .57 .536 .536 .57 .57 .536 .536
4.57 .57 .536 .536 .57 .57 .536 .536
4.60 .77 .772 .772 4.404 4.404 4.406 4.406
4.61 .77 .772 .772 4.404 4.404 4.406 4.406
4.62 .77 .772 .772 4.404 4.404 4.406 4.406
4.63 .77 .772 .772 4.404 4.404 4.406 4.406
4.64 .776 .776 .776 4.444 4.444 4.444 4.444
4.65 .776 .776 .776 4.444 4.444 4.444 4.444
4.66 .776 .776 .776 4.444 4.444 4.444 4.444
4.67 .776 .776 .776 4.444 4.444 4.444 4.444
4.70 .75 .75 .75 .75 .75 .75 .75
4.71 .75 .75 .75 .75 .75 .75 .75
4.72 4.72 - 4.722 4.72 4.72 - 4.726
4.73 4.72 4.722 4.722 4.72 4.72 4.726 4.726
4.74 .75 .75 .75 .75 .75 .75 .75
4.75 .75 .75 .75 .75 .75 .75 .75
4.76 4.72 4.722 4.722 4.72 4.72 - 4.766
4.77 4.72 4.722 4.722 4.72 4.72 4.766 4.766`

// representatives maps ".xyz" and "4.xyz" to its representative (itself
// included).
var representatives = func() map[string]string {
	m := map[string]string{"4.0": "4"}
	for _, line := range strings.Split(lookupRows+"\n"+lookupRows4, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
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
// (or ".xyz") or "4.xyz", if the tables cover it.
func Lookup(code string) (Published, bool) {
	c := code
	if strings.HasPrefix(c, "0.") {
		c = c[1:]
	}
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

// RepCode is the code of a representative as the tables write it: ".77"
// is 0.77, "4" is 4.0, "4.12" is itself.
func RepCode(rep string) string {
	switch {
	case strings.HasPrefix(rep, "."):
		return "0" + rep
	case !strings.Contains(rep, "."):
		return rep + ".0"
	}
	return rep
}
