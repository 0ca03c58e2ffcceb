package bridge

import (
	"context"
	"testing"
)

func u8(seq []int) []uint8 {
	out := make([]uint8, len(seq))
	for i, v := range seq {
		out[i] = uint8(v)
	}
	return out
}

func TestCountMatchesEnumeration(t *testing.T) {
	c, err := NewCounter(DefaultModulus)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		tl, err := Enumerate(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for i, want := range tl.Counts {
			seq := tl.Sequence(i)
			if got := c.Count(u8(seq)); got != want {
				bad++
				if bad < 20 {
					t.Errorf("n = %d, seq %v: Count = %d, enumeration = %d", n, seq, got, want)
				}
			}
		}
	}
}
