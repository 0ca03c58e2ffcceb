package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A sweep runs here (no grundy-sweep needed); one that needs Beam (a Beam
// runner, a remote directory) goes to grundy-sweep, started from PATH with
// the same arguments, its output and exit status passed through; without
// it, one line says how to build it. Bad flags are refused here, before
// any program is started.
func TestSweepLauncher(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	t.Chdir(dir)
	out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "300")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "octal sweep: 7 codes in octal-d1-to300 (") {
		t.Errorf("a local sweep without grundy-sweep: %d %q %q", code, out, errs)
	}
	for _, args := range [][]string{
		{"sweep", "octal", "--digits", "1", "--runner", "flink"},
		{"sweep", "octal", "--digits", "1", "--out", "gs://bucket/o"},
		{"sweep", "merge", "--out", "gs://bucket/all", "a", "b"},
	} {
		out, errs, code := grundy(t, "", args...)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "go install -tags beam ./cmd/grundy-sweep") {
			t.Errorf("%v without grundy-sweep: %d %q %q", args, code, out, errs)
		}
	}
	if _, errs, code := grundy(t, "", "sweep", "octal", "--runner", "hadoop"); code != 2 || !strings.Contains(errs, `unknown runner "hadoop"`) {
		t.Errorf("--runner hadoop: %d %q", code, errs)
	}
	if _, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--", "--x=1"); code != 2 || !strings.Contains(errs, "go with a Beam runner") {
		t.Errorf("Beam options on the local runner: %d %q", code, errs)
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	script := "#!/bin/sh\necho \"args: $*\"\necho oops >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(dir, "grundy-sweep"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out, errs, code = grundy(t, "", "sweep", "octal", "--digits", "1", "--runner", "flink", "--", "--x=1")
	if code != 3 || out != "args: octal --digits 1 --runner flink -- --x=1\n" || errs != "oops\n" {
		t.Errorf("with grundy-sweep: %d %q %q", code, out, errs)
	}
}
