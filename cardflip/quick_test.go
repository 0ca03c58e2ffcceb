package cardflip

import (
	"context"
	"testing"
)

func TestQuick(t *testing.T) {
	for _, name := range []string{"stacks"} {
		s, _ := Lookup(name)
		for m := 1; m <= 9; m++ {
			res, err := Exact(context.Background(), s, m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s m=%d exact=%s = %.4f  ftb %.3f dc %.3f", name, m, res.Expectation.RatString(), res.Mean(), float64(m*(m+3))/4, ratf(DivideConquerExpectation(m)))
		}
		for _, m := range []int{13, 20, 50, 100} {
			st, err := Simulate(context.Background(), s, m, 20000, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s m=%d mc=%.3f ± %.3f", name, m, st.Mean(), st.StdErr())
		}
	}
}
func ratf(r interface{ Float64() (float64, bool) }) float64 { f, _ := r.Float64(); return f }
