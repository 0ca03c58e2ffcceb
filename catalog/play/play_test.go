package play_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/catalog/play"
)

// nimP says whether the Nim position hs is a P-position: normal play by
// Bouton's theorem (nim-sum 0); misère play by Bouton's misère rule (every
// heap at most 1 and an odd number of them, or some heap above 1 and
// nim-sum 0). It is the truth Judge is checked against.
func nimP(hs []int, misere bool) bool {
	x, big := 0, false
	for _, h := range hs {
		x ^= h
		big = big || h > 1
	}
	if misere && !big {
		return x == 1
	}
	return x == 0
}

func parseHeaps(t *testing.T, s string) []int {
	var hs []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("position %q: %v", s, err)
		}
		hs = append(hs, n)
	}
	return hs
}

// TestJudgeNim judges every move of every Nim position of three heaps of at
// most 4, in normal and misère play, against Bouton's theorems: a move is a
// mistake exactly when the mover stood on an N-position and moved to one,
// the better move then leads to a P-position, and the mover is lost exactly
// on a P-position.
func TestJudgeNim(t *testing.T) {
	ctx := context.Background()
	g, err := families.Parse("nim")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, misere := range []bool{false, true} {
		for a := 0; a <= 4; a++ {
			for b := 0; b <= 4; b++ {
				for c := 0; c <= 4; c++ {
					pos := fmt.Sprintf("%d %d %d", a, b, c)
					before, ok := play.Analyze(ctx, g, pos, catalog.Options{Misere: misere})
					if !ok {
						t.Fatalf("%s: no analysis", pos)
					}
					fromP := nimP([]int{a, b, c}, misere)
					ms, err := g.Moves(ctx, pos, catalog.Options{})
					if err != nil {
						t.Fatal(err)
					}
					for _, m := range ms {
						v, ok := play.Judge(before, m.To)
						if !ok {
							t.Fatalf("%s → %s: not judged", pos, m.To)
						}
						toP := nimP(parseHeaps(t, m.To), misere)
						if want := !fromP && !toP; v.Mistake != want {
							t.Errorf("misère %v, %s → %s: mistake %v, want %v", misere, pos, m.To, v.Mistake, want)
						}
						if v.Mistake && !nimP(parseHeaps(t, v.Better.To), misere) {
							t.Errorf("misère %v, %s → %s: better move %s is not to a P-position", misere, pos, m.To, v.Better.To)
						}
						if v.Lost != fromP {
							t.Errorf("misère %v, %s → %s: lost %v, want %v", misere, pos, m.To, v.Lost, fromP)
						}
						if want := map[bool]string{true: "win", false: "lose"}[toP]; v.Chosen.Result != want {
							t.Errorf("misère %v, %s → %s: result %q, want %q", misere, pos, m.To, v.Chosen.Result, want)
						}
						checked++
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d moves judged", checked)
	}
}

// TestAnalyzeCutList: a list of options cut short by MaxListed may miss the
// better move, so Analyze gives no analysis to judge by.
func TestAnalyzeCutList(t *testing.T) {
	g, err := families.Parse("nim")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := play.Analyze(context.Background(), g, "3 4 5", catalog.Options{MaxListed: 2}); ok {
		t.Error("Analyze with 2 of 12 options listed: ok")
	}
	if res, ok := play.Analyze(context.Background(), g, "3 4 5", catalog.Options{}); !ok || len(res.Options) != 12 {
		t.Errorf("Analyze 3 4 5: ok %v, options %d, want 12", ok, len(res.Options))
	}
}
