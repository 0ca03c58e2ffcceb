package sweep

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grundy/grundy/internal/longtest"
)

// The committed census (results/octal-census-to100000) was written by the
// Beam pipeline (grundy-sweep on Prism). The local executor, given some of
// its codes with its budget, writes the same rows and the same frequency
// tables: every field of a committed row but the seconds the unit took on
// that machine, and each frequencies/CODE/* file byte for byte. (The rows
// of the codes themselves do not depend on the other codes of the sweep:
// a unit is the code and its budget.) cmd/grundy-sweep's TestExecutorsAgree
// compares the two executors' whole results folders on the same units.
//
// The committed rows predate two fields, which the local rows have and
// the comparison leaves aside: cpu_seconds, and plain (the plain kernel's
// check of a period the tables do not give); the note of such a row was
// worded before plain was recorded, so the note of an unlisted row without
// plain is left aside too (its check, unlisted, is compared).
//
// By default ten codes of every kind (proved by either kernel, the solved
// 0.16 on to its proof past 10^5 by --solved-to, the unlisted 4.344 and
// 4.364, sparse ones without a period and their tables); with GRUNDY_LONG,
// every eighth code of the census besides.
func TestLocalExecutorMatchesCommittedCensus(t *testing.T) {
	const dir = "../results/octal-census-to100000"
	var census Spec
	data, err := os.ReadFile(filepath.Join(dir, "sweep.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &census); err != nil || census.Octal == nil {
		t.Fatalf("sweep.json: %v", err)
	}
	rows, order := committedRows(t, filepath.Join(dir, "results.jsonl"))
	codes := []string{"0.77", "0.07", "0.45", "0.156", "0.16", "4.344", "4.364", "4.406", "0.174", "4.3"}
	if longtest.Enabled() {
		for i := 0; i < len(order); i += 8 {
			codes = append(codes, order[i])
		}
	}
	seen := map[string]bool{}
	var list []string
	for _, c := range codes {
		if !seen[c] {
			seen[c] = true
			list = append(list, c)
		}
	}
	out := t.TempDir()
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Codes: list, To: census.Octal.To, PlainTo: census.Octal.PlainTo, SolvedTo: census.Octal.SolvedTo}}
	if _, err := Run(context.Background(), spec, Options{Out: out, Executor: Local{}}); err != nil {
		t.Fatal(err)
	}
	local, _ := committedRows(t, filepath.Join(out, "results.jsonl"))
	for _, code := range list {
		want, ok := rows[code]
		if !ok {
			t.Fatalf("%s is not in the committed census", code)
		}
		got := local[code]
		for k, v := range want {
			switch {
			case k == "seconds":
				continue
			case k == "note" && want["check"] == "unlisted" && want["plain"] == nil:
				continue
			}
			if !reflect.DeepEqual(got[k], v) {
				t.Errorf("%s: %s is %v here, %v in the committed census", code, k, got[k], v)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok && k != "cpu_seconds" && k != "plain" {
				t.Errorf("%s: %s = %v here, absent from the committed census", code, k, got[k])
			}
		}
		committedCSVMatches(t, code, filepath.Join(dir, "results.csv"), filepath.Join(out, "results.csv"))
		freq := filepath.Join(dir, "frequencies", codeKey(code))
		files, _ := os.ReadDir(freq)
		mine, _ := os.ReadDir(filepath.Join(out, "frequencies", codeKey(code)))
		if len(files) != len(mine) {
			t.Errorf("%s: %d frequency files here, %d committed", code, len(mine), len(files))
		}
		for _, f := range files {
			a, _ := os.ReadFile(filepath.Join(freq, f.Name()))
			b, err := os.ReadFile(filepath.Join(out, "frequencies", codeKey(code), f.Name()))
			if err != nil || !bytes.Equal(a, b) {
				t.Errorf("%s: frequencies/%s/%s differs from the committed file (%v)", code, codeKey(code), f.Name(), err)
			}
		}
	}
	t.Logf("%d codes compared", len(list))
}

// committedRows reads a results.jsonl: each row as a JSON object by code,
// and the codes in order.
func committedRows(t *testing.T, name string) (map[string]map[string]any, []string) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]map[string]any{}
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var r map[string]any
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		code := r["code"].(string)
		rows[code] = r
		order = append(order, code)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows, order
}

// committedCSVMatches compares the code's line of two results.csv files
// column by column, by the committed file's header: every column but
// seconds (and the note of an unlisted row worded before the plain check
// was recorded, as above).
func committedCSVMatches(t *testing.T, code, committed, local string) {
	t.Helper()
	read := func(name string) map[string]string {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		recs, err := csv.NewReader(f).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs[1:] {
			if rec[0] == code {
				m := map[string]string{}
				for i, h := range recs[0] {
					m[h] = rec[i]
				}
				return m
			}
		}
		t.Fatalf("%s: no line of %s", name, code)
		return nil
	}
	want, got := read(committed), read(local)
	for k, v := range want {
		if k == "seconds" || k == "note" && want["check"] == "unlisted" {
			continue
		}
		if got[k] != v {
			t.Errorf("%s: results.csv's %s is %q here, %q committed", code, k, got[k], v)
		}
	}
}
