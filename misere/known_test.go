package misere

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/octaltest"
)

// TestGenusNimHeaps checks the genus of nim heaps and of their sums (tame
// games) against the closed forms of Winning Ways ch. 13: 0 = 0^120,
// * = 1^031, *n = n^(n, n⊕2) for n ≥ 2; a sum of heaps of size 0 and 1
// has the genus of 0 or *, by parity; any other sum of nim heaps, of nim
// sum a, has genus a^(a, a⊕2) (Bouton's misère rule).
func TestGenusNimHeaps(t *testing.T) {
	s := NewStore(0)
	want := func(heaps []int) string {
		a, big := 0, false
		for _, h := range heaps {
			a ^= h
			big = big || h >= 2
		}
		switch {
		case !big && a == 0:
			return "0^120"
		case !big:
			return "1^031"
		}
		return Genus{Normal: impartial.Nimber(a), Seq: []impartial.Nimber{impartial.Nimber(a), impartial.Nimber(a ^ 2)}}.String()
	}
	var sums [][]int
	for n := 0; n <= 12; n++ {
		sums = append(sums, []int{n})
	}
	for a := 0; a <= 5; a++ {
		for b := 0; b <= a; b++ {
			sums = append(sums, []int{a, b}, []int{a, b, 1}, []int{a, b, 2, 3})
		}
	}
	for _, heaps := range sums {
		f := s.Zero()
		for _, h := range heaps {
			n, err := s.Nim(h)
			if err != nil {
				t.Fatal(err)
			}
			if f, err = s.Add(f, n); err != nil {
				t.Fatal(err)
			}
		}
		g := f.Genus()
		if g.String() != want(heaps) || !g.Tame() {
			t.Errorf("nim heaps %v: genus %v (tame %v), want %s", heaps, g, g.Tame(), want(heaps))
		}
	}
}

// TestFormsCGSuite checks forms against CGSuite's known answers
// (aaron-siegel/cgsuite, lib/core/src/test/scala/org/cgsuite/lang/
// MisereCanonicalGameTestCase.scala). CGSuite writes *[[2],0] for {2#, 0},
// and abbreviates genus superscripts: its 0^0, 1^1, 1^2 are 0^02, 1^13,
// 1^20 here (the sequences g0, g1, … are the same).
func TestFormsCGSuite(t *testing.T) {
	s := NewStore(0)
	nim := func(n int) Form {
		f, err := s.Nim(n)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	opts := func(fs ...Form) Form {
		f, err := s.New(fs...)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	add := func(a, b Form) Form {
		f, err := s.Add(a, b)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	two := nim(2)
	twoSharp := opts(two)
	tests := []struct {
		in       string // CGSuite's input
		f        Form
		form     string
		genus    string
		outcome  impartial.Outcome
		misere   impartial.Nimber
		normal   impartial.Nimber
		birthday int
	}{
		{"*[0]", nim(0), "0", "0^120", impartial.N, 1, 0, 0},
		{"*[1]", nim(1), "*", "1^031", impartial.P, 0, 1, 1},
		{"*[2]", two, "*2", "2^20", impartial.N, 2, 2, 2},
		{"*[[2]]", twoSharp, "*2#", "0^02", impartial.P, 0, 0, 3},
		{"*[[[2]]]", opts(twoSharp), "*2##", "1^13", impartial.N, 1, 1, 4},
		{"*[2]+*[2]", add(two, two), "*(3,2)", "0^02", impartial.P, 0, 0, 4},
		{"*[[2],0]", opts(twoSharp, nim(0)), "*(2#,0)", "1^20", impartial.N, 2, 1, 4},
		{"*[[2],1]", opts(twoSharp, nim(1)), "*(2#,1)", "2^1420", impartial.N, 1, 2, 4},
		{"*[[*[4]+*[2]]]", opts(add(nim(4), two)), "", "0^02", impartial.P, 0, 0, 7},
	}
	for _, tc := range tests {
		if tc.form != "" && tc.f.String() != tc.form {
			t.Errorf("%s: form %v, want %s", tc.in, tc.f, tc.form)
		}
		if g := tc.f.Genus().String(); g != tc.genus {
			t.Errorf("%s = %v: genus %s, want %s", tc.in, tc.f, g, tc.genus)
		}
		if tc.f.Outcome() != tc.outcome || tc.f.MisereValue() != tc.misere || tc.f.NormalValue() != tc.normal || tc.f.Birthday() != tc.birthday {
			t.Errorf("%s = %v: outcome %v, G- %d, G+ %d, birthday %d; want %v, %d, %d, %d", tc.in, tc.f,
				tc.f.Outcome(), tc.f.MisereValue(), tc.f.NormalValue(), tc.f.Birthday(), tc.outcome, tc.misere, tc.normal, tc.birthday)
		}
	}
	// CGSuite: *[[*[4]+*[2]]] has the single option *[4[2]] = *4+*2.
	if o := tests[len(tests)-1].f.Options(); len(o) != 1 || !o[0].Equal(add(nim(4), two)) {
		t.Errorf("*[[*[4]+*[2]]] has options %v", o)
	}
}

// TestPlambeck312 checks the misère forms and genera of the heaps of the
// octal game .312 against T. E. Plambeck's analysis
// (http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/0312/index.htm):
// heaps 1..13 are 1, 2, 2+, g0={2+,1}, 2+, 2++, g1={g0,2++}, 2++, 2+++,
// g2={g1,2+++}, 2+++, 2++++, g3={g2,2++++} (x+ is the game whose only
// option is x, x# here); heaps 1..6 have genus 1^{03131}, 2^{20}, 0^{02},
// 2^{1420}, 0^{02}, 1^{13}; and heap 4 + heap 4 has genus 0^{1202}.
func TestPlambeck312(t *testing.T) {
	ctx := context.Background()
	c := NewCalculator[octaltest.Heaps](octaltest.Engine{Game: mustCode(t, "0.312")}, impartial.Settings{})
	s := c.Store()
	one, _ := s.Nim(1)
	two, _ := s.Nim(2)
	plus := func(x Form, k int) Form {
		for range k {
			x, _ = s.New(x)
		}
		return x
	}
	g0, _ := s.New(plus(two, 1), one)
	g1, _ := s.New(g0, plus(two, 2))
	g2, _ := s.New(g1, plus(two, 3))
	g3, _ := s.New(g2, plus(two, 4))
	want := []Form{one, two, plus(two, 1), g0, plus(two, 1), plus(two, 2), g1, plus(two, 2), plus(two, 3), g2, plus(two, 3), plus(two, 4), g3}
	genus := []string{"1^031", "2^20", "0^02", "2^1420", "0^02", "1^13"}
	for h := 1; h <= 13; h++ {
		f, err := c.Form(ctx, octaltest.Heaps{int32(h)})
		if err != nil {
			t.Fatal(err)
		}
		if !f.Equal(want[h-1]) {
			t.Errorf("heap %d: form %v, want %v", h, f, want[h-1])
		}
		if h <= len(genus) && f.Genus().String() != genus[h-1] {
			t.Errorf("heap %d: genus %v, want %s", h, f.Genus(), genus[h-1])
		}
	}
	aa, err := c.Form(ctx, octaltest.Heaps{4}, octaltest.Heaps{4})
	if err != nil {
		t.Fatal(err)
	}
	if g := aa.Genus(); !slices.Equal(g.Seq, []impartial.Nimber{1, 2, 0}) || g.Normal != 0 {
		t.Errorf("heap 4 + heap 4: genus %v, want 0^{1202}", g)
	}
}

// TestQuaternaryNimHeaps checks Plambeck's census of quaternary games (code
// digits 0–3: no heap is split): "the only two-digit quaternary that does
// not contain only nim-positions is the game .31" (Winning Ways), and all
// three-digit quaternaries "have only misère nim-heaps as values, except
// for the seven Woolly Mammoths .121, .123, .131, .201, .211, .312 and
// .331" (http://www.plambeck.org/oldhtml/mathematics/games/misere/quaternary/index.htm).
// Checked for the heaps up to 40: the others are nim heaps there, and each
// exception has a heap that is not.
func TestQuaternaryNimHeaps(t *testing.T) {
	ctx := context.Background()
	exceptions := map[string]bool{"0.31": true, "0.121": true, "0.123": true, "0.131": true, "0.201": true, "0.211": true, "0.312": true, "0.331": true}
	var codes []string
	for a := 0; a < 4; a++ {
		for b := 1; b < 4; b++ {
			codes = append(codes, fmt.Sprintf("0.%d%d", a, b))
			for c := 1; c < 4; c++ {
				codes = append(codes, fmt.Sprintf("0.%d%d%d", a, b, c))
			}
		}
	}
	for _, code := range codes {
		c := NewCalculator[octaltest.Heaps](octaltest.Engine{Game: mustCode(t, code)}, impartial.Settings{})
		allNim := true
		for h := 1; h <= 40 && allNim; h++ {
			f, err := c.Form(ctx, octaltest.Heaps{int32(h)})
			if err != nil {
				t.Fatal(err)
			}
			_, allNim = f.NimHeap()
		}
		if allNim == exceptions[code] {
			t.Errorf("%s: only nim heaps to heap 40: %v", code, allNim)
		}
	}
}

// TestMisereNimQuotients checks the quotients of misère Nim. By Bouton's
// rule (C. L. Bouton, Annals of Math. 3 (1902)) a sum of heaps is a misère
// P-position when all heaps are 0 or 1 and their number is odd, or some
// heap is larger and the nim sum is 0; so with heaps of at most n tokens,
// 2^k ≤ n < 2^(k+1), two sums are told apart exactly by their nim sum
// (2^(k+1) values) when they have a heap of 2 or more, and by their parity
// otherwise: 2^(k+1) + 2 classes, with P-portion {a, b²} of two elements
// (Plambeck–Siegel's tame quotients: ⟨a | a² = 1⟩, ⟨a, b | a² = 1, b³ = b⟩, …).
func TestMisereNimQuotients(t *testing.T) {
	ctx := context.Background()
	q, err := Compute(ctx, HeapGame(games.Nim{}), 1, Settings{})
	if err != nil || q.Size() != 2 || q.String() != "⟨a | a^2 = 1⟩, P = {a}" {
		t.Fatalf("heaps ≤ 1: %v %v", q, err)
	}
	for n := 2; n <= 20; n++ {
		q, err := Compute(ctx, HeapGame(games.Nim{}), n, Settings{})
		if err != nil {
			t.Fatal(err)
		}
		k := 1
		for 1<<(k+1) <= n {
			k++
		}
		if q.Size() != 1<<(k+1)+2 || q.PSize() != 2 {
			t.Errorf("heaps ≤ %d: size %d, P %d, want %d, 2", n, q.Size(), q.PSize(), 1<<(k+1)+2)
		}
	}
	q, _ = Compute(ctx, HeapGame(games.Nim{}), 3, Settings{})
	if got := q.String(); got != "⟨a, b | a^2 = 1, b^3 = b⟩, P = {a, b^2}" {
		t.Errorf("heaps ≤ 3: %s", got)
	}
}

// isomorphic reports whether two quotients are isomorphic as bipartite
// monoids: a bijection fixing the identity, preserving products and the
// P-portion (brute force, for small quotients).
func isomorphic(a, b *Quotient) bool {
	n := a.Size()
	if n != b.Size() || a.PSize() != b.PSize() {
		return false
	}
	perm := make([]int, n)
	used := make([]bool, n)
	var try func(i int) bool
	try = func(i int) bool {
		if i == n {
			for x := 0; x < n; x++ {
				for y := 0; y < n; y++ {
					if perm[a.Mul(x, y)] != b.Mul(perm[x], perm[y]) {
						return false
					}
				}
			}
			return true
		}
		for j := 0; j < n; j++ {
			if used[j] || (i == 0) != (j == 0) || a.IsP(i) != b.IsP(j) {
				continue
			}
			used[j], perm[i] = true, j
			if try(i + 1) {
				return true
			}
			used[j] = false
		}
		return false
	}
	return try(0)
}

// TestOrderEight checks the structure theory on the quotients found: every
// misère quotient has even order (Plambeck–Siegel 2008), except the trivial
// quotient of the game 0 alone; there is exactly
// one quotient of order 8 (A. N. Siegel, The structure and classification
// of misère quotients, arXiv math/0703070), so the order-8 quotients of
// 0.75 and 0.512 are isomorphic; a finite quotient with |P| = 2 has order
// 2^n + 2 or 2^n + 4 (same paper).
func TestOrderEight(t *testing.T) {
	ctx := context.Background()
	q75, err := Compute(ctx, Octal(mustCode(t, "0.75")), 30, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if q75.Size() != 8 || q75.Status() != Proved {
		t.Fatalf("0.75: size %d, status %s", q75.Size(), q75.Status())
	}
	q512, err := Compute(ctx, Octal(mustCode(t, "0.512")), 30, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if !isomorphic(q75, q512) {
		t.Errorf("0.75 %v and 0.512 %v: order 8, not isomorphic", q75, q512)
	}
	if isomorphic(q75, mustQuotient(t, HeapGame(games.Nim{}), 4)) {
		t.Error("R8 is isomorphic to a quotient of misère Nim")
	}
	for d1 := 0; d1 < 8; d1++ {
		for d2 := 0; d2 < 8; d2++ {
			code := fmt.Sprintf("0.%d%d", d1, d2)
			q, err := Compute(ctx, Octal(mustCode(t, code)), 14, Settings{MaxSize: 256})
			if err != nil {
				continue
			}
			if q.Size() > 1 && q.Size()%2 != 0 { // order 1: no heap has a move
				t.Errorf("%s: quotient of odd order %d", code, q.Size())
			}
			if q.PSize() == 2 {
				ok := false
				for n := 0; 1<<n <= q.Size(); n++ {
					ok = ok || q.Size() == 1<<n+2 || q.Size() == 1<<n+4
				}
				if !ok {
					t.Errorf("%s: |P| = 2 and order %d, not 2^n+2 or 2^n+4", code, q.Size())
				}
			}
		}
	}
}

func mustQuotient(t *testing.T, r HeapRules, n int) *Quotient {
	q, err := Compute(context.Background(), r, n, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestDawsonKaylesQ30 checks A. N. Siegel's published order of the misère
// quotient of Dawson's Kayles for the heaps 0..30: "Q_30(0.07) has size
// 360" ("Some MisereSolver questions answered", miseregames.wordpress.com,
// 28 August 2007); MisereSolver built from its source (BENCHMARKS.md)
// gives 144 at heaps 25–26, 176 at 27–29 and 360 (P-portion 65) at 30, as
// here. Heaps 31–33 (520, 552, 638) are grundy's alone, pinned so that a
// change shows.
func TestDawsonKaylesQ30(t *testing.T) {
	if testing.Short() {
		t.Skip("a quotient of 638 elements")
	}
	want := map[int]int{25: 144, 26: 144, 27: 176, 28: 176, 29: 176, 30: 360, 31: 520, 32: 552, 33: 638}
	_, err := Compute(context.Background(), Octal(mustCode(t, "0.07")), 33, Settings{Progress: func(h, size, _ int) {
		if w, ok := want[h]; ok && size != w {
			t.Errorf("Q_%d(0.07) has %d elements, want %d", h, size, w)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
}
