package misere

import (
	"context"
	"testing"
)

// A sum of small heaps is answered by the quotient of the heaps up to its
// largest, without waiting for a proof: Dawson's Kayles (0.07) is still
// growing at heap 34 (a candidate of 52470 elements), so Extend alone ran
// for minutes on `misere solve dawson-kayles 5 7`. Under a work bound a
// tenth of what heap 34 takes, the quotient to heap 9 is Computed and
// agrees with exhaustive search; Kayles (0.77), proved at heap 167, is
// proved when the largest heap lies beyond that.
func TestAnsweringStopsAtTheLargestHeap(t *testing.T) {
	ctx := context.Background()
	g := mustCode(t, "0.07")
	q, err := Answering(ctx, Octal(g), 9, Settings{MaxWork: 2_000_000})
	if err != nil {
		t.Fatalf("Answering(0.07, 9): %v", err)
	}
	if q.Status() != Computed || q.Heaps() != 9 {
		t.Fatalf("Answering(0.07, 9): %s to heap %d, want computed to heap 9", q.Status(), q.Heaps())
	}
	if n := bruteForce(t, "0.07", g, q, 9, 16); n == 0 {
		t.Fatal("no sum checked")
	}
	k, err := Answering(ctx, Octal(mustCode(t, "0.77")), 300, Settings{})
	if err != nil {
		t.Fatalf("Answering(0.77, 300): %v", err)
	}
	if k.Status() != Proved {
		t.Errorf("Answering(0.77, 300): %s, want proved", k.Status())
	}
}
