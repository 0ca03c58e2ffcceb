package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/partizan/games"
)

// grundy games lists the partizan rulesets of the registry
// (partizan/games.Rulesets, the one list of record) and grundy games
// RULESET describes each, under every name it answers to; every listed
// example solves, and --partizan --json is the registry.
func TestGamesPartizan(t *testing.T) {
	rs := games.Rulesets()
	out, _, code := grundy(t, "", "games", "--partizan")
	if code != 0 || !strings.HasPrefix(out, "Partizan rulesets") || strings.Contains(out, "kayles") {
		t.Errorf("games --partizan = %d %q", code, out)
	}
	for _, r := range rs {
		for _, name := range append([]string{r.Name}, r.Aliases...) {
			out, errs, code := grundy(t, "", "games", strings.ToUpper(name))
			if code != 0 || errs != "" || !strings.HasPrefix(out, "game:     "+r.Name+": "+r.Title+" (partizan)\n") {
				t.Errorf("games %s = %d %q %q", name, code, out, errs)
				continue
			}
			for _, want := range append([]string{r.Rule, r.Syntax, "example:  " + rulesetExample(r) + "\n"}, r.Left, r.Right) {
				if !strings.Contains(out, want) {
					t.Errorf("games %s lacks %q:\n%s", name, want, out)
				}
			}
			for _, k := range r.Known {
				if !strings.Contains(out, k.Position+" = "+k.Value+" ("+k.Source+")\n") {
					t.Errorf("games %s lacks the known value of %s:\n%s", name, k.Position, out)
				}
			}
		}
		// The example the listing prints, run as printed (one shell word
		// for the position).
		if _, errs, code := grundy(t, "", "solve", r.Name, r.Example); code != 0 {
			t.Errorf("solve %s %s = %d %q", r.Name, r.Example, code, errs)
		}
		out, _, code = grundy(t, "", "games", r.Name, "--json")
		var got games.Ruleset
		if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || got.Name != r.Name || len(got.Known) != len(r.Known) {
			t.Errorf("games %s --json = %d %q: %v", r.Name, code, out, err)
		}
	}
	out, _, code = grundy(t, "", "games", "--partizan", "--json")
	var list struct{ Rulesets []games.Ruleset }
	if err := json.Unmarshal([]byte(out), &list); code != 0 || err != nil || len(list.Rulesets) != len(rs) {
		t.Errorf("games --partizan --json = %d %q: %v", code, out, err)
	}
	// A mistyped ruleset gets its did-you-mean; --partizan names no game.
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"games", "dominering"}, "grundy: unknown partizan ruleset \"dominering\"\nDid you mean \"domineering\"?\n"},
		{[]string{"games", "domineering", "--partizan"}, "grundy: --partizan lists the rulesets: name no game with it\n"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || errs != c.msg {
			t.Errorf("grundy %q = %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.msg)
		}
	}
}

func TestShellWord(t *testing.T) {
	for in, want := range map[string]string{"4x7": "4x7", "x-o-x": "x-o-x", "..|..": "'..|..'", "path(5)": "'path(5)'", "it's": `'it'\''s'`, "": "''", "a b": "'a b'"} {
		if got := shellWord(in); got != want {
			t.Errorf("shellWord(%q) = %s, want %s", in, got, want)
		}
	}
}
