package misere

import (
	"cmp"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// TestCensus: the rows of a census, their classification, and a census
// cut by a kill in the middle of a line resumed to the same rows.
func TestCensus(t *testing.T) {
	ctx := context.Background()
	if c := OctalCodes(2); len(c) != 64 || c[0] != "0.00" || c[9] != "0.11" || c[63] != "0.77" {
		t.Errorf("two-digit codes %v", c)
	}
	if c := OctalCodes(3); len(c) != 512 || c[511] != "0.777" {
		t.Errorf("three-digit codes: %d", len(c))
	}
	s := Settings{MaxWork: 5_000_000, MaxHeaps: 300}
	codes := []string{"0.75", "0.71", "0.16", "0.04"}
	dir := t.TempDir()
	rows, err := Census(ctx, codes, s, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"0.75": CensusProved, "0.71": CensusProved, "0.16": CensusGrowing, "0.04": CensusGrowing}
	for _, r := range rows {
		if r.Status != want[r.Code] {
			t.Errorf("%s: %+v", r.Code, r)
		}
	}
	if r := rows[0]; r.Size != 8 || r.PSize != 2 || r.Heaps != 21 || r.Period != 2 || r.Preperiod != 8 {
		t.Errorf("0.75: %+v", r)
	}
	// Cut the file in the middle of its third line, as a kill would.
	path := filepath.Join(dir, "census.jsonl")
	raw, _ := os.ReadFile(path)
	cut := 0
	for i, n := 0, 0; i < len(raw); i++ {
		if raw[i] == '\n' {
			if n++; n == 2 {
				cut = i + 10
				break
			}
		}
	}
	os.WriteFile(path, raw[:cut], 0o644)
	ran := 0
	again, err := Census(ctx, codes, s, dir, func(n CensusNote) {
		if n.Problem == "" && !n.Old {
			ran++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if ran != 2 || !reflect.DeepEqual(again, rows) {
		t.Errorf("resumed: %d codes run again; rows %+v, want %+v", ran, again, rows)
	}
	f, _ := os.Open(filepath.Join(dir, "census.csv"))
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil || len(recs) != 5 || recs[0][0] != "code" || recs[1][0] != "0.75" || recs[1][4] != "proved" {
		t.Errorf("census.csv: %v %v", recs, err)
	}
}

// TestCensusFile checks the committed census (results/misere-census):
// the rows that claim a proof, or a quotient to some heap, within the least
// work are recomputed, cheapest first, up to a total of 2 million steps of
// work (200,000 under -short), so that the test's cost does not grow with
// the census; and where a published order exists
// for the heaps reached it is the row's (Q_30(0.07) = 360: A. N. Siegel,
// "Some MisereSolver questions answered", miseregames.wordpress.com,
// 28 August 2007).
func TestCensusFile(t *testing.T) {
	f, err := os.Open("../results/misere-census/census.csv")
	if err != nil {
		t.Skip("no committed census")
	}
	recs, err := csv.NewReader(f).ReadAll()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	checked := 0
	total := int64(2_000_000)
	if testing.Short() {
		total = 200_000
	}
	rows := slices.Clone(recs[1:])
	workOf := func(r []string) int64 { w, _ := strconv.ParseInt(r[9], 10, 64); return w }
	slices.SortStableFunc(rows, func(a, b []string) int { return cmp.Compare(workOf(a), workOf(b)) })
	for _, r := range rows {
		work := workOf(r)
		heaps, _ := strconv.Atoi(r[1])
		if total -= work; total < 0 {
			break
		}
		q, err := Compute(ctx, Octal(mustCode(t, r[0])), heaps, Settings{})
		if err != nil {
			t.Fatalf("%s: %v", r[0], err)
		}
		if strconv.Itoa(q.Size()) != r[2] || strconv.Itoa(q.PSize()) != r[3] || (r[4] == CensusProved) != (q.Status() == Proved) {
			t.Errorf("%s: census %v, recomputed %d / %d %s", r[0], r, q.Size(), q.PSize(), q.Status())
		}
		checked++
	}
	// census.jsonl holds the same rows, each intact and holding under the
	// limits of the command that made it (results/misere-census/README.md),
	// so that the command, run again, computes nothing.
	file, notes, err := censusFileRows("../results/misere-census/census.jsonl")
	if err != nil || len(notes) != 0 || len(file) != len(recs)-1 {
		t.Fatalf("census.jsonl: %d rows, %v, %+v", len(file), err, notes)
	}
	made := censusLimits(Settings{MaxWork: 20_000_000, MaxHeaps: 1000, Budget: impartial.Budget{MaxMoves: 1_000_000, MaxMemory: 2 << 30}})
	for i, r := range file {
		if r.Code != recs[i+1][0] || strconv.Itoa(r.Size) != recs[i+1][2] {
			t.Errorf("census.jsonl row %d is %s, census.csv's %s", i+1, r.Code, recs[i+1][0])
		}
		if why := r.reuse(made); why != "" {
			t.Errorf("%s would be computed again: %s", r.Code, why)
		}
	}
	for _, r := range recs[1:] {
		if h, _ := strconv.Atoi(r[1]); r[0] == "0.07" && h >= 30 {
			q, err := Compute(ctx, Octal(mustCode(t, "0.07")), 30, Settings{})
			if err != nil || q.Size() != 360 {
				t.Errorf("Q_30(0.07): %v %v, published 360", q, err)
			}
		}
	}
	t.Logf("%d rows recomputed", checked)
}

// Issue 45, finding 6 (a): a row stopped by a limit is computed again
// under a larger one (0.77 stopped under 1,000 steps of work is proved
// within 200,000: the row used to stay "budget"); a proved row, or one
// stopped under limits at least as large, is read back under any.
func TestCensusLimits(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	codes := []string{"0.77", "0.31"}
	small := Settings{MaxWork: 1_000, MaxHeaps: 300}
	rows, err := Census(ctx, codes, small, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Status != CensusBudget || rows[1].Status != CensusProved {
		t.Fatalf("under 1000 steps: %+v", rows)
	}
	if l := rows[0].Limits; l == nil || l.MaxWork != 1_000 || l.MaxHeaps != 300 || rows[0].Version != ConstructionVersion {
		t.Errorf("the row's limits: %+v %d", l, rows[0].Version)
	}
	var notes []CensusNote
	large := Settings{MaxWork: 200_000, MaxHeaps: 300}
	rows, err = Census(ctx, codes, large, dir, func(n CensusNote) { notes = append(notes, n) })
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Status != CensusProved || rows[0].Heaps != 167 || rows[0].Period != 12 {
		t.Errorf("0.77 under 200000 steps: %+v", rows[0])
	}
	if len(notes) != 2 || notes[0].Old || !strings.Contains(notes[0].Again, "stopped under a work limit of 1000, and this run's is 200000") || !notes[1].Old {
		t.Errorf("notes %+v", notes)
	}
	// The budget row is gone from the file, the proof stays under a
	// smaller bound, and nothing is computed.
	raw, _ := os.ReadFile(filepath.Join(dir, "census.jsonl"))
	if strings.Count(string(raw), "\n") != 2 || strings.Contains(string(raw), `"budget"`) {
		t.Errorf("census.jsonl:\n%s", raw)
	}
	notes = nil
	if _, err := Census(ctx, codes, small, dir, func(n CensusNote) { notes = append(notes, n) }); err != nil {
		t.Fatal(err)
	}
	if len(notes) != 2 || !notes[0].Old || !notes[1].Old {
		t.Errorf("under the small bound again: %+v", notes)
	}
	// A stopped row under limits at least as large is read back; under
	// no work limit at all, it is not.
	dir2 := t.TempDir()
	if _, err := Census(ctx, []string{"0.06"}, Settings{MaxWork: 10_000, MaxHeaps: 300}, dir2, nil); err != nil {
		t.Fatal(err)
	}
	notes = nil
	Census(ctx, []string{"0.06"}, Settings{MaxWork: 5_000, MaxHeaps: 200}, dir2, func(n CensusNote) { notes = append(notes, n) })
	if len(notes) != 1 || !notes[0].Old {
		t.Errorf("smaller limits: %+v", notes)
	}
	if why := (CensusRow{Status: CensusGrowing, Limits: &CensusLimits{MaxWork: 10_000, MaxHeaps: 300}, Version: ConstructionVersion}).reuse(censusLimits(Settings{MaxHeaps: 300})); !strings.Contains(why, "work limit of 10000, and this run's is none") {
		t.Errorf("no work limit now: %q", why)
	}
}

// Issue 45, finding 6 (b): a damaged line of census.jsonl (row 4 here) is dropped and
// its code computed again, and said so; every valid row around it is kept
// (one changed byte in row 3 used to truncate the file there, deleting
// every later row). A row written before rows had checks is read as it
// is: proved, it stays; stopped, its limits unknown, it is computed again.
func TestCensusDamagedRow(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	codes := []string{"0.00", "0.06", "0.10", "0.71", "0.73"}
	s := Settings{MaxWork: 20_000, MaxHeaps: 300}
	rows, err := Census(ctx, codes, s, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "census.jsonl")
	raw, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(raw), "\n")
	if len(lines) != 6 || !strings.Contains(lines[3], `"code":"0.71","heaps":19,"size":36,`) {
		t.Fatalf("census.jsonl:\n%s", raw)
	}
	lines[3] = strings.Replace(lines[3], `"size":36,`, `"size":37,`, 1) // one byte
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	var notes []CensusNote
	again, err := Census(ctx, codes, s, dir, func(n CensusNote) { notes = append(notes, n) })
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, rows) {
		t.Errorf("resumed rows %+v, want %+v", again, rows)
	}
	var problems, ran, old []string
	for _, n := range notes {
		switch {
		case n.Problem != "":
			problems = append(problems, fmt.Sprintf("line %d %s: %s", n.Line, n.Row.Code, n.Problem))
		case n.Old:
			old = append(old, n.Row.Code)
		default:
			ran = append(ran, n.Row.Code+": "+n.Again)
		}
	}
	if !slices.Equal(problems, []string{"line 4 0.71: its check does not match: it was damaged"}) ||
		!slices.Equal(ran, []string{"0.71: its row (line 4 of census.jsonl) was dropped: its check does not match: it was damaged"}) ||
		!slices.Equal(old, []string{"0.00", "0.06", "0.10", "0.73"}) {
		t.Errorf("problems %q, ran %q, old %q", problems, ran, old)
	}
	if now, _ := os.ReadFile(path); string(now) != string(raw) {
		t.Errorf("census.jsonl after the resume:\n%s\nwant\n%s", now, raw)
	}
	// Rows without checks or limits, as written before issue 45.
	legacy := ""
	for _, r := range rows {
		r.Limits, r.Version = nil, 0
		b, _ := json.Marshal(r)
		legacy += string(b) + "\n"
	}
	os.WriteFile(path, []byte(legacy), 0o644)
	notes = nil
	if _, err := Census(ctx, codes, s, dir, func(n CensusNote) { notes = append(notes, n) }); err != nil {
		t.Fatal(err)
	}
	for i, n := range notes {
		if n.Old != (rows[i].Status == CensusProved) || (!n.Old && !strings.Contains(n.Again, "does not say under which limits it stopped")) {
			t.Errorf("legacy row %s: %+v", rows[i].Code, n)
		}
	}
	// A line that is not a row at all, and a row of an impossible count.
	os.WriteFile(path, []byte(strings.Join(lines[:2], "")+"garbage\n"+`{"code":"0.71","heaps":-4,"size":1,"p_size":0,"status":"proved","period":1,"grew":"","work":0}`+"\n"), 0o644)
	notes = nil
	Census(ctx, codes[:2], s, dir, func(n CensusNote) { notes = append(notes, n) })
	if len(notes) != 4 || notes[0].Problem != "not a census row" || notes[1].Problem != "its counts are impossible" || !notes[2].Old || !notes[3].Old {
		t.Errorf("garbage lines: %+v", notes)
	}
}

// Issue 45, finding 6 (c): a second census into the same directory is
// refused while one runs, and may run once it ended.
func TestCensusLocked(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := Settings{MaxWork: 20_000, MaxHeaps: 300}
	var second error
	_, err := Census(ctx, []string{"0.75", "0.31"}, s, dir, func(n CensusNote) {
		if n.Row.Code == "0.75" {
			_, second = Census(ctx, []string{"0.75"}, s, dir, nil)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	var ce *CensusError
	if !errors.As(second, &ce) || !strings.Contains(second.Error(), "is in use by another census (pid ") {
		t.Errorf("a second census: %v", second)
	}
	if _, err := Census(ctx, []string{"0.75"}, s, dir, nil); err != nil {
		t.Errorf("after the first: %v", err)
	}
}
