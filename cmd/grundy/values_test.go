package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets a test run the real command as a subprocess (to kill it).
func TestMain(m *testing.M) {
	if os.Getenv("GRUNDY_TEST_RUN_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func TestValuesOctal(t *testing.T) {
	out, errs, code := grundy(t, "", "values", "kayles", "--to", "12")
	if want := "0\t0\n1\t1\n2\t2\n3\t3\n4\t1\n5\t4\n6\t3\n7\t2\n8\t1\n9\t4\n10\t2\n11\t6\n12\t4\n"; code != 0 || out != want {
		t.Errorf("values kayles = %d %q", code, out)
	}
	// The checksum line: sha256 of the values as 8-byte little-endian words.
	if want := "sha256:cfd3a5e3bf69bb0b8d01752334a86a3257a841bf75f7f7a980aa50293489b81c G(0..12) ["; !strings.HasPrefix(errs, want) {
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
	want := `{"preperiod":71,"period":12,"status":"proved","computed_to":1024,"criterion":"Guy–Smith: G(n+12) = G(n) for max(n0,1) = 71 ≤ n < 2·71 + 1·12 + 2 = 156 (at most 2 heaps left, at most 2 tokens removed; values checked to 1024)"}` + "\n"
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
		{[]string{"period", "kayles", "--max", "0"}, "--max must be at least 1"},
		{[]string{"period", "octal:0.9"}, `column 9: digit 9 is not an octal digit`},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.msg) {
			t.Errorf("grundy %v = %d %q %q", c.args, code, out, errs)
		}
	}
}

// An interrupted run (here by its --timeout) resumes from the checkpoint
// and prints exactly what an uninterrupted run prints.
func TestCheckpointResumeAfterTimeout(t *testing.T) {
	dir := t.TempDir()
	args := []string{"values", "grundy", "--to", "60000", "--checkpoint", dir, "--checkpoint-every", "0s"}
	_, _, code := grundy(t, "", append(args, "--timeout", "150ms")...)
	if code != 1 {
		t.Skipf("first run was not interrupted (exit %d): machine too fast", code)
	}
	committed := checkpointCount(t, dir)
	out, errs, code := grundy(t, "", args...)
	ref, refErrs, _ := grundy(t, "", "values", "grundy", "--to", "60000")
	if code != 0 || out != ref || firstField(errs) != firstField(refErrs) {
		t.Fatalf("resumed run differs (exit %d, %d committed before): %q vs %q", code, committed, firstField(errs), firstField(refErrs))
	}
	// JSON output from a complete checkpoint equals a fresh JSON run.
	out, _, _ = grundy(t, "", "values", "grundy", "--to", "60000", "--checkpoint", dir, "--json")
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
	if code != 0 || out != ref || firstField(errs) != firstField(refErrs) {
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
