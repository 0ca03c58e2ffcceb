package misere

import (
	"cmp"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"testing"
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
	again, err := Census(ctx, codes, s, dir, func(_ CensusRow, old bool) {
		if !old {
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
