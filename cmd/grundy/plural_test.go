package main

import (
	"regexp"
	"testing"
)

// One of a thing is singular in every sentence the command line prints
// (issue 44 §4: "1 heap sizes"): the commands below each count one of
// something, and none prints "1" before a plural noun.
func TestOneIsSingular(t *testing.T) {
	plural1 := regexp.MustCompile(`\b1 (heaps|turns|deals|games|values|positions|elements|moves|sizes)\b|heaps 1\b`)
	for _, args := range [][]string{
		{"misere", "solve", "kayles", "3"},
		{"misere", "quotient", "kayles", "--heaps", "1"},
		{"misere", "quotient", "nim", "--position", "0"},
		{"cardflip", "play", "--m", "1"},
		{"cardflip", "exact", "--m", "1"},
		{"cardflip", "simulate", "--m", "2", "--trials", "1"},
		{"period", "subtract:1"},
	} {
		out, errs, code := grundy(t, "", args...)
		if code != 0 {
			t.Errorf("grundy %q: exit %d: %s", args, code, errs)
		}
		if m := plural1.FindString(out + errs); m != "" {
			t.Errorf("grundy %q prints %q:\n%s", args, m, out)
		}
	}
}
