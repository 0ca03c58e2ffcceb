package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/internal/jsonout"
)

// TestMain lets a test run the real command as a subprocess (to kill it).
// With GRUNDY_TEST_READY=1 the child prints "ready" on stderr once it
// handles Ctrl-C, and "reading" when the command first reads its standard
// input. With GRUNDY_TEST_NO_GRACE=1 it runs the command under the signal
// context as main does, but without main's one-second grace after which
// grundy exits whatever the command is doing: a test of how a command ends
// on a signal then sees the command end by itself or not at all, not the
// grace ending it (which would make the outcome a race with a clock).
func TestMain(m *testing.M) {
	if os.Getenv("GRUNDY_TEST_RUN_MAIN") == "1" {
		readOnlyMount() // with GRUNDY_TEST_READONLY: TestReadOnlyReplay
		var ready func()
		var in io.Reader = os.Stdin
		if os.Getenv("GRUNDY_TEST_READY") == "1" {
			ready = func() { fmt.Fprintln(os.Stderr, "ready") }
			in = &announceRead{r: os.Stdin}
		}
		if os.Getenv("GRUNDY_TEST_NO_GRACE") == "1" {
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			if ready != nil {
				ready()
			}
			code := run(ctx, os.Args[1:], newStreams(in, os.Stdout, os.Stderr))
			stop()
			os.Exit(code)
		}
		os.Exit(mainRun(ready))
	}
	os.Exit(m.Run())
}

// announceRead prints "reading" on stderr at its first Read, before it
// blocks on the input: the command is then waiting for input.
type announceRead struct {
	r    io.Reader
	once sync.Once
}

func (a *announceRead) Read(p []byte) (int, error) {
	a.once.Do(func() { fmt.Fprintln(os.Stderr, "reading") })
	return a.r.Read(p)
}

func TestValuesOctal(t *testing.T) {
	out, errs, code := grundy(t, "", "values", "kayles", "--to", "12")
	if want := "0\t0\n1\t1\n2\t2\n3\t3\n4\t1\n5\t4\n6\t3\n7\t2\n8\t1\n9\t4\n10\t2\n11\t6\n12\t4\n"; code != 0 || out != want {
		t.Errorf("values kayles = %d %q", code, out)
	}
	// The checksum line: sha256 of the values as 8-byte little-endian words.
	if want := "sha256:cfd3a5e3bf69bb0b8d01752334a86a3257a841bf75f7f7a980aa50293489b81c = SHA-256 of G(0..12) as 8-byte little-endian integers, not of the text ["; !strings.HasPrefix(errs, want) {
		t.Errorf("stderr = %q, want prefix %q", errs, want)
	}
	out, _, _ = grundy(t, "", "values", "kayles", "--to", "12", "--json")
	var v struct {
		Game     string   `json:"game"`
		Start    int      `json:"start"`
		Values   []uint64 `json:"values"`
		Checksum string   `json:"checksum"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil || v.Game != "kayles" || len(v.Values) != 13 || !strings.HasPrefix(errs, v.Checksum) {
		t.Errorf("json = %q (%v)", out, err)
	}
}

func TestPeriodCommand(t *testing.T) {
	out, _, code := grundy(t, "", "period", "kayles", "--json")
	want := `{"game":"kayles","preperiod":71,"period":12,"status":"proved","computed_to":1024,"criterion":"Guy–Smith: G(n+12) = G(n) for max(n0,1) = 71 ≤ n < 2·71 + 1·12 + 2 = 156 (at most 2 heaps left, at most 2 tokens removed; values checked to 1024)"}` + "\n"
	if code != 0 || out != want {
		t.Errorf("period kayles --json = %d %q", code, out)
	}
	out, _, code = grundy(t, "", "period", "grundy", "--max", "3000")
	if code != 0 || !strings.HasPrefix(out, "grundy: no period found up to n = 3000.") {
		t.Errorf("period grundy = %d %q", code, out)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"period", "nim"}, "nim has no period search"},
		{[]string{"period", "kayles", "--max", "0"}, "--to must be at least 1"},
		{[]string{"period", "octal:0.9"}, `column 9: digit 9 is not an octal digit`},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.msg) {
			t.Errorf("grundy %v = %d %q %q", c.args, code, out, errs)
		}
	}
}

// An interrupted run resumes from the checkpoint and prints exactly what an
// uninterrupted run prints. Interrupted by a work budget, the first run
// stops after its first chunk on any machine (16,385 values committed; the
// budget is checked for the whole range once a chunk shows no period);
// interrupted by its --timeout, wherever the clock stops it (with some
// values committed, none, or, on a machine fast enough, all: each is a
// state the resumed run must continue from). (It used to skip unless the
// timeout exited 1, and a time budget exits 2: it never ran.)
func TestCheckpointResumeAfterTimeout(t *testing.T) {
	ref, refErrs, _ := grundy(t, "", "values", "grundy", "--to", "60000")
	var dir string
	for _, c := range []struct {
		stop        []string
		interrupted bool // always, whatever the machine
	}{
		{[]string{"--max-positions", "20000"}, true},
		{[]string{"--timeout", "150ms"}, false},
	} {
		dir = t.TempDir()
		args := []string{"values", "grundy", "--to", "60000", "--checkpoint", dir, "--checkpoint-every", "0s"}
		_, errs, code := grundy(t, "", append(args, c.stop...)...)
		committed := checkpointCount(t, dir)
		switch {
		case code == exitLimit && committed < 60001:
		case code == exitOK && !c.interrupted:
		default:
			t.Fatalf("%v: exit %d, %d values committed, %q", c.stop, code, committed, errs)
		}
		if c.interrupted && committed != 16385 {
			t.Errorf("%v: %d values committed, want the first chunk (16385)", c.stop, committed)
		}
		t.Logf("%v: exit %d, %d values committed", c.stop, code, committed)
		out, errs, code := grundy(t, "", args...)
		if code != 0 || out != ref || sumField(errs) != firstField(refErrs) {
			t.Fatalf("%v: resumed run differs (exit %d, %d committed before): %q vs %q", c.stop, code, committed, sumField(errs), firstField(refErrs))
		}
		if committed > 0 && committed < 60001 && !strings.HasPrefix(errs, fmt.Sprintf("resuming at n = %d (the checkpoint %s holds G(0..%d))\n", committed, dir, committed-1)) {
			t.Errorf("%v: the resumed run says %q", c.stop, errs)
		}
	}
	// JSON output from a complete checkpoint equals a fresh JSON run.
	out, _, _ := grundy(t, "", "values", "grundy", "--to", "60000", "--checkpoint", dir, "--json")
	ref, _, _ = grundy(t, "", "values", "grundy", "--to", "60000", "--json")
	if out != ref {
		t.Error("JSON from the checkpoint differs")
	}
}

// kill -9 a real process in the middle of a run; the same command resumes
// and prints byte-identical output.
func TestCheckpointKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a subprocess")
	}
	dir := t.TempDir()
	const to = "200000"
	args := []string{"values", "grundy", "--to", to, "--checkpoint", dir, "--checkpoint-every", "0s"}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "GRUNDY_TEST_RUN_MAIN=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for checkpointCount(t, dir) < 40000 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Kill() // SIGKILL: no chance to clean up
	err := cmd.Wait()
	killed := checkpointCount(t, dir)
	if err == nil || killed >= 200001 {
		t.Skipf("the run finished before it could be killed (%v, %d values)", err, killed)
	}
	out, errs, code := grundy(t, "", args...)
	ref, refErrs, _ := grundy(t, "", "values", "grundy", "--to", to)
	if code != 0 || out != ref || sumField(errs) != firstField(refErrs) {
		t.Fatalf("resumed after kill -9 at %d values: output differs (exit %d)", killed, code)
	}
	t.Logf("killed after %d committed values; resumed output identical (%s)", killed, firstField(errs))
}

func checkpointCount(t *testing.T, dir string) int {
	raw, err := os.ReadFile(filepath.Join(dir, "checkpoint.json"))
	if err != nil {
		return 0
	}
	var m struct {
		Count int `json:"count"`
	}
	json.Unmarshal(raw, &m)
	return m.Count
}

func firstField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// sumField is the checksum of a values run's stderr: the first field of
// its last line (a resumed run first says where it resumes).
func sumField(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return firstField(lines[len(lines)-1])
}

// hookWriter is a stdout that calls hook the first time the command writes
// to it, that is once it has printed its first 64 KiB (the size of its
// buffer): an event in the middle of the stream, without timing.
type hookWriter struct {
	bytes.Buffer
	hook func()
}

func (w *hookWriter) Write(b []byte) (int, error) {
	if w.hook != nil {
		w.hook()
		w.hook = nil
	}
	return w.Buffer.Write(b)
}

// runHooked runs grundy with args and calls hook(cancel) as soon as it
// prints.
func runHooked(t *testing.T, hook func(cancel context.CancelFunc), args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &hookWriter{hook: func() { hook(cancel) }}
	var errb bytes.Buffer
	code := run(ctx, args, &streams{in: strings.NewReader(""), out: out, err: &errb})
	return out.String(), errb.String(), code
}

// interrupted runs grundy with args, cancelled (Ctrl-C) as soon as it prints.
func interrupted(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return runHooked(t, func(cancel context.CancelFunc) { cancel() }, args...)
}

// decodeSequence parses the output of values --json: exactly one JSON
// document with no key outside catalog.Sequence. It also checks that the
// streamed bytes are jsonout's encoding of that Sequence (as /api/values
// would encode it).
func decodeSequence(t *testing.T, out string) catalog.Sequence {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	var seq catalog.Sequence
	if err := dec.Decode(&seq); err != nil {
		t.Fatalf("stdout is not a JSON sequence: %v\n%.300s…", err, out)
	}
	if dec.More() {
		t.Fatalf("stdout holds more than one JSON document: %.300s…", out)
	}
	var enc bytes.Buffer
	if err := jsonout.Write(&enc, seq); err != nil || enc.String() != out {
		t.Errorf("stdout differs from jsonout's encoding of its Sequence (%v)", err)
	}
	return seq
}

// wantPrefix checks that vals are G(0), G(1), … of game, against a complete
// run of the same command.
func wantPrefix(t *testing.T, game string, vals []impartial.Nimber) {
	t.Helper()
	ref, _, code := grundy(t, "", "values", game, "--to", strconv.Itoa(len(vals)-1), "--json")
	if code != 0 {
		t.Fatalf("reference run failed: %d", code)
	}
	if want := decodeSequence(t, ref).Values; !slices.Equal(vals, want) {
		t.Errorf("the %d values before the error differ from a complete run's", len(vals))
	}
}

// An interruption in the middle of values --json (Ctrl-C: the context is
// cancelled) still leaves one valid JSON document on stdout: the values
// computed so far, closed, with "error" and without "checksum"; exit 130 and
// the same error line on stderr.
func TestValuesJSONInterrupted(t *testing.T) {
	const to = 400000
	out, errs, code := interrupted(t, "values", "kayles", "--to", strconv.Itoa(to), "--json")
	if code != exitCanceled {
		t.Errorf("exit status %d, want %d", code, exitCanceled)
	}
	seq := decodeSequence(t, out)
	if seq.Game != "kayles" || seq.Start != 0 || seq.Checksum != "" {
		t.Errorf("game %q start %d checksum %q: want kayles, 0 and no checksum", seq.Game, seq.Start, seq.Checksum)
	}
	if seq.Error != "search canceled" || errs != "grundy: "+seq.Error+"\n" {
		t.Errorf("error %q, stderr %q", seq.Error, errs)
	}
	// At least what filled the 64 KiB buffer, and not everything.
	if n := len(seq.Values); n < 10000 || n > to {
		t.Fatalf("%d values before the interruption", n)
	}
	wantPrefix(t, "kayles", seq.Values)
	t.Logf("interrupted after %d values", len(seq.Values))
}

// The same interruption in text: whole lines "n<TAB>G(n)" from 0, no
// checksum line.
func TestValuesTextInterrupted(t *testing.T) {
	out, errs, code := interrupted(t, "values", "kayles", "--to", "400000")
	if code != exitCanceled || errs != "grundy: search canceled\n" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if !strings.HasSuffix(out, "\n") {
		t.Fatalf("stdout ends in a half line: …%q", out[max(0, len(out)-40):])
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	vals := make([]impartial.Nimber, len(lines))
	for i, l := range lines {
		n, v, ok := strings.Cut(l, "\t")
		x, err := strconv.ParseUint(v, 10, 64)
		if !ok || n != strconv.Itoa(i) || err != nil {
			t.Fatalf("line %d = %q", i+1, l)
		}
		vals[i] = impartial.Nimber(x)
	}
	if len(vals) < 10000 || len(vals) > 400000 {
		t.Fatalf("%d values before the interruption", len(vals))
	}
	wantPrefix(t, "kayles", vals)
}

// A run that fails after values came from a checkpoint (here: the budget
// refuses the rest) prints those values and the error, in JSON and in
// text; one that fails before any value prints an empty list and the error.
// subtract:1,3,4 computes its values at once, kayles streams them.
func TestValuesJSONFailsAfterCheckpoint(t *testing.T) {
	for _, game := range []string{"subtract:1,3,4", "kayles"} {
		dir := t.TempDir()
		if _, _, code := grundy(t, "", "values", game, "--to", "50", "--checkpoint", dir); code != 0 {
			t.Fatalf("%s: first run failed", game)
		}
		args := []string{"values", game, "--to", "100000", "--checkpoint", dir, "--max-positions", "1000"}
		out, errs, code := grundy(t, "", append(args, "--json")...)
		seq := decodeSequence(t, out)
		const msg = "the values G(0..100000): position budget exhausted: more than 1000 positions needed (raise --max-positions to search further)"
		note := "; the checkpoint " + dir + " holds G(0..50): run the same command to resume"
		resumed := "resuming at n = 51 (the checkpoint " + dir + " holds G(0..50))\n"
		if code != exitLimit || seq.Error != msg+note || errs != resumed+"grundy: "+msg+note+"\n" || seq.Checksum != "" || len(seq.Values) != 51 {
			t.Errorf("%s: exit %d, %d values, error %q, checksum %q, stderr %q", game, code, len(seq.Values), seq.Error, seq.Checksum, errs)
		}
		wantPrefix(t, game, seq.Values)
		text, _, code := grundy(t, "", args...)
		ref, _, _ := grundy(t, "", "values", game, "--to", "50")
		if code != exitLimit || text != ref {
			t.Errorf("%s: text after the checkpoint = %d %q, want %q", game, code, text, ref)
		}

		out, _, code = grundy(t, "", "values", game, "--to", "100000", "--max-positions", "1000", "--json")
		if want := `{"game":"` + game + `","start":0,"values":[],"error":"` + msg + `"}` + "\n"; code != exitLimit || out != want {
			t.Errorf("%s: no values = %d %q, want %q", game, code, out, want)
		}
	}
}

// A checkpoint that fails in the middle of the run (its directory vanishes
// once the first 64 KiB are printed; every chunk is committed) ends the
// JSON document with the error too.
func TestValuesJSONCheckpointFails(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ckpt")
	out, errs, code := runHooked(t, func(context.CancelFunc) { os.RemoveAll(dir) },
		"values", "kayles", "--to", "400000", "--checkpoint", dir, "--checkpoint-every", "0s", "--json")
	seq := decodeSequence(t, out)
	if code != exitFailure || seq.Checksum != "" || !strings.Contains(seq.Error, "checkpoint.json.tmp") || errs != "grundy: "+seq.Error+"\n" {
		t.Errorf("exit %d, checksum %q, error %q, stderr %q", code, seq.Checksum, seq.Error, errs)
	}
	if n := len(seq.Values); n < 10000 || n > 400000 {
		t.Fatalf("%d values before the failure", n)
	}
	wantPrefix(t, "kayles", seq.Values)
	t.Logf("%d values, then %s", len(seq.Values), seq.Error)
}

// Issue 27, finding 8: a checkpoint another run holds is refused (exit 1)
// and left alone; a checkpoint.json whose byte length passes values.bin's
// size is refused before values.bin is touched.
func TestValuesCheckpointRefusals(t *testing.T) {
	dir := t.TempDir()
	if _, errs, code := grundy(t, "", "values", "kayles", "--to", "100", "--checkpoint", dir); code != 0 {
		t.Fatal(errs)
	}
	holder, _, err := checkpoint.OpenCount(dir, "kayles", 0)
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := grundy(t, "", "values", "kayles", "--to", "200", "--checkpoint", dir)
	if code != 1 || out != "" || !strings.HasPrefix(errs, "grundy: checkpoint "+dir+": is in use by another run (pid ") {
		t.Errorf("a checkpoint in use: %d %q %q", code, out, errs)
	}
	holder.Close()
	manifest := filepath.Join(dir, "checkpoint.json")
	raw, _ := os.ReadFile(manifest)
	var m map[string]any
	json.Unmarshal(raw, &m)
	m["data_bytes"] = 50_000_000_000
	raw, _ = json.Marshal(m)
	os.WriteFile(manifest, raw, 0o644)
	before, _ := os.Stat(filepath.Join(dir, "values.bin"))
	_, errs, code = grundy(t, "", "values", "kayles", "--to", "200", "--checkpoint", dir)
	if code != 1 || !strings.Contains(errs, "checkpoint.json says values.bin holds 50000000000 bytes, but it has ") {
		t.Errorf("a damaged size: %d %q", code, errs)
	}
	if after, err := os.Stat(filepath.Join(dir, "values.bin")); err != nil || after.Size() != before.Size() {
		t.Errorf("values.bin was %d bytes, is %v (%v)", before.Size(), after.Size(), err)
	}
}
