package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/grundy/grundy/checkpoint"
)

// A sweep with a unit that alone needs more than the memory budget is
// refused before it starts, and leaves no directory.
func TestSweepMemoryRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sweep")
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Codes: []string{"0.07", "0.167"}, To: 1000}}
	_, err := Run(context.Background(), spec, Options{Out: out, MaxMemory: 6000})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "--max-memory") || !strings.Contains(err.Error(), "0.07") {
		t.Fatalf("Run = %v, want a usage error naming the unit and --max-memory", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused sweep made %s (%v)", out, err)
	}
	if _, err := Run(context.Background(), spec, Options{Out: out, MaxMemory: 6006}); err != nil {
		t.Fatalf("a budget of one unit: %v", err)
	}
}

// holdMemory lets a unit start only while the units held fit in the
// budget: with room for one, a second waits (here: until its context ends)
// and starts once the first gives its share back.
func TestHoldMemory(t *testing.T) {
	task, err := newOctalTask(OctalSpec{Codes: []string{"0.07", "0.137"}, To: 999})
	if err != nil {
		t.Fatal(err)
	}
	const max = 6000 + 17 // a budget of this test's own: one unit (6000 bytes) at a time
	if got := unitMemory(task, 1); got != 6000 {
		t.Fatalf("unitMemory = %d, want 6000", got)
	}
	release, err := holdMemory(context.Background(), task, 0, max)
	if err != nil {
		t.Fatal(err)
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := holdMemory(ended, task, 1, max); !errors.Is(err, context.Canceled) {
		t.Fatalf("a second unit beside the first: %v, want it to wait", err)
	}
	release()
	release2, err := holdMemory(ended, task, 1, max)
	if err != nil {
		t.Fatalf("the second unit once the first is done: %v", err)
	}
	release2()
	sh, err := newShardTask(task, Shard{Index: 1, Count: 2})
	if err != nil {
		t.Fatal(err)
	}
	if got := unitMemory(sh, 0); got != 6000 {
		t.Errorf("a shard's unit: %d bytes, want 6000", got)
	}
}

// The budget only orders the units in time: a sweep one unit at a time
// has the results of one without a limit.
func TestSweepMemoryResults(t *testing.T) {
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 2000}}
	var rows [2][]OctalRow
	for k, mem := range []int64{-1, 6 * 2001} {
		dir := t.TempDir()
		if _, err := Run(context.Background(), spec, Options{Out: dir, MaxMemory: mem}); err != nil {
			t.Fatal(err)
		}
		rows[k] = readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	}
	if len(rows[0]) != 7 || len(rows[1]) != 7 {
		t.Fatalf("%d and %d rows, want 7", len(rows[0]), len(rows[1]))
	}
	for i := range rows[0] {
		a, b := rows[0][i], rows[1][i]
		a.Seconds, b.Seconds, a.CPUSeconds, b.CPUSeconds = 0, 0, 0, 0
		if !reflect.DeepEqual(a, b) {
			t.Errorf("without a limit %+v, one at a time %+v", a, b)
		}
	}
}

// The progress counts the values the checkpoints of the units not yet done
// hold, read while their runs append, and leaves out a unit whose part is
// written.
func TestProgressUnderway(t *testing.T) {
	dir := t.TempDir()
	st, err := openStore(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	cp, _, err := checkpoint.Open(filepath.Join(dir, "checkpoints", "0.167"), "0.167", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer cp.Close() // held open, as a running unit holds it
	for v := range uint64(1000) {
		if err := cp.Append(v % 7); err != nil {
			t.Fatal(err)
		}
	}
	if err := cp.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := cp.Append(1); err != nil { // not committed: not counted
		t.Fatal(err)
	}
	var pr progressReader
	pr.update(context.Background(), st, 2)
	if pr.Underway != 1 || pr.Saved != 1000 || pr.Done != 0 {
		t.Errorf("a unit under way: %+v, want 1 with 1000 values saved", pr.Progress)
	}
	if err := os.MkdirAll(filepath.Join(dir, "parts"), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(st.partPath("0.167"), []byte(`{"result":{"computed_to":999}}`), 0o666); err != nil {
		t.Fatal(err)
	}
	pr.update(context.Background(), st, 2)
	if pr.Underway != 0 || pr.Saved != 0 || pr.Done != 1 || pr.Values != 1000 {
		t.Errorf("the unit done: %+v, want none under way", pr.Progress)
	}
}

// A unit's row carries its own CPU time on Linux (its thread's clock), in
// the last column of results.csv; elsewhere the column is empty.
func TestOctalCPUSeconds(t *testing.T) {
	dir := t.TempDir()
	if _, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Codes: []string{"0.167"}, To: 30000}}, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	data, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if !strings.HasSuffix(lines[0], ",checksum,cpu_seconds") || len(rows) != 1 {
		t.Fatalf("header %q, %d rows", lines[0], len(rows))
	}
	last := lines[1][strings.LastIndexByte(lines[1], ',')+1:]
	if _, ok := threadCPU(); ok != (rows[0].CPUSeconds > 0) || ok != (last != "") {
		t.Errorf("thread clock %v: cpu_seconds %v, CSV %q", ok, rows[0].CPUSeconds, last)
	}
}
