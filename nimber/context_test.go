package nimber

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

// Issue 45, finding 7: (x^2)^4611686018427387904 passed the degree check
// (k·d overflowed to a negative degree) and ran into the work budget (a
// 422) instead of the 400 "degree past 32"; so did every k·d ≥ 2^63.
func TestPolynomialDegreeOverflow(t *testing.T) {
	for _, poly := range []string{
		"(x^2)^4611686018427387904",   // 2·2^62 = 2^63
		"(x^2)^9223372036854775807",   // 2·(2^63−1): wraps to −2
		"(x^3)^6148914691236517206",   // 3·k wraps past 2^63
		"(x^2+x)^4611686018427387905", // the degree of the base is what counts
		"(x^33)^1",
		"(x^2)^17",
		"(x^2)^99999999999999999999", // past int64: refused as before
	} {
		_, err := Solve(poly, Settings{})
		var se *notation.SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), "degree past 32") {
			t.Errorf("Solve(%q): %v, want the syntax error \"degree past 32\"", poly, err)
		}
	}
	// At the bound it is a polynomial.
	if s, err := Solve("(x^2)^16 + 1", Settings{}); err != nil || len(s.Roots) != 1 || s.Roots[0] != 1 {
		t.Errorf("(x^2)^16 + 1: %v %v, want the root 1 (x^32 + 1 = (x + 1)^32)", s.Roots, err)
	}
}

// countCtx is a context whose Err counts its calls and reports Canceled
// from call stop on (0: never).
type countCtx struct {
	context.Context
	calls atomic.Int64
	stop  int64
}

func (c *countCtx) Err() error {
	if n := c.calls.Add(1); c.stop > 0 && n >= c.stop {
		return context.Canceled
	}
	return nil
}

// The evaluation checks its context by its work: a power of a 4096-bit
// nimber (about 5 million products, half a second) checks it at least
// once every pollWork + 2·cost(64) products (a product of 64 words is one
// step), and stops at the first check after the context ended, with
// impartial's budget error for a canceled computation.
func TestEvalContextPolls(t *testing.T) {
	big4096, _ := new(big.Int).SetString(strings.Repeat("9", 1024), 16)
	expr := "0x" + strings.Repeat("9", 1024) + "^" + new(big.Int).Lsh(big.NewInt(1), 500).String()
	ctx := &countCtx{Context: context.Background()}
	v, err := EvalContext(ctx, expr, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := PowBig(big4096, new(big.Int).Lsh(big.NewInt(1), 500))
	if v.Cmp(want) != 0 {
		t.Fatal("EvalContext's power differs from PowBig's")
	}
	work := 2 * 501 * cost(64)
	if n := ctx.calls.Load(); n < work/(pollWork+2*cost(64)) {
		t.Errorf("%d checks of the context in %d products, want one at least every %d", n, work, pollWork+2*cost(64))
	}
	stopped := &countCtx{Context: context.Background(), stop: 3}
	_, err = EvalContext(stopped, expr, Settings{})
	var be *impartial.BudgetError
	// (ContextError reads Err again, through context.Cause.)
	if !errors.As(err, &be) || be.Limit != impartial.LimitCanceled || stopped.calls.Load() > 4 {
		t.Errorf("canceled at the third check: %v after %d checks, want a canceled BudgetError at once", err, stopped.calls.Load())
	}
	if _, err := SolveContext(stopped, "x^2+x+1", Settings{}); !errors.As(err, &be) {
		t.Errorf("SolveContext under an ended context: %v", err)
	}
}

// ev.pow is powWords with checks of the context between products: the
// same values (PowBig) for random nimbers of 1 to 4096 bits and exponents.
func TestEvalPowMatchesPowBig(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 7))
	for range 40 {
		a := randBig(r, 4096)
		k := randBig(r, 80)
		got, err := Eval("0x"+a.Text(16)+"^"+k.String(), Settings{})
		if err != nil {
			t.Fatal(err)
		}
		want, _ := PowBig(a, k)
		if got.Cmp(want) != 0 {
			t.Fatalf("%s^%s: Eval and PowBig differ", a.Text(16), k)
		}
	}
}
