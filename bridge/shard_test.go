package bridge

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// shardTotal sums the rotated tallies of all shards of one depth.
func shardTotal(t *testing.T, n, depth int) *Tally {
	t.Helper()
	shards, err := Shards(n, depth)
	if err != nil {
		t.Fatal(err)
	}
	sum := &Tally{N: n, Counts: make([]uint64, pow3(2*n))}
	for _, s := range shards {
		part, err := ShardTally(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		sum.Add(part)
	}
	return sum.Rotate()
}

// The shards, dealt with the characterization and rotated, give exactly the
// tally of the exhaustive minimax enumeration for n = 1, 2, 3.
func TestShardTallyMatchesEnumerate(t *testing.T) {
	for n := 1; n <= 3; n++ {
		var want *Tally
		var err error
		if n == 3 {
			want, err = tally3()
		} else {
			want, err = Enumerate(context.Background(), n)
		}
		if err != nil {
			t.Fatal(err)
		}
		for depth := range min(4, 4*n) {
			got := shardTotal(t, n, depth)
			if !slices.Equal(got.Counts, want.Counts) {
				for i := range got.Counts {
					if got.Counts[i] != want.Counts[i] {
						t.Errorf("n = %d, depth %d, sequence %v: shards %d, enumeration %d", n, depth, want.Sequence(i), got.Counts[i], want.Counts[i])
						break
					}
				}
			}
			if n == 3 && depth == 1 {
				break // one depth is enough for the 7-million-layout case
			}
		}
	}
}

// The walker's flat characterization is Deal.Sequence, on random deals and
// deals with long chains up to n = 4.
func TestShardIndexMatchesSequence(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 1; n <= MaxShardN; n++ {
		for range 3000 {
			d := randomDeal(r, n)
			if r.IntN(2) == 0 {
				d = chainDeal(r, n)
			}
			w := &shardWalker{n: n, b: 2 * n, top: 4 * n}
			for c := 1; c <= 4*n; c++ {
				w.holder[c] = int8(d.Holder(c) - 1)
			}
			w.pow3[2*n-1] = 1
			for i := 2*n - 2; i >= 0; i-- {
				w.pow3[i] = 3 * w.pow3[i+1]
			}
			tl := &Tally{N: n}
			if got, want := tl.Sequence(w.index()), d.Sequence(); !slices.Equal(got, want) {
				t.Fatalf("deal\n%swalker %v, Sequence %v", d, got, want)
			}
		}
	}
}

// Rotation: moving every hand r positions on moves the sequence r places
// on, complemented for odd r. Checked against exhaustive minimax, which
// knows nothing of the characterization.
func TestRotationSymmetry(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for n := 1; n <= 5; n++ {
		b := 2 * n
		for range 300 {
			d := randomDeal(r, n)
			seq := d.ExhaustiveSequence()
			rot := r.IntN(b)
			hands := make([][2]int, b)
			for p := range b {
				hands[(p+rot)%b] = d.Hand(p + 1)
			}
			e, err := NewDeal(hands)
			if err != nil {
				t.Fatal(err)
			}
			got := e.ExhaustiveSequence()
			for s, v := range seq {
				if rot%2 == 1 {
					v = 2 - v
				}
				if got[(s+rot)%b] != v {
					t.Fatalf("deal\n%srotated by %d: sequence %v, want %v moved and complemented", d, rot, got, seq)
				}
			}
		}
	}
}

// The shards of a depth hold (4n)!/2^(2n)/(2n) layouts together.
func TestShardsPartition(t *testing.T) {
	want := map[int]uint64{1: 3, 2: 630, 3: 1247400, 4: 10216206000}
	for n := 1; n <= 3; n++ {
		shards, err := Shards(n, 2)
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, s := range shards {
			tl, err := ShardTally(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range tl.Counts {
				sum += c
			}
		}
		if sum != want[n] {
			t.Errorf("n = %d: shards hold %d layouts, want %d", n, sum, want[n])
		}
	}
	if got := layouts(4).Uint64() / 8; got != want[4] {
		t.Errorf("n = 4: %d layouts with 4n at position 1, want %d", got, want[4])
	}
}

func TestShardErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ShardTally(ctx, Shard{N: 3}); err == nil {
		t.Error("ShardTally with a canceled context succeeded")
	}
	for _, s := range []Shard{{N: 0}, {N: 5}, {N: 2, Holders: []int{0, 0}}, {N: 2, Holders: []int{4}}, {N: 1, Holders: []int{1, 1, 0, 0}}} {
		if _, err := ShardTally(context.Background(), s); err == nil {
			t.Errorf("ShardTally(%v) succeeded", s)
		}
	}
	if _, err := Shards(5, 1); err == nil {
		t.Error("Shards(5, 1) succeeded")
	}
	if _, err := Shards(2, 8); err == nil {
		t.Error("Shards(2, 8) succeeded")
	}
}
