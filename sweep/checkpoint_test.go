package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// errKilled stands for a kill: the unit stops at once after a save.
var errKilled = errors.New("killed")

// withoutSeconds is a unit's result (its part's JSON: the row and the
// frequency tables) with the seconds, the fields that depend on the
// machine, zeroed.
func withoutSeconds(t *testing.T, result []byte) string {
	t.Helper()
	var p octalPart
	if err := json.Unmarshal(result, &p); err != nil {
		t.Fatal(err)
	}
	p.Seconds, p.CPUSeconds = 0, 0
	out, _ := json.Marshal(p)
	return string(out)
}

// A unit stopped after some work (as a kill would stop it, right after
// its k-th save) and run again resumes from its checkpoint and gives the
// result of a unit that ran through, byte for byte but for the seconds:
// checksum, largest value, rare heaps, period and frequency tables. The
// codes: .167 and .161 (sparse, no period to their budget, with their
// frequency tables), .156 (proved at 8192, the kernel re-chosen after the
// resume point), Officers (.6, stopped by the plain cap), .354 (a solved
// code taken past To by SolvedTo), 4.004 and Grundy's game (tb:4!.0). A
// second stop in the resumed run resumes again. The checkpoint is where
// the unit's key says, and holds the values saved.
func TestOctalUnitResumesFromCheckpoint(t *testing.T) {
	spec := OctalSpec{To: 30000, PlainTo: 5000, SolvedTo: 80000, Codes: []string{"0.167", "0.161", "0.156", "0.6", "0.354", "4.004", "tb:4!.0"}}
	whole, err := newOctalTask(spec)
	if err != nil {
		t.Fatal(err)
	}
	for i, code := range whole.codes {
		want, err := whole.run(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		task, _ := newOctalTask(spec)
		saves, stops := 0, 0
		ck := &unitCheckpoints{Dir: dir, Every: 1024, saved: func(ctx context.Context, n int) error {
			// Stop at the 3rd save, and at the 5th after a resume.
			if saves++; saves == 3 || saves == 5+3 {
				stops++
				return errKilled
			}
			return nil
		}}
		task.setCheckpoints(ck)
		var got []byte
		for range 3 {
			if got, err = task.run(context.Background(), i); !errors.Is(err, errKilled) {
				break
			}
		}
		if err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		if stops == 0 {
			t.Errorf("%s: never stopped (%d saves)", code, saves)
		}
		if a, b := withoutSeconds(t, got), withoutSeconds(t, want); a != b {
			t.Errorf("%s stopped %d times and resumed:\n%.400s\nwant\n%.400s", code, stops, a, b)
		}
		raw, err := os.ReadFile(filepath.Join(dir, task.key(i), "checkpoint.json"))
		if err != nil || !strings.Contains(string(raw), `"game":"`+code+`"`) {
			t.Errorf("%s: checkpoint %s %v", code, raw, err)
		}
		task.dropCheckpoint(i)
		if _, err := os.Stat(filepath.Join(dir, task.key(i))); !os.IsNotExist(err) {
			t.Errorf("%s: checkpoint left after drop: %v", code, err)
		}
	}
}

// Through Run: a sweep killed in a long unit leaves its checkpoint in
// DIR/checkpoints (a short unit leaves none); the run that resumes it replays it and writes the
// results a sweep run through writes (results.csv but for the seconds),
// and removes the checkpoints.
func TestOctalSweepResumesCheckpoint(t *testing.T) {
	spec := Spec{Kind: "octal", Octal: &OctalSpec{To: 50000, Codes: []string{"0.167", "0.77"}}}
	clean := t.TempDir()
	if _, err := Run(context.Background(), spec, Options{Out: clean, CheckpointEvery: 8192}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// The killed run: unit 0.167 stopped at its 2nd save, as a kill
	// would, its checkpoint left where Run's units keep them.
	task, _ := newOctalTask(*spec.Octal)
	saves := 0
	task.setCheckpoints(&unitCheckpoints{Dir: filepath.Join(dir, "checkpoints"), Every: 8192, saved: func(context.Context, int) error {
		if saves++; saves == 2 {
			return errKilled
		}
		return nil
	}})
	if _, err := task.run(context.Background(), 0); !errors.Is(err, errKilled) {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(filepath.Join(dir, "checkpoints", "0.167", "checkpoint.json"))
	if !strings.Contains(string(raw), `"count":16384,`) {
		t.Fatalf("checkpoint.json: %s", raw)
	}
	// A unit done before its first save (0.77, proved at G(1024)) never
	// touches the disk.
	if _, err := task.run(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "checkpoints", "0.77")); !os.IsNotExist(err) {
		t.Errorf("0.77 has a checkpoint: %v", err)
	}
	if _, err := Run(context.Background(), spec, Options{Out: dir, CheckpointEvery: 8192}); err != nil {
		t.Fatal(err)
	}
	a, b := strings.Join(csvWithoutSeconds(t, dir), "\n"), strings.Join(csvWithoutSeconds(t, clean), "\n")
	if a != b {
		t.Errorf("resumed:\n%s\nrun through:\n%s", a, b)
	}
	if _, err := os.Stat(filepath.Join(dir, "checkpoints")); !os.IsNotExist(err) {
		t.Errorf("checkpoints left: %v", err)
	}
}
