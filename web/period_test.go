package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
)

// /api/period answers `grundy period --json`: Kayles has period 12 from
// n = 71 (Winning Ways, ch. 4; the last exceptional value is G(70)), proved
// by the Guy–Smith test; Dawson's Kayles (0.07) period 34 from n = 53.
func TestPeriod(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct {
		game, to string
		pre, per int
		status   string
	}{
		{"kayles", "", 71, 12, catalog.PeriodProved},
		{"octal:0.07", "5000", 53, 34, catalog.PeriodProved},
		{"kayles", "100", 0, 0, catalog.PeriodNone},
	} {
		code, body := get(t, s, "/api/period?"+q("game", c.game, "to", c.to))
		var p catalog.Periodicity
		if code != 200 || json.Unmarshal([]byte(body), &p) != nil || p.Preperiod != c.pre || p.Period != c.per || p.Status != c.status {
			t.Errorf("period %s to %q: %d %s, want %d+%d %s", c.game, c.to, code, body, c.pre, c.per, c.status)
		}
	}
	for _, c := range []struct {
		target string
		code   int
		msg    string
	}{
		{"/api/period", 400, `missing parameter "game"`},
		{"/api/period?game=nim", 400, "nim: no period search"},
		{"/api/period?game=kayles&to=0", 400, `parameter "to" must be a whole number in 1..1000000, not "0"`},
		{"/api/period?game=kayles&to=1000001", 400, `parameter "to" must be a whole number in 1..1000000`},
		{"/api/period?game=octal:0.9x", 400, "game"},
	} {
		code, body := get(t, s, c.target)
		var e ErrorBody
		if code != c.code || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("GET %s = %d %s, want %d containing %q", c.target, code, body, c.code, c.msg)
		}
	}
}
