package web

import (
	"encoding/json"
	"testing"
)

// TestPartizanWorkBudget: the partizan endpoints run under the server's
// work budget (Config.Budget.MaxWork): past it, 422 with the JSON error
// naming the limit, the same error every time (counted work, no clock);
// by default it is DefaultBudget's, and Winning Ways' "Moderately Hard
// Bed" (1/128, 5.95e8 units of work) stops there, by work, rather than at
// the deadline (before its number search counted work, it ran on past the
// deadline: the search never looked at the context).
func TestPartizanWorkBudget(t *testing.T) {
	small := DefaultBudget
	small.MaxWork = 1000
	const want = "the canonical forms: work budget exhausted: more than 1000 steps of work (the server's work budget per computation)"
	s := New(Config{Budget: small})
	for _, target := range []string{
		"/api/partizan/solve?" + q("game", "domineering", "position", "4x5"),
		"/api/partizan/solve?" + q("game", "sum", "position", "domineering 4x4 + kayles 7", "all", "1"),
		"/api/partizan/reply?" + q("game", "domineering", "position", "4x5", "side", "right"),
		"/api/partizan/value?" + q("expr", "domineering 4x5 + {3||2|1} >= ^"),
	} {
		for range 2 {
			code, body := get(t, s, target)
			var e ErrorBody
			if code != 422 || json.Unmarshal([]byte(body), &e) != nil || e.Error != want {
				t.Errorf("GET %s = %d %s, want 422 %q", target, code, body, want)
			}
		}
	}
	if DefaultBudget.MaxWork <= 0 || New(Config{}).cfg.Budget.MaxWork != DefaultBudget.MaxWork {
		t.Fatalf("the default work budget: %d", DefaultBudget.MaxWork)
	}
	bed := "(lr:A(rr:B;rr:D;rr:F);lr:B(r(r:D;r:E));lr:C(rr:F;rr:G);lr:D;lr:E(r(r:F;r:G));lr:F;lr:G)"
	code, body := get(t, New(Config{}), "/api/partizan/solve?"+q("game", "hackenbush", "position", bed))
	var e ErrorBody
	if code != 422 || json.Unmarshal([]byte(body), &e) != nil ||
		e.Error != "the canonical forms: work budget exhausted: more than 10000000 steps of work (the server's work budget per computation)" {
		t.Errorf("the Moderately Hard Bed under the default budget: %d %s", code, body)
	}
}
