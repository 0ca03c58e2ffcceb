package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/bridge"
)

// The random deal of seed 1 (n = 2) from start 3, as team A: position 4
// holds 1 and 8 after P's 5 (P keeps 7); putting down 1 wins both points
// (8 kept beats 7, and position 2 then puts down 6 over the 5), putting
// down 8 leaves P's 7 the highest kept card. A mistake, undone, a hint, a
// card not held, then the right line, and position 2's mistake: 4 under
// the 5.
func TestBridgePlayScripted(t *testing.T) {
	out, errs, code := grundy(t, "8\nundo\nhint\n9\n1\n4\n", "bridge", "play", "--n", "2", "--seed", "1", "--start", "3")
	if code != 0 || errs != "" {
		t.Fatalf("play = %d %q\n%s", code, errs, out)
	}
	for _, want := range []string{
		"Team P sits at the odd positions (1, 3), team A at the even ones (2, 4).\n",
		"Position 3 starts, then the others in turn: 3, 4, 1, 2.",
		"You play team A (positions 2, 4); I play the others",
		"With best play on both sides team A scores 2 points.\n",
		"  position 4 (A, you): 1 and 8\n",
		"1. Position 3 (P, me) puts down 5, keeps 7.\n",
		"2. You put down 8, keep 1. A mistake: with 1 put down, team A would score 2 points with best play;\n   after 8 it scores 1 point. That cost team A 1 point.\n",
		"Undone.\n",
		"Hint: put down 1 (team A then scores 2 points with best play); after 8, 1 point.\n",
		"You hold 1 and 8: type one of them (or hint, undo, quit).\n",
		"2. You put down 1, keep 8. Good: with best play team A still scores 2 points.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasSuffix(out, "4. You put down 4, keep 6. A mistake: with 6 put down, team A would score 2 points with best play;\n   after 4 it scores 1 point. That cost team A 1 point.\n"+
		"End: the highest card put down is 5 (position 3, team P), the highest kept 8 (position 4, team A).\nTeam A scores 1 point, team P 1 point. With best play team A scores 2 points; your mistake cost 1 point.\n") {
		t.Errorf("end:\n%s", out)
	}
}

// --json: the dialogue on stderr, the record on stdout; the record's score
// is the optimal one less the cost of the user's plays, and every play is
// one of its player's cards.
func TestBridgePlayJSON(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "deal.txt")
	if err := os.WriteFile(path, []byte(deal2), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := grundy(t, "1\n3\n", "bridge", "play", "--deal", path, "--as", "P", "--json")
	var rec bridge.Record
	if code != 0 || json.Unmarshal([]byte(out), &rec) != nil || !strings.Contains(errs, "You play team P (positions 1, 3)") {
		t.Fatalf("play --json = %d %q %q", code, out, errs)
	}
	if !rec.Over || rec.Seed != nil || len(rec.Turns) != 4 || rec.Value != rec.Optimal+rec.Cost || rec.Optimal != 1 {
		t.Errorf("record %+v", rec)
	}
	for _, tu := range rec.Turns {
		h := rec.Hands[tu.Position-1]
		if tu.Played+tu.Kept != h[0]+h[1] || (tu.By == "you") != (tu.Position%2 == 1) {
			t.Errorf("turn %+v of hand %v", tu, h)
		}
	}
}

func TestBridgePlayErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("2\n1 8\n2 7\n3 6\n4 7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--as", "B"}, 2, `grundy: --as: seat "B" is not A, P or a position in 1..4` + "\n"},
		{[]string{"--n", "65"}, 2, "grundy: --n: a deal is played move by move for n in 1..64, not 65\n"},
		{[]string{"--start", "9"}, 2, "grundy: --start 9: the deal has positions 1..4\n"},
		{[]string{"--deal", bad, "--seed", "1"}, 2, "grundy: give either --deal FILE or --n N (and --seed S) for a random deal, not both\n"},
		{[]string{"--deal", bad}, 1, "grundy: " + bad + ": input line 5: position 4: card 7 appears twice (already held by position 2, line 3)\n"},
	} {
		_, errs, code := grundy(t, "", append([]string{"bridge", "play"}, c.args...)...)
		if code != c.code || errs != c.msg {
			t.Errorf("bridge play %v = %d %q, want %d %q", c.args, code, errs, c.code, c.msg)
		}
	}
}
