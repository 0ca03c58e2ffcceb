package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
	"github.com/grundy/grundy/misere"
)

func TestMisereQuotientJSON(t *testing.T) {
	out, errs, code := grundy(t, "", "misere", "quotient", "octal:0.75", "--heaps", "30", "--json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"game", "size", "p_size", "generators", "relations", "pretending", "status", "table"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	if got["size"] != 8.0 || got["p_size"] != 2.0 || got["status"] != "proved" {
		t.Errorf("0.75: %s", out)
	}
	if !strings.Contains(out, `"relations":["a^2 = 1","bc = ab","c^2 = b^2","b^3 = b"]`) {
		t.Errorf("0.75 relations: %s", out)
	}
}

func TestMisereText(t *testing.T) {
	out, _, code := grundy(t, "", "misere", "genus", "octal:0.312", "4")
	if code != 0 || !strings.HasPrefix(out, "2^1420\n") || !strings.Contains(out, "*(2#,1)") {
		t.Errorf("genus = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "misere", "form", "nim", "2", "2", "--json")
	if want := `{"game":"nim","position":"2 2","form":"*(3,2)","genus":"0^02","tame":true,"outcome":"P","misere_value":0,"normal_value":0,"birthday":4}` + "\n"; code != 0 || out != want {
		t.Errorf("form = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "misere", "quotient", "nim", "--heaps", "3")
	if code != 0 || !strings.Contains(out, "relations   a^2 = 1, b^3 = b") || !strings.Contains(out, "P-portion   {a, b^2}") {
		t.Errorf("quotient nim = %d %q", code, out)
	}
}

func TestMisereErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"misere", "quotient", "wythoff"}, 2, "misère quotients need a heap game"},
		{[]string{"misere", "quotient", "kayles", "--heaps", "-2"}, 2, "--heaps must be in"},
		{[]string{"misere", "quotient", "kayles", "--max-size", "-1"}, 2, "--max-size must be at least 0"},
		{[]string{"misere", "form", "coins:mock-turtles", "3 70"}, 2, "first 64 coins"},
		{[]string{"misere", "form", "nim", "x"}, 2, "heap size"},
		{[]string{"misere", "quotient", "octal:0.6", "--max-size", "50"}, 2, "misère quotient stopped at heap 15 (the quotient of the heaps 0..14 has 48 elements; a candidate of 192 elements for heap 15): the quotient grows past 50 elements at heap 15 (it has 96 there) (raise --max-size)"},
		{[]string{"misere", "form", "kayles", "30", "--max-positions", "1000"}, 2, "budget exhausted"},
	} {
		_, errs, code := grundy(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %v = %d %q, want %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// TestMiserePositions: misere quotient GAME --position P… answers the
// library's quotient of the positions and their followers; its limits are
// the budget flags', its usage errors exit 2.
func TestMiserePositions(t *testing.T) {
	out, errs, code := grundy(t, "", "misere", "quotient", "wythoff", "--position", "3 4", "--position", "2 2")
	if code != 0 || errs != "" || !strings.Contains(out, "(20 positions in all): 10 elements, 2 in the P-portion") ||
		!strings.Contains(out, "position    2 2: image a, misère outcome P") || !strings.Contains(out, "table (* marks the P-portion)") {
		t.Errorf("wythoff: %d %q %q", code, out, errs)
	}
	out, _, code = grundy(t, "", "misere", "quotient", "coins:mock-turtles", "--position", "HHTH", "--json")
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("json: %d %v %q", code, err, out)
	}
	for _, k := range []string{"game", "positions", "closure", "size", "p_size", "status", "generators", "relations", "elements", "p_portion", "pretending", "table"} {
		if _, ok := got[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"misere", "quotient", "wythoff"}, 2, "--position P (repeatable) gives the quotient of some of its positions"},
		{[]string{"misere", "quotient", "wythoff", "--position", "3 4", "--heaps", "3"}, 2, "--heaps and --position exclude each other"},
		{[]string{"misere", "quotient", "wythoff", "--position", "3 x"}, 2, `position "3 x" of wythoff`},
		{[]string{"misere", "quotient", "wythoff", "--position", "30 30", "--max-positions", "100"}, 2, "more than 100 positions needed (raise --max-positions"},
		{[]string{"misere", "quotient", "starlark:examples/draw.star", "--position", "2"}, 2, "misère quotients need a game that ends: the game has a cycle of 3 moves: 2 -> 0 -> 1 -> 2"},
		{[]string{"misere", "quotient", "wythoff", "--position", "12 20", "--max-size", "20"}, 2, `misère quotient stopped at position 17 of 273, "0 16" (the quotient of the positions before it has 18 elements; a candidate of 72 elements for it): the quotient grows past 20 elements at position 17 (it has 34 there) (raise --max-size)`},
	} {
		_, errs, code := grundy(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %v = %d %q, want %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

// TestMiserePositionsStopIsDeterministic: a quotient of positions stopped
// by the work budget (--max-positions: the sums one verification
// enumerates) stops at the same position with the same size, reason and
// partial quotient on every run, and says so as the library does: the JSON
// is the library's, the error line the library's error with the flag to
// raise added.
func TestMiserePositionsStopIsDeterministic(t *testing.T) {
	args := []string{"misere", "quotient", "wythoff", "--position", "9 11", "--position", "5 3", "--max-positions", "300", "--json"}
	out, errs, code := grundy(t, "", args...)
	out2, errs2, code2 := grundy(t, "", args...)
	if out != out2 || errs != errs2 || code != code2 {
		t.Fatalf("two runs differ:\n%d %s %s\n%d %s %s", code, out, errs, code2, out2, errs2)
	}
	budget := impartial.DefaultBudget
	budget.MaxPositions = 300
	g, err := families.Parse("wythoff")
	if err != nil {
		t.Fatal(err)
	}
	p, qerr := g.ComputeMiserePositions(context.Background(), []string{"9 11", "5 3"}, misere.Settings{}, catalog.Options{Misere: true, Budget: budget})
	var stop *misere.StopError
	if !errors.As(qerr, &stop) || p == nil {
		t.Fatalf("library: %v, want a stop with the quotient reached", qerr)
	}
	var lib bytes.Buffer
	if err := jsonout.Write(&lib, p.Result(context.Background())); err != nil {
		t.Fatal(err)
	}
	if out != lib.String() {
		t.Errorf("CLI %s\nlibrary %s", out, lib.String())
	}
	const exceeded = "one verification of a candidate quotient: position budget exhausted: more than 300 positions needed"
	if want := "grundy: " + qerr.Error() + " (raise --max-positions to search further)\n"; code != 2 || errs != want || !strings.HasSuffix(qerr.Error(), exceeded) {
		t.Errorf("exit %d %q, want 2 %q (the library's error ending %q)", code, errs, want, exceeded)
	}
	var got struct {
		Status     string
		Stop       misere.PositionStop
		Pretending []misere.PositionImage
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Status != "stopped" || got.Stop.Index < 2 || got.Stop.Reason != exceeded || got.Stop.Position == "" || len(got.Pretending) != got.Stop.Index-1 {
		t.Errorf("stop %+v, %d images: want the positions before the stop, and the library's reason", got.Stop, len(got.Pretending))
	}
}

// TestMisereTimeBudget: a quotient run stopped by --timeout says the time
// budget ran out, in the library's words ("time budget exhausted") with
// the flag added, never Go's ("context deadline exceeded") nor "canceled";
// its deadline has passed before the run starts.
func TestMisereTimeBudget(t *testing.T) {
	for _, args := range [][]string{
		{"misere", "quotient", "kayles"},
		{"misere", "quotient", "kayles", "--heaps", "30"},
		{"misere", "quotient", "wythoff", "--position", "9 11", "--position", "5 3"},
		{"misere", "solve", "kayles", "1000", "999"},
	} {
		_, errs, code := grundy(t, "", append(args, "--timeout", "1ns")...)
		if code != 2 || !strings.Contains(errs, "time budget exhausted (deadline exceeded)") || !strings.HasSuffix(errs, " (raise --timeout to search longer)\n") ||
			strings.Contains(errs, "canceled") || strings.Contains(errs, "context deadline") {
			t.Errorf("grundy %q = %d %q", args, code, errs)
		}
	}
}

// TestMisereQuotientMaxWork: --max-work stops a quotient by counted work
// (sums enumerated, products formed), so the stop is the same on every run
// and machine: the quotient of the heaps before it, the heap it stopped at,
// and the library's work stop with the flag added. The CLI's JSON is the
// library's own, computed here with the same MaxWork.
func TestMisereQuotientMaxWork(t *testing.T) {
	args := []string{"misere", "quotient", "octal:0.114", "--max-work", "100000", "--json"}
	out, errs, code := grundy(t, "", args...)
	out2, errs2, code2 := grundy(t, "", args...)
	if out != out2 || errs != errs2 || code != code2 {
		t.Fatalf("two runs differ:\n%d %s %s\n%d %s %s", code, out, errs, code2, out2, errs2)
	}
	g, err := families.Parse("octal:0.114")
	if err != nil {
		t.Fatal(err)
	}
	q, done, qerr := g.ComputeMisereQuotient(context.Background(), -1, misere.Settings{MaxWork: 100000, Budget: impartial.DefaultBudget}, catalog.Options{Misere: true, Budget: impartial.DefaultBudget})
	defer done()
	if q == nil || impartial.LimitOf(qerr) != impartial.LimitWork {
		t.Fatalf("library: %v, want a work stop with the quotient reached", qerr)
	}
	var lib bytes.Buffer
	if err := jsonout.Write(&lib, catalog.MisereQuotient{Game: g.Info().Spec, Summary: q.Summary()}); err != nil {
		t.Fatal(err)
	}
	if out != lib.String() {
		t.Errorf("CLI %s\nlibrary %s", out, lib.String())
	}
	if want := "grundy: " + qerr.Error() + " (raise --max-work to compute further)\n"; code != 2 || errs != want {
		t.Errorf("exit %d %q, want 2 %q", code, errs, want)
	}
	if _, errs, code := grundy(t, "", "misere", "quotient", "kayles", "--max-work", "-1"); code != 2 || !strings.Contains(errs, "--max-work must be at least 0, not -1") {
		t.Errorf("--max-work -1: exit %d %q", code, errs)
	}
}
