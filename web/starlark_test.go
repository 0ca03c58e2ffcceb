package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/examples"
)

const nimStar = "name = \"Nim from the rules directory\"\nheap = True\n\ndef moves(n):\n    return [n - k for k in range(1, n + 1)]\n"

// The server reads no rule file from its disk unless told to: starlark:
// specs name the rule files built into the binary, even when a file of the
// same path exists in the server's working directory.
func TestStarlarkEmbeddedOnly(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "secret.star")
	if err := os.WriteFile(outside, []byte(nimStar), 0o644); err != nil {
		t.Fatal(err)
	}
	// A different examples/subtract.star in the working directory must not
	// be read.
	if err := os.Mkdir(filepath.Join(dir, "examples"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "examples", "subtract.star"), []byte(nimStar), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	if _, err := examples.FS.ReadFile("subtract.star"); err != nil {
		t.Fatal(err)
	}
	s := New(Config{})
	code, body := get(t, s, "/api/info?"+q("game", "starlark:examples/subtract.star"))
	var info catalog.Info
	if code != 200 || json.Unmarshal([]byte(body), &info) != nil || strings.Contains(info.Name, "rules directory") || info.Spec != "starlark:examples/subtract.star" {
		t.Errorf("embedded example: %d %s", code, body)
	}
	// The embedded subtract.star answers as the CLI's does (G(7) = 0).
	if code, body := get(t, s, "/api/solve?"+q("game", "star:examples/subtract.star", "position", "7")); code != 200 || !strings.Contains(body, `"value":0`) {
		t.Errorf("solve with the embedded example: %d %s", code, body)
	}
	for _, spec := range []string{
		"starlark:" + outside,
		"starlark:secret.star",
		"STARLARK: ./secret.star",
		"star:examples/../secret.star",
		"starlark:examples/nope.star",
		"starlark:/etc/passwd",
	} {
		code, body := get(t, s, "/api/info?"+q("game", spec))
		var e ErrorBody
		if code != 400 || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, "rule files are not read here, only the ones built into grundy (starlark:examples/") || !strings.Contains(e.Error, "--rules-dir DIR") {
			t.Errorf("%s: %d %s, want 400 refusing to read the disk", spec, code, body)
		}
	}
	// The components of a sum go through the same door: no file is read.
	for _, pos := range []string{"starlark:" + outside + " 3 + nim 1", "nim 1 + starlark:secret.star 3", "kayles 2 + star:examples/../secret.star 1"} {
		code, body := get(t, s, "/api/solve?"+q("game", "sum", "position", pos))
		if code != 400 || !strings.Contains(body, "rule files are not read here") || strings.Contains(body, "rules directory") {
			t.Errorf("sum %s: %d %s, want 400 refusing to read the disk", pos, code, body)
		}
	}
	// starlark: alone keeps the catalog's message.
	if code, body := get(t, s, "/api/info?"+q("game", "starlark:")); code != 400 || !strings.Contains(body, "starlark needs a rule file") {
		t.Errorf("starlark: alone: %d %s", code, body)
	}
}

// With Config.RulesDir the .star files of that directory may be named,
// and nothing outside it.
func TestStarlarkRulesDir(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "rules")
	for _, d := range []string{dir, filepath.Join(dir, "sub")} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{
		filepath.Join(dir, "nim.star"):        nimStar,
		filepath.Join(dir, "sub", "nim.star"): nimStar,
		filepath.Join(dir, "bad.star"):        "def moves(n):\n    return [n - 1\n",
		filepath.Join(dir, "notes.txt"):       nimStar,
		filepath.Join(base, "outside.star"):   nimStar,
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(base, "outside.star"), filepath.Join(dir, "link.star")); err != nil {
		t.Fatal(err)
	}
	s := New(Config{RulesDir: dir})
	for _, c := range []struct {
		spec string
		code int
		msg  string
	}{
		{"starlark:nim.star", 200, `"name":"Nim from the rules directory"`},
		{"starlark:sub/nim.star", 200, `"spec":"starlark:sub/nim.star"`},
		{"starlark:examples/loopy.star", 200, `"spec":"starlark:examples/loopy.star"`},
		{"starlark:../outside.star", 400, "../outside.star: not a path inside the rules directory"},
		{"starlark:" + filepath.Join(base, "outside.star"), 400, "not a path inside the rules directory"},
		{"starlark:link.star", 400, "link.star: path escapes from parent"},
		{"starlark:notes.txt", 400, "notes.txt: only .star rule files are read"},
		{"starlark:missing.star", 400, "missing.star: no such file or directory"},
		{"starlark:sub.star", 400, "sub.star: no such file"},
		{"starlark:bad.star", 400, "bad.star:3:1: got outdent"},
	} {
		code, body := get(t, s, "/api/info?"+q("game", c.spec))
		if code != c.code || !strings.Contains(body, c.msg) {
			t.Errorf("%s: %d %s, want %d containing %q", c.spec, code, body, c.code, c.msg)
		}
	}
	if code, body := get(t, s, "/api/values?"+q("game", "starlark:nim.star", "to", "5")); code != 200 || !strings.HasPrefix(body, `{"game":"starlark:nim.star","start":0,"values":[0,1,2,3,4,5],"checksum":`) {
		t.Errorf("values from the rules directory: %d %s", code, body)
	}
}
