package sweep

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/grundy/grundy/bridge"
)

func readJSONL[T any](t *testing.T, name string) []T {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, v)
	}
	return out
}

// The octal sweep on the local runner gives, code for code, what a direct
// octal.FindPeriod gives.
func TestOctalSweepMatchesDirect(t *testing.T) {
	dir := t.TempDir()
	const to = 3000
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 2, To: to}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	if len(rows) != 63 || sum.Units != 63 {
		t.Fatalf("%d rows, %d units, want 63", len(rows), sum.Units)
	}
	for _, r := range rows {
		want, _, err := unitRow(r.Code, OctalBudget{To: to, PlainTo: 0})
		if err != nil {
			t.Fatal(err)
		}
		if r.Period != want.Period || r.Preperiod != want.Preperiod || r.Status != want.Status ||
			r.ComputedTo != want.ComputedTo || r.MaxValue != want.MaxValue || r.Rare != want.Rare {
			t.Errorf("%s: sweep %+v, direct %+v", r.Code, r, want)
		}
	}
	t.Logf("summary %+v", sum)
}

// Kayles, Dawson's Kayles and the one- and two-digit codes the tables
// solve all come out as published.
func TestOctalSweepReproducesPublished(t *testing.T) {
	dir := t.TempDir()
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 2, To: 2000}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Disagree) > 0 {
		t.Errorf("codes disagreeing with the tables: %v", sum.Disagree)
	}
	rows := map[string]OctalRow{}
	for _, r := range readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl")) {
		rows[r.Code] = r
	}
	// Winning Ways ch. 4: Kayles has period 12 from n = 71 (last exception
	// G(70)); Dawson's Kayles period 34, last exception G(52) (its G(n+1)
	// is G(n) of 0.4 and 0.137, Dawson's chess, whose last exception is 51).
	for code, want := range map[string][2]int{"0.77": {12, 71}, "0.07": {34, 53}, "0.45": {20, 498}} {
		r := rows[code]
		if r.Status != "proved" || r.Period != want[0] || r.Preperiod != want[1] || r.Check != "agrees" {
			t.Errorf("%s: %+v, want period %d from %d, agreeing", code, r, want[0], want[1])
		}
	}
	if r := rows["0.04"]; r.Check != "open" || r.Status == "proved" {
		t.Errorf("0.04 (published unsolved): %+v", r)
	}
}

// readTally reads a bridge sweep's tally.jsonl into a bridge.Tally.
func readTally(t *testing.T, dir string, n int) (*bridge.Tally, []BridgeRow) {
	t.Helper()
	rows := readJSONL[BridgeRow](t, filepath.Join(dir, "tally.jsonl"))
	tl := &bridge.Tally{N: n, Counts: make([]uint64, len(rows))}
	for i, r := range rows {
		seq := make([]int, len(r.Sequence))
		for j, c := range r.Sequence {
			seq[j] = int(c - '0')
		}
		if tl.Index(seq) != i {
			t.Fatalf("row %d is sequence %s", i, r.Sequence)
		}
		tl.Counts[i] = r.Count
	}
	return tl, rows
}

// The bridge sweep on the local runner equals the exhaustive minimax
// enumeration (bridge.Enumerate) for n = 1, 2, 3, and the counting formula
// for every sequence.
func TestBridgeSweepMatchesEnumerate(t *testing.T) {
	for n := 1; n <= 3; n++ {
		dir := t.TempDir()
		sum, err := Run(context.Background(), Spec{Kind: "bridge", Bridge: &BridgeSpec{N: n, Depth: DefaultBridgeDepth(n)}}, Options{Out: dir})
		if err != nil {
			t.Fatal(err)
		}
		var want *bridge.Tally
		if n < 3 {
			want, err = bridge.Enumerate(context.Background(), n)
		} else {
			// Written by `grundy bridge enumerate --n 3 --all`; the bridge
			// tests check it against Enumerate.
			want, err = readTallyText("../bridge/testdata/tally3.txt", 3)
		}
		if err != nil {
			t.Fatal(err)
		}
		got, rows := readTally(t, dir, n)
		if !slices.Equal(got.Counts, want.Counts) {
			t.Errorf("n = %d: the sweep's tally differs from Enumerate", n)
		}
		for _, r := range rows {
			if !r.Agree || r.Count != r.Formula {
				t.Errorf("n = %d, %s: count %d, formula %d", n, r.Sequence, r.Count, r.Formula)
			}
		}
		if sum.Mismatches != 0 || sum.Layouts != layoutsOf(want) {
			t.Errorf("n = %d: summary %+v", n, sum)
		}
	}
}

func readTallyText(name string, n int) (*bridge.Tally, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := 1
	for range 2 * n {
		size *= 3
	}
	tl := &bridge.Tally{N: n, Counts: make([]uint64, size)}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var seq string
		var c uint64
		if _, err := fmt.Sscan(sc.Text(), &seq, &c); err != nil {
			return nil, fmt.Errorf("%s: %q: %v", name, sc.Text(), err)
		}
		digits := make([]int, len(seq))
		for i, ch := range seq {
			digits[i] = int(ch - '0')
		}
		tl.Counts[tl.Index(digits)] = c
	}
	return tl, sc.Err()
}

func layoutsOf(t *bridge.Tally) uint64 {
	var s uint64
	for _, c := range t.Counts {
		s += c
	}
	return s
}

// A sweep stopped and started again computes only the missing units: a
// planted part is read back as it is (not recomputed), removed parts are
// computed again, and the result equals a fresh run's.
func TestSweepResumes(t *testing.T) {
	dir := t.TempDir()
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 500}}
	if _, err := Run(context.Background(), spec, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	fresh := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	// Stop "midway": drop three parts and the results; mark one kept part.
	for _, code := range []string{"0.1", "0.4", "0.7"} {
		if err := os.Remove(filepath.Join(dir, "parts", code+".json")); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(dir, "results.jsonl"))
	planted := fresh[1] // 0.2
	planted.Seconds = 12345
	result, _ := json.Marshal(planted)
	task, _ := spec.task()
	data, err := encodePart(task, 1, result)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "parts", "0.2.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	var seen []int
	var last Progress
	sum, err := Run(context.Background(), spec, Options{Out: dir, Progress: func(p Progress) { seen, last = append(seen, p.Done), p }})
	if err != nil {
		t.Fatal(err)
	}
	again := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	for i := range fresh {
		a, b := fresh[i], again[i]
		if a.Code == "0.2" {
			if b.Seconds != 12345 {
				t.Errorf("0.2 was computed again (seconds %v), not read back", b.Seconds)
			}
			continue
		}
		if a.Period != b.Period || a.Preperiod != b.Preperiod || a.Status != b.Status || a.Check != b.Check {
			t.Errorf("%s: first run %+v, resumed %+v", a.Code, a, b)
		}
	}
	if sum.Units != 7 || len(seen) == 0 || seen[0] < 4 || seen[len(seen)-1] != 7 {
		t.Errorf("units %d, progress reports %v: want 4 or more done at the start, 7 at the end", sum.Units, seen)
	}
	// The values of this run are those of the three codes computed again.
	var values int64
	for _, r := range fresh {
		if r.Code == "0.1" || r.Code == "0.4" || r.Code == "0.7" {
			values += int64(r.ComputedTo) + 1
		}
	}
	if last.Earlier != 4 || last.Total != 7 || last.Values != values {
		t.Errorf("last progress %+v: want 4 done earlier, of 7, %d values this run", last, values)
	}
}

// A directory holding another sweep is refused, before any work.
func TestSweepRefusesAnotherSpec(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 100}}, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	_, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 200}}, Options{Out: dir})
	var ue *UsageError
	var me *SpecMismatchError
	if !errors.As(err, &ue) || !errors.As(err, &me) {
		t.Errorf("another spec in the same directory: %v", err)
	}
	for _, spec := range []Spec{{Kind: "octal"}, {Kind: "nim"}, {Kind: "octal", Octal: &OctalSpec{Digits: 9, To: 10}},
		{Kind: "bridge", Bridge: &BridgeSpec{N: 5}}, {Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 0}}} {
		if _, err := Run(context.Background(), spec, Options{Out: t.TempDir()}); !errors.As(err, &ue) {
			t.Errorf("spec %+v: %v, want a UsageError", spec, err)
		}
	}
}
