package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// grundy sweep starts grundy-sweep from PATH with its arguments, passes its
// output and exit status through; without it, one line says how to get it.
func TestSweepLauncher(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", dir)
	out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1")
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "go install ./cmd/grundy-sweep") {
		t.Errorf("without grundy-sweep: %d %q %q", code, out, errs)
	}
	script := "#!/bin/sh\necho \"args: $*\"\necho oops >&2\nexit 3\n"
	if err := os.WriteFile(filepath.Join(dir, "grundy-sweep"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	out, errs, code = grundy(t, "", "sweep", "octal", "--digits", "1", "--", "--x=1")
	if code != 3 || out != "args: octal --digits 1 -- --x=1\n" || errs != "oops\n" {
		t.Errorf("with grundy-sweep: %d %q %q", code, out, errs)
	}
}
