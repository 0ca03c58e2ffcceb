package octal

import (
	"errors"
	"testing"
)

// Tail mode gives the values of the full mode, holds only the prefix and
// the window, and stops with a *TailError (never a wrong value) when the
// window or the prefix is too small, or the game has no sparse space.
func TestTailEqualsFull(t *testing.T) {
	skipUnderRace(t)
	N := 150000
	if long {
		N = 300000
	}
	for _, code := range []string{".167", ".161", "4.07"} {
		g := mustCode(t, code)
		full := NewComputer(g, Auto)
		if err := full.Extend(ctx, N); err != nil {
			t.Fatal(err)
		}
		c := NewComputer(g, Auto)
		if err := c.SetTail(1<<16, 1<<16); err != nil {
			t.Fatal(err)
		}
		// In steps, reading the window as it slides (as StreamRange does).
		for to := 20000; ; to = min(to+20000, N) {
			if err := c.Extend(ctx, to); err != nil {
				t.Fatalf("%s: %v", code, err)
			}
			for n := max(0, to-19999); n <= to; n++ {
				if c.At(n) != full.At(n) {
					t.Fatalf("%s tail: G(%d) = %d, full %d", code, n, c.At(n), full.At(n))
				}
			}
			if to == N {
				break
			}
		}
		if st := c.Stats(); st.Held > 2<<16 || c.Held(1<<16+1000) {
			t.Errorf("%s: holds %d values (G(66536) held: %v)", code, st.Held, c.Held(1<<16+1000))
		}
		if got, want := checksumFreq(c), checksumFreq(full); got != want {
			t.Errorf("%s: frequencies differ", code)
		}
	}
	// A window too small: a clear error naming the value needed.
	c := NewComputer(mustCode(t, ".167"), Auto)
	c.SetTail(1024, 1024)
	var te *TailError
	if err := c.Extend(ctx, 100000); !errors.As(err, &te) || te.Needed < 0 || c.Held(te.Needed) {
		t.Errorf("small window: %v", err)
	}
	// No sparse space: stops at the end of the prefix.
	c = NewComputer(mustCode(t, ".007"), Auto)
	c.SetTail(4096, 4096)
	if err := c.Extend(ctx, 10000); !errors.As(err, &te) || c.Len() != 4096 {
		t.Errorf("plain game in tail mode: %v at %d", err, c.Len())
	}
	// Switching after the fact keeps the prefix and the window.
	c = NewComputer(mustCode(t, ".167"), Auto)
	c.Extend(ctx, 50000)
	if err := c.SetTail(8192, 8192); err != nil {
		t.Fatal(err)
	}
	ref := NewComputer(mustCode(t, ".167"), Auto)
	ref.Extend(ctx, 80000)
	if err := c.Extend(ctx, 80000); err != nil || c.At(80000) != ref.At(80000) || c.At(100) != ref.At(100) {
		t.Errorf("SetTail after 50000 values: %v", err)
	}
}

func checksumFreq(c *Computer) string {
	s := ""
	for _, f := range c.Frequencies() {
		s += string(rune(f%1000)) + ","
	}
	return s
}
