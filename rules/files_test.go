package rules_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/rules"
)

// The file policies: OSFiles reads any regular file and says why it cannot;
// DirFiles reads only .star files below its directory, never through ".."
// or a symbolic link; the built-in examples are found by name.
func TestFiles(t *testing.T) {
	dir := t.TempDir()
	inside := filepath.Join(dir, "rules")
	if err := os.Mkdir(inside, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{filepath.Join(inside, "ok.star"): "x = 1\n", filepath.Join(dir, "out.star"): "y = 2\n", filepath.Join(inside, "notes.txt"): "z"} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "out.star"), filepath.Join(inside, "link.star")); err != nil {
		t.Fatal(err)
	}
	if src, err := (rules.OSFiles{}).ReadRuleFile(filepath.Join(dir, "out.star")); err != nil || string(src) != "y = 2\n" {
		t.Errorf("OSFiles: %q %v", src, err)
	}
	if _, err := (rules.OSFiles{}).ReadRuleFile("no/such/file.star"); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "no/such/file.star: cannot read the rule file") {
		t.Errorf("OSFiles, missing: %v", err)
	}
	if _, err := (rules.OSFiles{}).ReadRuleFile(dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("OSFiles, a directory: %v", err)
	}
	d := rules.DirFiles{Dir: inside}
	if src, err := d.ReadRuleFile("ok.star"); err != nil || string(src) != "x = 1\n" {
		t.Errorf("DirFiles: %q %v", src, err)
	}
	for name, want := range map[string]string{
		"../out.star":                    "not a path inside the rules directory",
		filepath.Join(dir, "out.star"):   "not a path inside the rules directory",
		"link.star":                      "path escapes from parent",
		"notes.txt":                      "only .star rule files are read",
		"missing.star":                   "no such file",
		filepath.Join(inside, "ok.star"): "not a path inside the rules directory",
		"sub/../../out.star":             "not a path inside the rules directory",
	} {
		if _, err := d.ReadRuleFile(name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("DirFiles %q: %v, want %q", name, err, want)
		}
	}
	if src, ok := rules.Builtin("examples/nim.star"); !ok || len(src) == 0 {
		t.Error("examples/nim.star is not built in")
	}
	for _, name := range []string{"examples/../nim.star", "examples/x/nim.star", "nim.star", "examples/nope.star"} {
		if _, ok := rules.Builtin(name); ok {
			t.Errorf("%q is taken for a built-in rule file", name)
		}
	}
}
