package main

import (
	"strings"
	"testing"
)

// --to and --from take counts as people write them (issue 44 §4), and
// refuse the rest in words, never with strconv's message.
func TestParseCount(t *testing.T) {
	for in, want := range map[string]int{"1000000": 1000000, "1_000_000": 1000000, "1e6": 1000000, "1E6": 1000000, "2.5e3": 2500, "0": 0, "-3": -3, "1e0": 1} {
		if got, err := parseCount(in); err != nil || got != want {
			t.Errorf("parseCount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "1x", "2.5", "2.5e0", "1e-3", "1e30", "0x10", "1/2e1", "abc"} {
		if _, err := parseCount(in); err == nil || strings.Contains(err.Error(), "strconv") {
			t.Errorf("parseCount(%q): %v, want a plain refusal", in, err)
		}
	}
	out, errOut, code := grundy(t, "", "values", "nim", "--to", "1e1")
	if code != 0 || !strings.HasSuffix(out, "10\t10\n") {
		t.Errorf("values nim --to 1e1: exit %d, %q %q", code, out, errOut)
	}
	_, errOut, code = grundy(t, "", "values", "nim", "--to", "1x")
	if code != 2 || strings.Contains(errOut, "strconv") || !strings.Contains(errOut, "not a whole number") {
		t.Errorf("values nim --to 1x: exit %d, %q", code, errOut)
	}
}
