package octal

import (
	"context"
	"errors"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// Stream prints on a goroutine of its own while it computes: the
// chunks still come in order and match the plain kernel, an emit error
// stops the run and is returned (no emit after it), and a canceled run
// emits a prefix of the sequence before it returns.
func TestStreamEmits(t *testing.T) {
	ctx := context.Background()
	to := 30000 // the plain kernel's n²/4 pairs
	if long {
		to = 100000
	}
	g := GrundysGame()
	c := NewComputer(g, PlainMethod)
	if err := c.Extend(ctx, to); err != nil {
		t.Fatal(err)
	}
	var got []impartial.Nimber
	if _, err := Stream(ctx, g, StreamRequest{From: 0, To: to}, func(vs []impartial.Nimber) error {
		got = append(got, vs...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != to+1 {
		t.Fatalf("%d values emitted, want %d", len(got), to+1)
	}
	for n, v := range got {
		if uint32(v) != c.At(n) {
			t.Fatalf("G(%d) = %d, plain kernel %d", n, v, c.At(n))
		}
	}

	boom := errors.New("disk full")
	calls, after := 0, 0
	_, err := Stream(ctx, g, StreamRequest{From: 0, To: to}, func(vs []impartial.Nimber) error {
		calls++
		if calls > 2 {
			after++
		}
		if calls == 2 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || after != 0 {
		t.Errorf("emit failing on its 2nd call: err %v, %d calls after it", err, after)
	}

	cctx, cancel := context.WithCancel(ctx)
	got = got[:0]
	_, err = Stream(cctx, g, StreamRequest{From: 0, To: 5 * to}, func(vs []impartial.Nimber) error {
		got = append(got, vs...)
		cancel()
		return nil
	})
	if err == nil || len(got) == 0 || len(got) > 5*to {
		t.Fatalf("canceled run: err %v, %d values", err, len(got))
	}
	for n, v := range got[:min(len(got), to+1)] {
		if uint32(v) != c.At(n) {
			t.Fatalf("canceled run: G(%d) = %d, plain kernel %d", n, v, c.At(n))
		}
	}
}
