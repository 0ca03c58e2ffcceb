package catalog_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/impartial"
)

// bruteRemoteness decides the outcome and remoteness of every state of a
// finite game graph by depth-bounded minimax, from the definitions: W(d)
// holds when the player to move can force a win within d moves, L(d) when
// the player to move loses within d moves whatever they do:
//
//	W(0) = false, L(0) = no moves;
//	W(d) = some option has L(d-1), L(d) = every option has W(d-1).
//
// A win in r moves is the least d with W(d), a loss the least d with L(d)
// (the winner hurries, the loser delays); a state with neither for every d up
// to 2n+2 is a draw (remoteness -1).
func bruteRemoteness(n int, succ func(int) []int) ([]impartial.Outcome, []int) {
	out := make([]impartial.Outcome, n)
	rem := make([]int, n)
	w, l := make([]bool, n), make([]bool, n)
	for u := range n {
		rem[u] = -1
		if len(succ(u)) == 0 {
			l[u], out[u], rem[u] = true, impartial.P, 0
		}
	}
	for d := 1; d <= 2*n+2; d++ {
		nw, nl := make([]bool, n), make([]bool, n)
		for u := range n {
			all := true
			for _, v := range succ(u) {
				nw[u] = nw[u] || l[v]
				all = all && w[v]
			}
			nl[u] = all
			if out[u] == 0 && nw[u] {
				out[u], rem[u] = impartial.N, d
			}
			if out[u] == 0 && nl[u] {
				out[u], rem[u] = impartial.P, d
			}
		}
		w, l = nw, nl
	}
	for u := range out {
		if out[u] == 0 {
			out[u] = impartial.Draw
		}
	}
	return out, rem
}

// replyChecker checks catalog.Game.Reply on the positions of a game whose graph
// the test knows: each state has a position string, and parse reads a
// position back into its state.
type replyChecker struct {
	t     *testing.T
	g     *catalog.Game
	name  func(state int) string
	parse func(position string) int
	succ  func(state int) []int
	n     int
	sharp int // positions where the first legal move is not the perfect one
	// lost positions where the first legal move is not the longest loss
	sharpLoss int
	counts    map[impartial.Outcome]int
}

// check checks that Reply from every state is legal and perfect by the
// remoteness rule: the quickest win, a move keeping a draw, the longest loss.
func (c *replyChecker) check() {
	t := c.t
	t.Helper()
	outs, rems := bruteRemoteness(c.n, c.succ)
	if c.counts == nil {
		c.counts = map[impartial.Outcome]int{}
	}
	for x := range c.n {
		pos := c.name(x)
		m, ok, err := c.g.Reply(ctx, pos, catalog.Options{})
		if err != nil {
			t.Fatalf("%s: Reply(%s): %v", c.g.Info().Spec, pos, err)
		}
		if len(c.succ(x)) == 0 {
			if ok {
				t.Fatalf("%s: Reply(%s) = %+v from a position without moves", c.g.Info().Spec, pos, m)
			}
			continue
		}
		y := c.parse(m.To)
		if !ok || !slices.Contains(c.succ(x), y) {
			t.Fatalf("%s: Reply(%s) = %+v, %v: not a legal move", c.g.Info().Spec, pos, m, ok)
		}
		// The perfect target: the best outcome, then the best remoteness.
		best := -1
		for _, v := range c.succ(x) {
			if best < 0 || better(outs[v], rems[v], outs[best], rems[best]) {
				best = v
			}
		}
		if outs[y] != outs[best] || rems[y] != rems[best] {
			t.Fatalf("%s: from %s (%v in %d) Reply moves to %s (%v in %d); the perfect move is to %s (%v in %d)",
				c.g.Info().Spec, pos, outs[x], rems[x], m.To, outs[y], rems[y], c.name(best), outs[best], rems[best])
		}
		if outs[x] != impartial.Draw && rems[y] != rems[x]-1 {
			t.Fatalf("%s: from %s (%v in %d) Reply moves to %s (in %d)", c.g.Info().Spec, pos, outs[x], rems[x], m.To, rems[y])
		}
		c.counts[outs[x]]++
		moves, err := c.g.Moves(ctx, pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if f := c.parse(moves[0].To); outs[f] != outs[y] || rems[f] != rems[y] {
			c.sharp++
			if outs[x] == impartial.P {
				c.sharpLoss++
			}
		}
	}
}

// better says whether a move to a position of outcome o in r moves is better
// for the player making it than one to o2 in r2: a win (P) before a draw
// before a loss (N); a quicker win; a slower loss.
func better(o impartial.Outcome, r int, o2 impartial.Outcome, r2 int) bool {
	rank := map[impartial.Outcome]int{impartial.P: 0, impartial.Draw: 1, impartial.N: 2}
	switch {
	case rank[o] != rank[o2]:
		return rank[o] < rank[o2]
	case o == impartial.P:
		return r < r2
	case o == impartial.N:
		return r > r2
	}
	return false
}

// graphRules writes a Starlark rule file for the game of a token on the
// directed graph g (vertices 0..len(g)-1).
func graphRules(g [][]int, loopy string) string {
	var b strings.Builder
	b.WriteString(loopy + "\nEDGES = {\n")
	for u, vs := range g {
		fmt.Fprintf(&b, "    %d: %s,\n", u, strings.ReplaceAll(fmt.Sprint(vs), " ", ", "))
	}
	b.WriteString("}\n\ndef moves(v):\n    return EDGES[v]\n")
	return b.String()
}

// pairChecker checks a game on the sums a + b of two tokens on the graph g,
// written "a + b" (or "a b" for heap games), against the graph of the sum.
func pairChecker(t *testing.T, g *catalog.Game, succ func(int) []int, n int, sep string) *replyChecker {
	return &replyChecker{
		t: t, g: g, n: n * n,
		name: func(x int) string { return fmt.Sprintf("%d%s%d", x/n, sep, x%n) },
		parse: func(s string) int {
			a, b, ok := strings.Cut(s, sep)
			if !ok || atoi(a) < 0 || atoi(b) < 0 {
				return -1
			}
			return atoi(a)*n + atoi(b)
		},
		succ: func(x int) []int {
			var out []int
			a, b := x/n, x%n
			for _, v := range succ(a) {
				out = append(out, v*n+b)
			}
			for _, v := range succ(b) {
				out = append(out, a*n+v)
			}
			return out
		},
	}
}

func singleChecker(t *testing.T, g *catalog.Game, succ func(int) []int, n int) *replyChecker {
	return &replyChecker{t: t, g: g, n: n, succ: succ, name: strconv.Itoa, parse: atoi}
}

// atoi reads a vertex or heap number; -1 (no state) if s is not one.
func atoi(s string) int {
	u, err := strconv.Atoi(s)
	if err != nil || u < 0 {
		return -1
	}
	return u
}

// TestReplyRandomLoopyGraphs: on random graphs written as Starlark rule
// files (loopy = True, or undeclared so that a cycle switches to loopy
// analysis), Reply plays perfectly by the remoteness rule from every vertex
// and every sum of two vertices, against brute-force minimax.
func TestReplyRandomLoopyGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 3))
	counts := map[impartial.Outcome]int{}
	sharp := 0
	for trial := range 80 {
		n := 2 + r.IntN(5)
		g := make([][]int, n)
		for u := range g {
			g[u] = []int{}
			for v := range n {
				if r.Float64() < []float64{0.15, 0.25}[trial/2%2] {
					g[u] = append(g[u], v)
				}
			}
		}
		decl := []string{"loopy = True", "# loopy not declared"}[trial%2]
		game := mustParse(t, writeRules(t, graphRules(g, decl)))
		succ := func(u int) []int { return g[u] }
		for _, c := range []*replyChecker{singleChecker(t, game, succ, n), pairChecker(t, game, succ, n, " + ")} {
			c.check()
			for o, k := range c.counts {
				counts[o] += k
			}
			sharp += c.sharpLoss
		}
	}
	// The graphs must have produced wins, draws and losses, and losses where
	// the first legal move is not the longest.
	if counts[impartial.N] == 0 || counts[impartial.P] == 0 || counts[impartial.Draw] == 0 || sharp == 0 {
		t.Errorf("positions checked by outcome %v, losses where the first legal move is not the longest: %d", counts, sharp)
	}
	t.Logf("positions checked by outcome %v, losses where the first legal move is not the longest: %d", counts, sharp)
}

// TestReplyLoopyExamples: the loopy examples draw.star and loopy.star, single
// positions and sums of two, against brute force on the graphs their
// comments describe.
func TestReplyLoopyExamples(t *testing.T) {
	// draw.star: 0 → 1, 1 → 2, 2 → 0 and end, 3 → 3 and 1, 4 → 4 and 0;
	// the test numbers end 5.
	edges := [][]int{{1}, {2}, {0, 5}, {3, 1}, {4, 0}, {}}
	draw := mustParse(t, example("draw.star"))
	name := func(u int) string {
		if u == 5 {
			return "end"
		}
		return strconv.Itoa(u)
	}
	parse := func(s string) int {
		if s == "end" {
			return 5
		}
		return atoi(s)
	}
	c := &replyChecker{t: t, g: draw, n: 6, succ: func(u int) []int { return edges[u] }, name: name, parse: parse}
	c.check()
	pc := pairChecker(t, draw, c.succ, 6, " + ")
	pc.name = func(x int) string { return name(x/6) + " + " + name(x%6) }
	pc.parse = func(s string) int {
		a, b, _ := strings.Cut(s, " + ")
		if parse(a) < 0 || parse(b) < 0 {
			return -1
		}
		return parse(a)*6 + parse(b)
	}
	pc.check()
	if pc.sharp == 0 {
		t.Errorf("draw.star sums: the first legal move was always perfect; the test proves nothing")
	}

	// loopy.star: take 1 or 2, or add 1 to a heap of 4 or 5. Heaps above 6
	// only move down, so heaps 0..9 are closed under moves.
	const heaps = 10
	succ := func(n int) []int {
		var out []int
		for _, k := range []int{1, 2} {
			if k <= n {
				out = append(out, n-k)
			}
		}
		if n == 4 || n == 5 {
			out = append(out, n+1)
		}
		return out
	}
	loopy := mustParse(t, example("loopy.star"))
	singleChecker(t, loopy, succ, heaps).check()
	lc := pairChecker(t, loopy, succ, heaps, " ")
	lc.check()
	if lc.sharp == 0 {
		t.Errorf("loopy.star sums: the first legal move was always perfect; the test proves nothing")
	}
}

// TestReplyAcyclicStarlark: an acyclic Starlark game (subtract.star, not
// declared loopy) is played by the remoteness rule too, and so is a game
// whose moves split a position into components (Kayles): the reply from a
// won row is a winning move of least remoteness, from a lost row one of
// greatest, by brute force over multisets of rows.
func TestReplyAcyclicStarlark(t *testing.T) {
	const heaps = 15
	succ := func(n int) []int {
		var out []int
		for _, k := range []int{1, 3, 4} {
			if k <= n {
				out = append(out, n-k)
			}
		}
		return out
	}
	sub := mustParse(t, example("subtract.star"))
	sc := singleChecker(t, sub, succ, heaps)
	sc.check()
	pc := pairChecker(t, sub, succ, heaps, " ")
	pc.check()
	if sc.sharp+pc.sharp == 0 {
		t.Errorf("subtract.star: the first legal move was always perfect; the test proves nothing")
	}

	// Kayles-like: knock down 1 or 2 adjacent pins of a row, which may split
	// it in two. Positions are rows (heap sizes); components splits a tuple.
	split := mustParse(t, writeRules(t, `
heap = True
def moves(n):
    out = []
    for k in [1, 2]:
        for a in range(0, n - k + 1):
            b = n - k - a
            if a <= b:
                out.append((a, b))
    return out
def components(p):
    if type(p) == "tuple":
        return [x for x in p if x > 0]
    return [p]
`))
	sharp := 0
	memo := map[string][2]int{}
	for n := range 12 {
		pos := strconv.Itoa(n)
		res, err := split.Solve(ctx, pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m, ok, err := split.Reply(ctx, pos, catalog.Options{})
		if err != nil || ok != (n > 0) {
			t.Fatalf("Kayles %d: Reply = %+v %v %v", n, m, ok, err)
		}
		if !ok {
			continue
		}
		var rows []int
		for _, f := range strings.Fields(m.To) {
			if x, _ := strconv.Atoi(f); x > 0 {
				rows = append(rows, x)
			}
		}
		win, rem := kaylesRemoteness(memo, rows)
		best, bestRem := -1, 0
		for _, opt := range kaylesOptions([]int{n}) {
			w, r := kaylesRemoteness(memo, opt)
			switch {
			case res.Outcome == impartial.N && !w && (best < 0 || r < bestRem):
				best, bestRem = 1, r
			case res.Outcome == impartial.P && (best < 0 || r > bestRem):
				best, bestRem = 1, r
			}
		}
		if (res.Outcome == impartial.N) == win || rem != bestRem {
			t.Errorf("Kayles %d: Reply = %+v (remoteness %d, the mover wins %v), want the remoteness rule's %d", n, m, rem, win, bestRem)
		}
		if res.Outcome == impartial.N && m != res.WinningMoves[0] {
			sharp++
		}
	}
	if sharp == 0 {
		t.Errorf("Kayles: the first winning move was always the quickest; the test proves nothing")
	}
}

// kaylesOptions lists the positions (sorted rows) one Kayles move from rows.
func kaylesOptions(rows []int) [][]int {
	var out [][]int
	for i, n := range rows {
		for k := 1; k <= 2; k++ {
			for a := 0; a+k <= n; a++ {
				next := append(slices.Clone(rows[:i]), rows[i+1:]...)
				for _, x := range []int{a, n - k - a} {
					if x > 0 {
						next = append(next, x)
					}
				}
				slices.Sort(next)
				out = append(out, next)
			}
		}
	}
	return out
}

// kaylesRemoteness says, by brute force, whether the player to move wins
// the Kayles rows and in how many moves (Winning Ways, ch. 9).
func kaylesRemoteness(memo map[string][2]int, rows []int) (win bool, rem int) {
	key := fmt.Sprint(rows)
	if r, ok := memo[key]; ok {
		return r[0] == 1, r[1]
	}
	defer func() {
		w := 0
		if win {
			w = 1
		}
		memo[key] = [2]int{w, rem}
	}()
	return kaylesSearch(memo, rows)
}

func kaylesSearch(memo map[string][2]int, rows []int) (bool, int) {
	win, lose := -1, -1
	for _, q := range kaylesOptions(rows) {
		w, r := kaylesRemoteness(memo, q)
		if !w && (win < 0 || r < win) {
			win = r
		}
		if w && r > lose {
			lose = r
		}
	}
	switch {
	case win >= 0:
		return true, win + 1
	case lose >= 0:
		return false, lose + 1
	}
	return false, 0
}

// TestReplyCatalogGames: the catalog's engine games (Nim, subtraction
// games, Wythoff, …) reply by remoteness too on small positions. The graph
// of each position is explored through Game.Moves, position strings and all,
// and Reply from every position in it is checked against brute-force
// minimax.
func TestReplyCatalogGames(t *testing.T) {
	sharp, losses := 0, 0
	for _, c := range []struct{ spec, pos string }{
		{"nim", "3 4 5"},
		{"subtract:1,3,4", "9 11"},
		{"subtract:pow2", "13"},
		{"take-range:2,3", "8 9"},
		{"multiply:2-9,162", "1"},
		{"northcott", "1 4; 3 6"},
		{"nimble", "2 3 4"},
		{"staircase", "3 1 2"},
		{"climbing-hill:2", "1 2 4"},
		{"moore:2", "1 2 3"},
		{"wythoff", "4 7"},
		{"fibonacci-nim", "14"},
	} {
		g := mustParse(t, c.spec)
		root, err := g.Canonical(context.Background(), c.pos)
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]int{root: 0}
		names := []string{root}
		var succ [][]int
		for x := 0; x < len(names); x++ {
			moves, err := g.Moves(ctx, names[x], catalog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out []int
			for _, m := range moves {
				id, ok := ids[m.To]
				if !ok {
					id = len(names)
					ids[m.To] = id
					names = append(names, m.To)
				}
				out = append(out, id)
			}
			succ = append(succ, out)
			if len(names) > 2000 {
				t.Fatalf("%s %s: more than 2000 positions; choose a smaller one", c.spec, c.pos)
			}
		}
		rc := &replyChecker{t: t, g: g, n: len(names), succ: func(x int) []int { return succ[x] },
			name: func(x int) string { return names[x] },
			parse: func(s string) int {
				if id, ok := ids[s]; ok {
					return id
				}
				return -1
			}}
		rc.check()
		sharp += rc.sharp
		losses += rc.sharpLoss
	}
	if sharp == 0 || losses == 0 {
		t.Errorf("the first legal move was perfect in all but %d positions (%d lost): the test proves little", sharp, losses)
	}
	t.Logf("positions where the first legal move is not perfect: %d (%d lost)", sharp, losses)
}

// TestReplyLargePositions: positions too large to explore fall back to the
// first winning move Solve lists (and to the closed forms it uses), quickly.
func TestReplyLargePositions(t *testing.T) {
	for _, c := range []struct{ spec, pos string }{
		{"nim", "1000000 999999 5"},
		{"subtract:1,3,4", "1000000000000"},
		{"wythoff", "1000000 1000001"},
		{"nim", "60000"},
	} {
		g := mustParse(t, c.spec)
		m, ok, err := g.Reply(ctx, c.pos, catalog.Options{})
		if err != nil || !ok {
			t.Fatalf("%s %s: Reply = %+v %v %v", c.spec, c.pos, m, ok, err)
		}
		res, err := g.Solve(ctx, c.pos, catalog.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome == impartial.N && (len(res.WinningMoves) == 0 || m != res.WinningMoves[0]) {
			t.Errorf("%s %s: Reply = %+v, want the first winning move of %+v", c.spec, c.pos, m, res.WinningMoves[:min(3, len(res.WinningMoves))])
		}
	}
}
