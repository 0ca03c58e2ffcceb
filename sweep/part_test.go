package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/filelock"
)

// Issue 27, finding 6: a part in the wrong place is not merged. A part of
// another code copied over a code's part, a part of the same code from a
// sweep with another --to, and a part whose result was edited are each
// moved aside with a warning naming the file and what it holds, and their
// units computed again: the results equal a fresh run's, every code once.
func TestSweepRejectsForeignParts(t *testing.T) {
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 300}}
	dir := t.TempDir()
	if _, err := Run(context.Background(), spec, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	fresh, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	other := t.TempDir() // the same codes to G(200)
	if _, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 200}}, Options{Out: other}); err != nil {
		t.Fatal(err)
	}
	part := func(d, code string) string { return filepath.Join(d, "parts", code+".json") }
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(part(dir, "0.1"), part(dir, "0.7"))   // another code
	copyFile(part(other, "0.4"), part(dir, "0.4")) // another --to
	data, _ := os.ReadFile(part(dir, "0.6"))
	edited := bytes.Replace(data, []byte(`"max_value":`), []byte(`"max_value":1`), 1)
	if bytes.Equal(edited, data) {
		t.Fatal("no max_value in the part of 0.6")
	}
	os.WriteFile(part(dir, "0.6"), edited, 0o644) // an edited result
	os.WriteFile(part(dir, "0.5"), []byte(`{"code":"0.5"}`), 0o644)
	os.Remove(filepath.Join(dir, "results.csv"))

	var warnings []string
	sum, err := Run(context.Background(), spec, Options{Out: dir, Warn: func(m string) { warnings = append(warnings, m) }})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !sameExceptSeconds(string(got), string(fresh)) || sum.Units != 7 {
		t.Errorf("resumed results differ from a fresh run's:\n%s\nwant\n%s", got, fresh)
	}
	want := []string{
		`parts/0.4.json is the part of {"kind":"octal","code":"0.4","to":200}, not of {"kind":"octal","code":"0.4","to":300}; moved to 0.4.json.rejected, computing it again`,
		`parts/0.5.json has no unit, result and checksum (a part of an older grundy, or damaged); moved to 0.5.json.rejected, computing it again`,
		`parts/0.6.json fails its checksum`,
		`parts/0.7.json is the part of {"kind":"octal","code":"0.1","to":300}, not of {"kind":"octal","code":"0.7","to":300}; moved to 0.7.json.rejected, computing it again`,
	}
	if len(warnings) != len(want) {
		t.Fatalf("warnings %q, want %d", warnings, len(want))
	}
	for i, w := range warnings {
		if !strings.Contains(filepath.ToSlash(w), want[i]) {
			t.Errorf("warning %q, want one containing %q", w, want[i])
		}
	}
	for _, code := range []string{"0.4", "0.5", "0.6", "0.7"} {
		if _, err := os.Stat(part(dir, code) + ".rejected"); err != nil {
			t.Errorf("the part of %s was not kept aside: %v", code, err)
		}
	}
}

// sameExceptSeconds compares two results.csv of the octal sweep but for
// the seconds and cpu_seconds columns.
func sameExceptSeconds(a, b string) bool {
	strip := func(s string) string {
		var out []string
		col := slices.Index(strings.Split(strings.SplitN(s, "\n", 2)[0], ","), "seconds")
		for _, l := range strings.Split(s, "\n") {
			if l != "" {
				l = withoutCPU(l)
			}
			f := strings.Split(l, ",")
			if col >= 0 && len(f) > col {
				f[col] = ""
			}
			out = append(out, strings.Join(f, ","))
		}
		return strings.Join(out, "\n")
	}
	return strip(a) == strip(b)
}

// The merge itself refuses a part that is not its unit's, naming it: a
// part that appears after the check (or on a remote store) is never merged.
func TestMergeRefusesForeignPart(t *testing.T) {
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 100}}
	dir := t.TempDir()
	if _, err := Run(context.Background(), spec, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "parts", "0.1.json"))
	os.WriteFile(filepath.Join(dir, "parts", "0.7.json"), data, 0o644)
	task, _ := spec.task()
	st, _ := openStore(dir, nil)
	_, err := task.merge(context.Background(), st)
	var pe *PartError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), `0.7.json is the part of {"kind":"octal","code":"0.1","to":100}`) || !strings.Contains(err.Error(), "run the same command again") {
		t.Errorf("merge: %v", err)
	}
	// Each kind of sweep names its units.
	for _, spec := range []Spec{
		{Kind: "bridge", Bridge: &BridgeSpec{N: 2, Depth: 2}},
		{Kind: "cardflip", Cardflip: &CardflipSpec{Strategies: []string{"stacks"}, M: []int{3, 9}, Players: []int{1}, Models: []string{"table"}, Variants: []string{"standard"}, Method: "auto", Trials: 10, Seed: 4}},
	} {
		task, err := spec.task()
		if err != nil {
			t.Fatal(err)
		}
		for i := range task.units() {
			for j := range task.units() {
				a, _ := json.Marshal(task.unit(i))
				b, _ := json.Marshal(task.unit(j))
				if (i == j) != bytes.Equal(a, b) {
					t.Errorf("%s units %d and %d: %s, %s", spec.Kind, i, j, a, b)
				}
			}
		}
	}
}

// Issue 27, finding 7: a second sweep in a directory a sweep is running in
// is refused, naming the process that holds it.
func TestSweepRefusesLockedDir(t *testing.T) {
	dir := t.TempDir()
	l, err := filelock.TryLock(filepath.Join(dir, "sweep.lock"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 100}}, Options{Out: dir})
	var ue *UsageError
	var le *LockedError
	if !errors.As(err, &ue) || !errors.As(err, &le) || !strings.Contains(err.Error(), "another sweep is running in "+dir+" (pid ") {
		t.Errorf("a locked directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "sweep.json")); err == nil {
		t.Error("the refused sweep wrote sweep.json")
	}
	l.Unlock()
	if _, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 100}}, Options{Out: dir}); err != nil {
		t.Errorf("after the lock was released: %v", err)
	}
}

// A stopped run's temporary files are removed by the next run, and the
// files a sweep writes have the mode os.Create gives (0666 less the umask),
// as checkpoints do.
func TestSweepFilesAndTemporaries(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "parts"), 0o777)
	stale := filepath.Join(dir, "parts", ".tmp-0.1.json-123")
	os.WriteFile(stale, []byte("{"), 0o644)
	if _, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 100}}, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("the stale temporary file is still there")
	}
	ref, err := os.Create(filepath.Join(t.TempDir(), "ref"))
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	want, _ := os.Stat(ref.Name())
	for _, name := range []string{"results.csv", "results.jsonl", "summary.json", "sweep.json", "parts/0.3.json"} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.Mode().Perm() != want.Mode().Perm() {
			t.Errorf("%s: mode %v, %v; want %v as os.Create gives", name, st.Mode().Perm(), err, want.Mode().Perm())
		}
	}
}

// The grid file is read bounded: /dev/zero (here an endless reader) is an
// error naming line 1 after 1 MiB; a file of short lines past 1 MiB names
// the line reached.
func TestParseGridBounds(t *testing.T) {
	_, err := ParseGrid(zeros{})
	var ge *GridError
	if !errors.As(err, &ge) || ge.Line != 1 || !strings.Contains(err.Error(), "the line is longer than 4096 bytes") {
		t.Errorf("endless zeros: %v", err)
	}
	long := "strategies = stacks\n" + strings.Repeat("# a comment\n", 100_000)
	_, err = ParseGrid(strings.NewReader(long))
	if !errors.As(err, &ge) || ge.Line != 87381 || !strings.Contains(err.Error(), "the grid file is longer than 1048576 bytes") {
		t.Errorf("1.2 MB of comments: %v", err)
	}
	line := "strategies = stacks\nm = 4\nplayers = 1\nmodel = table\n" + strings.Repeat(" ", 4097) + "\n"
	if _, err = ParseGrid(strings.NewReader(line)); !errors.As(err, &ge) || ge.Line != 5 {
		t.Errorf("a 4097-byte line 5: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
