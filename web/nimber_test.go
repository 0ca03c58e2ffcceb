package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/nimber"
)

// /api/nimber, /api/nimber/solve and /api/nimber/table answer what
// `grundy nimber … --json` prints, byte for byte (the CLI test checks the
// CLI side with the same library calls).
func TestNimberAPI(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ target, want string }{
		{"/api/nimber?" + q("expr", "8*8"), `{"expr":"8*8","value":13}`},
		{"/api/nimber?" + q("expr", "0x10000000000000000^2"), `{"expr":"0x10000000000000000^2","value":27670116110564327424}`},
		{"/api/nimber/solve?" + q("poly", "x^2+x+1"), `{"poly":"x^2+x+1","roots":[2,3]}`},
		{"/api/nimber/solve?" + q("poly", "x^2+x+0x8000000000000000"), `{"poly":"x^2+x+0x8000000000000000","roots":[]}`},
		{"/api/nimber/table?size=3", `{"size":3,"table":[[0,0,0],[0,1,2],[0,2,3]]}`},
	} {
		code, body := get(t, s, c.target)
		if code != 200 || strings.TrimSpace(body) != c.want {
			t.Errorf("GET %s = %d %s, want %s", c.target, code, body, c.want)
		}
	}
	// The default table is 16×16 and is the library's.
	code, body := get(t, s, "/api/nimber/table")
	var tr nimber.TableResult
	want, _ := nimber.Table(16)
	if code != 200 || json.Unmarshal([]byte(body), &tr) != nil || tr.Size != 16 || tr.Table[15][14] != want[15][14] {
		t.Errorf("GET /api/nimber/table = %d %.80s", code, body)
	}
	for _, c := range []struct {
		target string
		code   int
		msg    string
	}{
		{"/api/nimber", 400, `missing parameter "expr"`},
		{"/api/nimber?" + q("expr", "1/(2+2)"), 400, "column 2: division by 0"},
		{"/api/nimber?" + q("expr", "3 $ 4"), 400, "column 3"},
		// The library's words and the API's: the endpoint that finds roots, not a flag.
		{"/api/nimber?" + q("expr", "x+1"), 400, "column 1: x is a variable: a polynomial has roots, not a value; /api/nimber/solve?poly= finds them"},
		{"/api/nimber?" + q("expr", "0x"+strings.Repeat("f", 1000)+"^"+strings.Repeat("9", 1200)), 422, "work budget exhausted"},
		{"/api/nimber/solve?" + q("poly", "x^99"), 400, "degree past 32"},
		// Issue 45, finding 7: k·d overflowed the check; a 422 of the work budget.
		{"/api/nimber/solve?" + q("poly", "(x^2)^4611686018427387904"), 400, "column 6: degree past 32"},
		{"/api/nimber/table?size=257", 400, `parameter "size"`},
	} {
		code, body := get(t, s, c.target)
		var e ErrorBody
		if code != c.code || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("GET %s = %d %s, want %d containing %q", c.target, code, body, c.code, c.msg)
		}
		// Only an expression in x names the endpoint that answers it.
		if want := map[bool]string{true: "nimber/solve"}[strings.Contains(c.msg, "x is a variable")]; e.Use != want {
			t.Errorf("GET %s: use %q, want %q", c.target, e.Use, want)
		}
	}
}
