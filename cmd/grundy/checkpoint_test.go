package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/internal/filelock"
)

// subtractStar is examples/subtract.star with the subtraction set given.
func subtractStar(set string) string {
	return "name = \"subtraction game\"\nheap = True\nSET = [" + set + "]\n\ndef moves(n):\n    return [n - s for s in SET if s <= n]\n"
}

// sha12 is the first 12 hex digits of the SHA-256 of s, as messages cut it.
func sha12(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])[:12]
}

// wantOneError checks a run that must fail with exit code and one error
// line on stderr holding want, and print nothing.
func wantOneError(t *testing.T, what string, out, errs string, code, wantCode int, want string) {
	t.Helper()
	if code != wantCode || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "grundy: ") || !strings.Contains(errs, want) {
		t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d and one line with %q", what, code, out, errs, wantCode, want)
	}
}

// Issue 45, finding 4: a values checkpoint is bound to the content of the
// rule file, not its name: edited, the rules resumed G(0..20) of the old
// file and appended G(21..30) of the new one, exit 0, with a checksum. Now
// the run is refused, naming both hashes, and nothing is written; the file
// restored, the run resumes.
func TestValuesCheckpointEditedRules(t *testing.T) {
	dir := t.TempDir()
	rules, ck := filepath.Join(dir, "g.star"), filepath.Join(dir, "ck")
	spec := "starlark:" + rules
	old, edited := subtractStar("1, 3, 4"), subtractStar("1, 2")
	os.WriteFile(rules, []byte(old), 0o644)
	if _, errs, code := grundy(t, "", "values", spec, "--to", "20", "--checkpoint", ck); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(filepath.Join(ck, "values.bin"))
	os.WriteFile(rules, []byte(edited), 0o644)
	out, errs, code := grundy(t, "", "values", spec, "--to", "30", "--checkpoint", ck)
	wantOneError(t, "the edited rules", out, errs, code, exitFailure,
		fmt.Sprintf("checkpoint %s: holds the values of another game %s: it was defined by starlark/1 sha256:%s…, and is by starlark/1 sha256:%s… now", ck, spec, sha12(old), sha12(edited)))
	if now, _ := os.ReadFile(filepath.Join(ck, "values.bin")); !bytes.Equal(now, data) {
		t.Error("values.bin changed")
	}
	os.WriteFile(rules, []byte(old), 0o644)
	out, errs, code = grundy(t, "", "values", spec, "--to", "30", "--checkpoint", ck)
	ref, refErrs, _ := grundy(t, "", "values", "subtract:1,3,4", "--to", "30")
	if code != 0 || out != ref || sumField(errs) != firstField(refErrs) || !strings.HasPrefix(errs, "resuming at n = 21 ") {
		t.Errorf("the file restored: exit %d, %q", code, errs)
	}
}

// Issue 45, finding 4, for misère quotients: a heap game's checkpoint and
// one of positions of a sum with a Starlark component are refused once
// the rule file changed.
func TestMisereCheckpointEditedRules(t *testing.T) {
	dir := t.TempDir()
	rules := filepath.Join(dir, "g.star")
	spec := "starlark:" + rules
	old, edited := subtractStar("1, 3, 4"), subtractStar("1, 2")
	for _, c := range []struct {
		name string
		args []string
	}{
		{"heaps", []string{"misere", "quotient", spec, "--heaps", "8"}},
		{"positions of a sum", []string{"misere", "quotient", "sum", "--position", spec + " 5 + nim 2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ck := filepath.Join(t.TempDir(), "q.ckpt")
			os.WriteFile(rules, []byte(old), 0o644)
			args := append(c.args, "--checkpoint", ck)
			first, errs, code := grundy(t, "", args...)
			if code != 0 {
				t.Fatal(errs)
			}
			os.WriteFile(rules, []byte(edited), 0o644)
			out, errs, code := grundy(t, "", args...)
			wantOneError(t, "the edited rules", out, errs, code, exitFailure,
				fmt.Sprintf("it was defined by %sstarlark/1 sha256:%s…, and is by %sstarlark/1 sha256:%s… now", prefixOf(c.name, spec), sha12(old), prefixOf(c.name, spec), sha12(edited)))
			os.WriteFile(rules, []byte(old), 0o644)
			if again, errs, code := grundy(t, "", args...); code != 0 || again != first {
				t.Errorf("the file restored: exit %d, %q", code, errs)
			}
		})
	}
}

// prefixOf is what precedes a Starlark component's content in a sum's.
func prefixOf(name, spec string) string {
	if strings.HasPrefix(name, "positions") {
		return spec + " "
	}
	return ""
}

// misereHeader is a format-1 misère checkpoint header (before issue 45,
// the header was outside the checksum), with the checksum of an empty
// state.
func misereHeader(key string, heaps string) string {
	return `{"format":1,"key":"` + key + `","heaps":` + heaps + `,"size":1,"letters":0,"checksum":"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"}` + "\n"
}

// Issue 45, finding 5: misère checkpoints are checked whole before use:
// heaps: -1 panicked, heaps: 10^12 ran out of memory, /dev/zero was read
// until memory ran out (4.3 GB). Each is one error line, exit 1.
func TestMisereCheckpointRefused(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, content, want string
	}{
		{"heaps -1", misereHeader("octal:0.16", "-1"), "its header is damaged: -1 heaps"},
		{"heaps 10^12", misereHeader("octal:0.16", "1000000000000"), "do not fit in its 0 bytes of state"},
		{"garbage", "\x00\x01garbage", "not a misère quotient checkpoint"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_"))
		os.WriteFile(path, []byte(c.content), 0o644)
		out, errs, code := grundy(t, "", "misere", "quotient", "octal:0.16", "--heaps", "20", "--checkpoint", path)
		wantOneError(t, c.name, out, errs, code, exitFailure, c.want)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		out, errs, code := grundy(t, "", "misere", "quotient", "octal:0.16", "--checkpoint", "/dev/zero")
		wantOneError(t, "/dev/zero", out, errs, code, exitFailure, "checkpoint /dev/zero: is not a regular file (a device or a pipe)")
	}
	// Larger than --max-memory: refused before it is read.
	path := filepath.Join(dir, "big")
	os.WriteFile(path, bytes.Repeat([]byte{'x'}, 2<<20), 0o644)
	out, errs, code := grundy(t, "", "misere", "quotient", "octal:0.16", "--checkpoint", path, "--max-memory", "1MiB")
	wantOneError(t, "2 MiB under --max-memory 1MiB", out, errs, code, exitFailure, "is 2097152 bytes, more than the 1048576 a checkpoint of this run can hold")
}

// Issue 45, finding 5: two runs on one misère checkpoint are locked out of
// each other, as values' are: a second run is refused while the first
// holds FILE.lock (they shared FILE.tmp, and a run to heap 41 overwrote
// the progress of one at heap 215), and the first one's checkpoint stays.
func TestMisereCheckpointLocked(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.ckpt")
	if _, errs, code := grundy(t, "", "misere", "quotient", "octal:0.07", "--heaps", "12", "--checkpoint", path); code != 0 {
		t.Fatal(errs)
	}
	saved, _ := os.ReadFile(path)
	holder, err := filelock.TryLock(path + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := grundy(t, "", "misere", "quotient", "octal:0.07", "--heaps", "5", "--checkpoint", path)
	holder.Unlock()
	wantOneError(t, "a second run", out, errs, code, exitFailure, "checkpoint "+path+": is in use by another run (pid ")
	if now, _ := os.ReadFile(path); !bytes.Equal(now, saved) {
		t.Error("the checkpoint changed")
	}
}

// Issue 45, finding 7: checkpoints are not followed through links (their
// targets were overwritten): a values.bin or a misère checkpoint that is
// a link is refused, its target left alone; a checkpoint directory that
// is a link is used.
func TestCheckpointLinks(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "precious")
	os.WriteFile(target, []byte("keep me\n"), 0o644)
	ck := filepath.Join(dir, "ck")
	os.Mkdir(ck, 0o755)
	if err := os.Symlink(target, filepath.Join(ck, "values.bin")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	out, errs, code := grundy(t, "", "values", "kayles", "--to", "100", "--checkpoint", ck)
	wantOneError(t, "values.bin a link", out, errs, code, exitFailure, "values.bin: is a symbolic link")
	q := filepath.Join(dir, "q.ckpt")
	os.Symlink(target, q)
	out, errs, code = grundy(t, "", "misere", "quotient", "octal:0.07", "--heaps", "5", "--checkpoint", q)
	wantOneError(t, "a misère checkpoint that is a link", out, errs, code, exitFailure, "checkpoint "+q+": is a symbolic link")
	if b, _ := os.ReadFile(target); string(b) != "keep me\n" {
		t.Errorf("the links' target holds %q", b)
	}
	real := filepath.Join(dir, "real")
	os.Mkdir(real, 0o755)
	os.Symlink(real, filepath.Join(dir, "linked"))
	ref, _, _ := grundy(t, "", "values", "kayles", "--to", "100")
	if out, errs, code := grundy(t, "", "values", "kayles", "--to", "100", "--checkpoint", filepath.Join(dir, "linked")); code != 0 || out != ref {
		t.Errorf("a linked directory: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(real, "values.bin")); err != nil {
		t.Errorf("the values are not in the linked directory: %v", err)
	}
}

// Issue 45, finding 7: a finished checkpoint replays from read-only media
// (it took a lock and opened values.bin for writing, and failed): values
// and misere quotient print what a fresh run prints, and a run that needs
// more says the checkpoint cannot be written. As root, the test binary
// runs the command in a mount namespace of its own where the directory is
// mounted read-only (root writes through any permission); as another
// user, the directory and its files lose their write permission.
func TestReadOnlyReplay(t *testing.T) {
	dir := t.TempDir()
	ck, q := filepath.Join(dir, "ck"), filepath.Join(dir, "q.ckpt")
	if _, errs, code := grundy(t, "", "values", "kayles", "--to", "3000", "--checkpoint", ck); code != 0 {
		t.Fatal(errs)
	}
	if _, errs, code := grundy(t, "", "misere", "quotient", "octal:0.75", "--checkpoint", q); code != 0 {
		t.Fatal(errs)
	}
	os.Remove(filepath.Join(ck, "checkpoint.lock"))
	os.Remove(q + ".lock")
	readOnly := func(args ...string) (string, string, int) {
		if cmd := readOnlyCommand(dir, args...); cmd != nil {
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			err := cmd.Run()
			var ee *exec.ExitError
			if errors.As(err, &ee) && ee.ExitCode() == 77 {
				t.Skip("cannot mount read-only here:", errb.String())
			}
			return out.String(), errb.String(), cmd.ProcessState.ExitCode()
		}
		for _, p := range []string{filepath.Join(ck, "values.bin"), filepath.Join(ck, "checkpoint.json"), q} {
			os.Chmod(p, 0o444)
		}
		os.Chmod(ck, 0o555)
		os.Chmod(dir, 0o555)
		defer os.Chmod(dir, 0o755)
		defer os.Chmod(ck, 0o755)
		return grundy(t, "", args...)
	}
	ref, _, _ := grundy(t, "", "values", "kayles", "--to", "3000")
	out, errs, code := readOnly("values", "kayles", "--to", "3000", "--checkpoint", ck)
	if code != 0 || out != ref || !strings.HasPrefix(errs, "replaying G(0..3000) from the checkpoint "+ck+" (nothing left to compute)\n") {
		t.Errorf("values from a read-only checkpoint: exit %d, %q", code, errs)
	}
	out, errs, code = readOnly("values", "kayles", "--to", "3001", "--checkpoint", ck)
	if code != exitFailure || !strings.Contains(errs, "cannot be written") || !strings.Contains(errs, "it holds 3001 values and this run needs 3002") {
		t.Errorf("values past a read-only checkpoint: exit %d, %q", code, errs)
	}
	refQ, _, _ := grundy(t, "", "misere", "quotient", "octal:0.75")
	out, errs, code = readOnly("misere", "quotient", "octal:0.75", "--checkpoint", q)
	if code != 0 || out != refQ {
		t.Errorf("misere quotient from a read-only checkpoint: exit %d, %q", code, errs)
	}
	out, errs, code = readOnly("misere", "quotient", "octal:0.16", "--checkpoint", filepath.Join(dir, "new.ckpt"), "--heaps", "3")
	if code != exitFailure || !strings.Contains(errs, "cannot be written") {
		t.Errorf("a new misère checkpoint on read-only media: exit %d, %q", code, errs)
	}
	for _, p := range []string{filepath.Join(ck, "checkpoint.lock"), q + ".lock"} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was made", p)
		}
	}
}

// Issue 44 §4: a checkpointed run stopped by Ctrl-C says where its
// checkpoint stands and how to resume, and the resumed run says where it
// resumes: values and misere quotient.
func TestCheckpointInterrupted(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "ck")
	_, errs, code := interrupted(t, "values", "kayles", "--to", "400000", "--checkpoint", ck, "--checkpoint-every", "0s")
	n := checkpointCount(t, ck)
	if code != exitCanceled || n == 0 || errs != fmt.Sprintf("grundy: search canceled; the checkpoint %s holds G(0..%d): run the same command to resume\n", ck, n-1) {
		t.Errorf("values interrupted: exit %d, %d values committed, %q", code, n, errs)
	}
	out, errs, code := grundy(t, "", "values", "kayles", "--to", "400000", "--checkpoint", ck)
	ref, _, _ := grundy(t, "", "values", "kayles", "--to", "400000")
	if code != 0 || out != ref || !strings.HasPrefix(errs, fmt.Sprintf("resuming at n = %d (the checkpoint %s holds G(0..%d))\n", n, ck, n-1)) {
		t.Errorf("resumed: exit %d, %q", code, errs)
	}

	q := filepath.Join(t.TempDir(), "q.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Ctrl-C once heap 17 is done (its progress line is written).
	stderr := &cancelAfter{want: "heap 17:", cancel: cancel}
	code = run(ctx, []string{"misere", "quotient", "octal:0.16", "--checkpoint", q, "--progress"}, &streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: stderr})
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	if code != exitCanceled || !strings.HasSuffix(last, "search canceled; the checkpoint "+q+" holds the heaps 0..17: run the same command to resume") {
		t.Errorf("misere quotient interrupted: exit %d, %q", code, last)
	}
	_, errs, _ = grundy(t, "", "misere", "quotient", "octal:0.16", "--checkpoint", q, "--max-work", "1000")
	if !strings.HasPrefix(errs, "resuming at heap 18 (the checkpoint "+q+" holds the heaps 0..17)\n") {
		t.Errorf("misere quotient resumed: %q", errs)
	}
}

// cancelAfter is a stderr that calls cancel once want is written to it.
type cancelAfter struct {
	bytes.Buffer
	want   string
	cancel func()
}

func (w *cancelAfter) Write(p []byte) (int, error) {
	n, err := w.Buffer.Write(p)
	if w.cancel != nil && strings.Contains(w.String(), w.want) {
		w.cancel()
		w.cancel = nil
	}
	return n, err
}

// Issue 44 §4: misere quotient shows its progress on a terminal, as values
// does: the heap, the order of the quotient, the heap's largest candidate;
// and a resumed values run's bar counts only the values it computes.
func TestLongRunProgress(t *testing.T) {
	var errb bytes.Buffer
	code := run(context.Background(), []string{"misere", "quotient", "octal:0.16", "--max-work", "3000000"}, &streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &errb, tty: true, everyFrame: true})
	if code != exitLimit || !strings.Contains(errb.String(), "heap 16: quotient of 124 elements") || !strings.Contains(errb.String(), "heap 17: quotient of 154 elements, candidate of ") {
		t.Errorf("misere quotient's bar: exit %d, %q", code, errb.String())
	}
	ck := t.TempDir()
	grundy(t, "", "values", "kayles", "--to", "50000", "--checkpoint", ck)
	errb.Reset()
	code = run(context.Background(), []string{"values", "kayles", "--to", "150000", "--checkpoint", ck}, &streams{in: strings.NewReader(""), out: &bytes.Buffer{}, err: &errb, tty: true, everyFrame: true})
	if code != 0 || !strings.Contains(errb.String(), "values from n = 50001") || !strings.Contains(errb.String(), "/100000") || strings.Contains(errb.String(), "/150001") {
		t.Errorf("values' bar when resumed: exit %d, %q", code, errb.String())
	}
}

// Issue 45, finding 6, on the command line: a census resumed under a
// larger --max-work computes the rows stopped by the smaller one again,
// and says so; a damaged row is dropped, said, and computed again, the
// others read back; a second census into the same --out is refused.
func TestCensusResume(t *testing.T) {
	out := t.TempDir()
	census := func(work string) (string, int) {
		_, errs, code := grundy(t, "", "misere", "census", "--digits", "1", "--out", out, "--max-work", work)
		return errs, code
	}
	if errs, code := census("300"); code != 0 || !strings.Contains(errs, "0.4: growing to heap 10,") {
		t.Fatalf("exit %d, %q", code, errs)
	}
	errs, code := census("100000")
	if code != 0 || !strings.Contains(errs, "0.4: growing to heap 25, 24 elements, P 5 (computed again: its row (growing at heap 10) stopped under a work limit of 300, and this run's is 100000)") ||
		!strings.Contains(errs, "0.5: proved to heap 6, 2 elements, P 1 (from the census file)") {
		t.Errorf("a larger --max-work: exit %d, %q", code, errs)
	}
	path := filepath.Join(out, "census.jsonl")
	raw, _ := os.ReadFile(path)
	os.WriteFile(path, bytes.Replace(raw, []byte(`"code":"0.4","heaps":25`), []byte(`"code":"0.4","heaps":26`), 1), 0o644)
	errs, code = census("100000")
	if code != 0 || !strings.Contains(errs, "census.jsonl line 5: dropped (its check does not match: it was damaged)\n") ||
		!strings.Contains(errs, "0.4: growing to heap 25, 24 elements, P 5 (computed again: its row (line 5 of census.jsonl) was dropped") ||
		strings.Count(errs, "(from the census file)") != 7 {
		t.Errorf("a damaged row: exit %d, %q", code, errs)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, raw) {
		t.Errorf("census.jsonl after the resume differs")
	}
	holder, err := filelock.TryLock(filepath.Join(out, "census.lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Unlock()
	errs, code = census("100000")
	if code != exitFailure || !strings.HasPrefix(errs, "grundy: census "+out+": is in use by another census (pid ") {
		t.Errorf("a second census: exit %d, %q", code, errs)
	}
}
