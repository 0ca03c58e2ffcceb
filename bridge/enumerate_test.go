package bridge

import (
	"context"
	"testing"
	"time"
)

func TestEnumerateSmall(t *testing.T) {
	for n, want := range map[int]uint64{1: 6, 2: 2520} {
		tl, err := Enumerate(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		var sum uint64
		for _, c := range tl.Counts {
			sum += c
		}
		if sum != want {
			t.Errorf("n = %d: %d layouts, want %d", n, sum, want)
		}
	}
}

func TestEnumerate3Time(t *testing.T) {
	start := time.Now()
	tl, err := Enumerate(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	var sum uint64
	for _, c := range tl.Counts {
		sum += c
	}
	t.Logf("n=3: %d layouts in %v", sum, time.Since(start))
}
