package main

// The docs test: every command shown in README.md and docs/*.md is run, and
// its output compared with the one shown, so that the docs cannot drift.
//
// The convention (DEVELOPERS.md, "Examples in the docs"):
//
//   - An example is a line "$ COMMAND" in a code block (indented by four
//     spaces, or fenced with ```). COMMAND is a POSIX shell command line; the
//     lines after it, up to the next "$ " line or the end of the block, are
//     what it prints, stdout and stderr together, as a terminal shows them.
//   - grundy runs in-process (the real command line, run); curl -s … asks
//     the web server's handler in-process (the configuration of a plain
//     grundy serve); printf, echo, cd, … are the shell's builtins; other
//     tools (head, cmp, jq, paste) run from PATH, and an example whose tool
//     is missing is skipped, saying so.
//   - Each document runs in a fresh directory, its examples in order: a file
//     one example writes is there for the next. "$ cat FILE" whose FILE does
//     not exist yet writes the output shown to FILE: that is how a document
//     gives its examples an input file; a FILE of the source tree
//     (sweep/testdata/cardflip-grid.txt) is copied from the checkout
//     instead, so the example shows it as it is. A name shows one file in
//     all the docs (TestDocsFilesDistinct).
//   - Output is compared line by line, trailing spaces ignored; a line "…"
//     alone stands for any number of lines, and "…" within a line for any
//     text (a long JSON document shown in part).
//   - An example that cannot run here (a server that runs until Ctrl-C, a
//     long computation, a timing) is marked: "# not run: REASON" at the end
//     of its "$" line, or "<!-- not run: REASON -->" on the line before its
//     block for the whole block. The reason is required.
//   - A line of a code block that starts with "grundy " is a command shown
//     without its output: written that way, the test refuses it.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/pflag"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/grundy/grundy/internal/memguard"
	"github.com/grundy/grundy/web"
)

// updateDocs rewrites the output shown by every example that printed
// something else (go test ./cmd/grundy -run TestDocsExamples -update-docs):
// review the change with git diff before committing it.
var updateDocs = flag.Bool("update-docs", false, "rewrite the output the docs show where it differs from the output printed")

// docExample is one "$ COMMAND" of a document with the output shown.
type docExample struct {
	file    string
	line    int // 1-based line of the "$"
	command string
	want    []string
	skip    string // why it is not run ("" to run it)
}

func (e docExample) String() string { return fmt.Sprintf("%s:%d: $ %s", e.file, e.line, e.command) }

var notRunLine = regexp.MustCompile(`\s+#\s*not run:\s*(.+)$`)
var notRunBlock = regexp.MustCompile(`^\s*<!--\s*not run:\s*(.+?)\s*-->\s*$`)

// docBlock is a code block of a document: its lines without their
// indentation, and the line number of the first.
type docBlock struct {
	start int
	lines []string
	skip  string
}

// docBlocks splits a Markdown document into its code blocks: fenced (```)
// and indented by four spaces after a blank line.
func docBlocks(text string) []docBlock {
	lines := strings.Split(text, "\n")
	var out []docBlock
	prevText := func(i int) string {
		for j := i - 1; j >= 0; j-- {
			if strings.TrimSpace(lines[j]) != "" {
				return lines[j]
			}
		}
		return ""
	}
	skipOf := func(i int) string {
		if m := notRunBlock.FindStringSubmatch(prevText(i)); m != nil {
			return m[1]
		}
		return ""
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if fence, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "```"); ok {
			_ = fence
			indent := len(l) - len(strings.TrimLeft(l, " "))
			b := docBlock{start: i + 2, skip: skipOf(i)}
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "```"); i++ {
				b.lines = append(b.lines, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
			}
			out = append(out, b)
			continue
		}
		if strings.HasPrefix(l, "    ") && strings.TrimSpace(l) != "" && (i == 0 || strings.TrimSpace(lines[i-1]) == "") {
			b := docBlock{start: i + 1, skip: skipOf(i)}
			for ; i < len(lines); i++ {
				if strings.HasPrefix(lines[i], "    ") {
					b.lines = append(b.lines, lines[i][4:])
					continue
				}
				// A blank line stays in the block when an indented line follows.
				j := i
				for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
					j++
				}
				if strings.TrimSpace(lines[i]) == "" && j < len(lines) && strings.HasPrefix(lines[j], "    ") {
					for ; i < j; i++ {
						b.lines = append(b.lines, "")
					}
					i--
					continue
				}
				break
			}
			for len(b.lines) > 0 && b.lines[len(b.lines)-1] == "" {
				b.lines = b.lines[:len(b.lines)-1]
			}
			out = append(out, b)
		}
	}
	return out
}

// docExamples returns the examples of a document, and the lines that show
// a grundy command without its output.
func docExamples(file, text string) (exs []docExample, bare []string) {
	for _, b := range docBlocks(text) {
		var cur *docExample
		for k, l := range b.lines {
			if cmd, ok := strings.CutPrefix(l, "$ "); ok {
				if cur != nil {
					exs = append(exs, *cur)
				}
				cur = &docExample{file: file, line: b.start + k, command: cmd, skip: b.skip}
				if m := notRunLine.FindStringSubmatch(cmd); m != nil {
					cur.skip = m[1]
				}
				continue
			}
			if cur != nil {
				cur.want = append(cur.want, l)
				continue
			}
			if strings.HasPrefix(l, "grundy ") {
				bare = append(bare, fmt.Sprintf("%s:%d: %s", file, b.start+k, l))
			}
		}
		if cur != nil {
			exs = append(exs, *cur)
		}
	}
	return exs, bare
}

// docFiles are the documents whose examples are run.
func docFiles(t *testing.T) []string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{filepath.Join(root, "README.md")}, files...)
}

// TestDocsExamples runs every example of README.md and docs/*.md.
func TestDocsExamples(t *testing.T) {
	files := docFiles(t)
	runDocFiles(t, filepath.Dir(files[0]), files)
}

// TestDocsFilesDistinct: a file the docs show ("$ cat NAME" and its text)
// has one text under its name in every document, so that a reader who
// saves one never finds another of that name doing something else (two
// spin.star files were an endless loop at the top level and a loop in
// moves). Within a document, the docs test itself prints the first text
// for the second.
func TestDocsFilesDistinct(t *testing.T) {
	files := docFiles(t)
	root := filepath.Dir(files[0])
	cat := regexp.MustCompile(`^cat (\S+)$`)
	first := map[string]docExample{}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, path)
		exs, _ := docExamples(filepath.ToSlash(name), string(src))
		for _, ex := range exs {
			m := cat.FindStringSubmatch(ex.command)
			if m == nil {
				continue
			}
			base := filepath.Base(m[1])
			if prev, ok := first[base]; ok && !slices.Equal(trimLines(prev.want), trimLines(ex.want)) {
				t.Errorf("%s shows a file %s that is not the one %s shows", ex, base, prev)
			} else if !ok {
				first[base] = ex
			}
		}
	}
	if len(first) < 5 {
		t.Errorf("only %d files shown in the docs: is the cat example still recognized?", len(first))
	}
}

// TestGolden runs the golden commands of testdata/golden/*.md (issue 43):
// well over a hundred commands and API calls whose text, JSON, exit status
// and HTTP status were recorded on 57e0944, so that a refactor cannot change
// an answer unnoticed. A deliberate change is rewritten with -update-docs
// and listed in the file's "Deliberate changes".
func TestGolden(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.md"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for i, f := range files {
		if files[i], err = filepath.Abs(f); err != nil {
			t.Fatal(err)
		}
	}
	runDocFiles(t, filepath.Dir(files[0]), files)
}

// runDocFiles runs the examples of each document, named relative to root,
// each document in a fresh directory, against the web handler of a plain
// grundy serve; with -update-docs it rewrites the output shown where it
// differs.
func runDocFiles(t *testing.T, root string, files []string) {
	if raceEnabled {
		// Ten times slower, and no goroutine of its own to check: the
		// commands' own tests run under the race detector.
		t.Skip("the docs examples are compared without -race (about 20 s there)")
	}
	var cfg serveOptions
	cfg.add(pflag.NewFlagSet("serve", pflag.ContinueOnError))
	wcfg, err := cfg.config()
	if err != nil {
		t.Fatal(err)
	}
	handler := web.New(wcfg).Handler()
	// As grundy serve does (web.Server.ListenAndServe): the collector frees
	// garbage before the heap reaches the memory governor's limit, so the
	// garbage of the commands run in-process before an API call does not
	// count as the server's computations.
	defer memguard.SetGCLimit(wcfg.MemoryLimit)()
	total, ran := 0, 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, path)
		name = filepath.ToSlash(name)
		exs, bare := docExamples(name, string(src))
		for _, b := range bare {
			t.Errorf("%s: a grundy command without its output: write it as an example (\"$ grundy …\" and its output) or mark it not run", b)
		}
		if len(exs) == 0 {
			continue
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir) // starlark:examples/NAME.star is built in
			lines := strings.Split(string(src), "\n")
			updated, shift := false, 0
			var missing error // a tool an earlier example needed: the rest may depend on it
			for _, ex := range exs {
				total++
				if ex.skip != "" {
					t.Logf("%s: not run: %s", ex, ex.skip)
					continue
				}
				if missing != nil {
					t.Logf("%s: skipped after an example that needed %v", ex, missing)
					continue
				}
				ok, got, miss := runExample(t, root, dir, handler, ex)
				missing = miss
				if ok {
					ran++
				}
				if got != nil && *updateDocs {
					// The example's output lines follow its "$" line, indented alike.
					i := ex.line - 1 + shift
					indent := lines[i][:strings.Index(lines[i], "$ ")]
					repl := make([]string, len(got))
					for k, g := range got {
						repl[k] = strings.TrimRight(indent+g, " ")
					}
					shown := len(trimLines(ex.want))
					lines = append(lines[:i+1], append(repl, lines[i+1+shown:]...)...)
					shift += len(repl) - shown
					updated = true
				}
			}
			if updated {
				if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	t.Logf("%d examples, %d run and compared", total, ran)
}

// errMissingTool marks an example whose tool is not installed.
type errMissingTool struct{ name string }

func (e errMissingTool) Error() string { return e.name + " is not installed" }

// runExample runs one example in dir and compares its output; it reports whether
// the example ran, the lines printed when they differ from those shown, and
// the tool it needed that is missing, if any.
func runExample(t *testing.T, root, dir string, handler http.Handler, ex docExample) (bool, []string, error) {
	t.Helper()
	if m := regexp.MustCompile(`^cat (\S+)$`).FindStringSubmatch(ex.command); m != nil && filepath.IsLocal(m[1]) {
		if _, err := os.Stat(filepath.Join(dir, m[1])); os.IsNotExist(err) {
			// A file of the source tree (sweep/testdata/cardflip-grid.txt)
			// is copied from the checkout, so that the example shows it as
			// it is; any other is the document's own, written from what the
			// example shows (and a second file of that name in the same
			// document would print the first one's text).
			data, err := os.ReadFile(filepath.Join(root, m[1]))
			if err != nil {
				data = []byte(strings.Join(ex.want, "\n") + "\n")
			}
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, m[1])), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, m[1]), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	file, err := syntax.NewParser().Parse(strings.NewReader(ex.command), "")
	if err != nil {
		t.Errorf("%s: %v", ex, err)
		return false, nil, nil
	}
	var out lockedBuffer
	var missing error
	exec := func(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
		return func(ctx context.Context, args []string) error {
			hc := interp.HandlerCtx(ctx)
			switch args[0] {
			case "grundy":
				if code := run(ctx, args[1:], newStreams(hc.Stdin, hc.Stdout, hc.Stderr)); code != 0 {
					return interp.NewExitStatus(uint8(code))
				}
				return nil
			case "curl":
				return curl(handler, args[1:], hc.Stdout)
			}
			if _, err := lookPath(args[0]); err != nil {
				missing = errMissingTool{args[0]}
				return interp.NewExitStatus(127)
			}
			return next(ctx, args)
		}
	}
	runner, err := interp.New(
		interp.StdIO(strings.NewReader(""), &out, &out),
		interp.Dir(dir),
		interp.Env(expand.ListEnviron("PATH="+os.Getenv("PATH"), "HOME="+dir, "LC_ALL=C.UTF-8")),
		interp.ExecHandlers(exec),
	)
	if err != nil {
		t.Fatal(err)
	}
	// No deadline: an example's output does not depend on how fast the
	// machine is (go test's own timeout catches one that never ends).
	start := time.Now()
	_ = runner.Run(context.Background(), file) // a failing command's output is what is compared
	if missing != nil {
		t.Logf("%s: skipped: %v", ex, missing)
		return false, nil, missing
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Logf("%s: took %v", ex, d.Round(time.Millisecond))
	}
	got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if out.Len() == 0 {
		got = nil
	}
	if !outputMatches(got, ex.want) {
		t.Errorf("%s\n--- shown:\n%s\n--- printed:\n%s", ex, strings.Join(trimLines(ex.want), "\n"), strings.Join(got, "\n"))
		return true, append([]string{}, got...), nil
	}
	return true, nil, nil
}

func lookPath(name string) (string, error) { return exec.LookPath(name) }

// lockedBuffer collects stdout and stderr in the order they are written,
// from the commands of a pipeline running at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }
func (l *lockedBuffer) Len() int       { l.mu.Lock(); defer l.mu.Unlock(); return l.b.Len() }

// curl asks the web handler as curl -s [-X METHOD] [-H 'K: V'] [-d DATA]
// [-w FORMAT] URL would ask a grundy serve on localhost:8080 (FORMAT may
// name %{http_code}).
func curl(handler http.Handler, args []string, stdout io.Writer) error {
	method, data, format := "", "", ""
	header := http.Header{}
	var url string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-s":
		case "-w":
			i++
			format = args[i]
		case "-X":
			i++
			method = args[i]
		case "-H":
			i++
			k, v, _ := strings.Cut(args[i], ":")
			header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
		case "-d":
			i++
			data = args[i]
		default:
			if strings.HasPrefix(args[i], "-") {
				return fmt.Errorf("curl %s: not understood by the docs test", args[i])
			}
			url = args[i]
		}
	}
	if !strings.HasPrefix(url, "http") {
		url = "http://" + url
	}
	var body io.Reader
	if data != "" {
		body = strings.NewReader(data)
		if method == "" {
			method = http.MethodPost
		}
		header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if method == "" {
		method = http.MethodGet
	}
	req := httptest.NewRequest(method, url, body)
	for k, v := range header {
		req.Header[k] = v
	}
	if h := header.Get("Host"); h != "" {
		req.Host = h
	}
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	if _, err := stdout.Write(rec.Body.Bytes()); err != nil {
		return err
	}
	format = strings.ReplaceAll(format, "%{http_code}", fmt.Sprint(rec.Code))
	_, err := io.WriteString(stdout, strings.ReplaceAll(format, `\n`, "\n"))
	return err
}

func trimLines(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = strings.TrimRight(l, " \t")
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return out
}

// outputMatches compares printed lines with the lines shown, where a line
// "…" (or "...") alone stands for any number of lines.
func outputMatches(got, want []string) bool {
	got, want = trimLines(got), trimLines(want)
	if len(want) == 0 {
		return len(got) == 0
	}
	if w := strings.TrimSpace(want[0]); w == "…" || w == "..." {
		for i := 0; i <= len(got); i++ {
			if outputMatches(got[i:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && lineMatches(got[0], want[0]) && outputMatches(got[1:], want[1:])
}

// lineMatches compares a printed line with a line shown, where "…" stands
// for any text.
func lineMatches(got, want string) bool {
	parts := strings.Split(want, "…")
	if len(parts) == 1 {
		return got == want
	}
	if !strings.HasPrefix(got, parts[0]) {
		return false
	}
	got = got[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(got, p)
		if i < 0 {
			return false
		}
		got = got[i+len(p):]
	}
	return strings.HasSuffix(got, last) && len(got) >= len(last)
}

// TestDocsConvention: the parts of the docs test that decide what is run
// and how output is compared.
func TestDocsConvention(t *testing.T) {
	doc := "Intro\n\n    $ grundy solve nim 1\n    out 1\n\n    out 2\n    $ grundy games   # not run: long\n\ntext\n\n<!-- not run: a server -->\n```\n$ grundy serve\nlistening\n```\n\n```go\ngrundy version\n```\n"
	exs, bare := docExamples("x.md", doc)
	if len(exs) != 3 || exs[0].command != "grundy solve nim 1" || strings.Join(exs[0].want, "|") != "out 1||out 2" || exs[0].line != 3 ||
		exs[1].skip != "long" || exs[2].skip != "a server" || exs[2].want[0] != "listening" {
		t.Errorf("examples %+v", exs)
	}
	if len(bare) != 1 || !strings.Contains(bare[0], "x.md:18: grundy version") {
		t.Errorf("bare commands %q", bare)
	}
	for _, c := range []struct {
		got, want string
		ok        bool
	}{
		{"a\nb\nc", "a\n…\nc", true},
		{"a\nc", "a\n…\nc", true},
		{"a\nb  ", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a", "a\n…", true},
		{"", "", true},
		{"a", "", false},
		{`{"n":[1,2,3,4],"x":1}`, `{"n":[1,2,…],"x":1}`, true},
		{`{"n":[1,2,3,4],"x":2}`, `{"n":[1,2,…],"x":1}`, false},
		{"a … b", "a … b", true},
	} {
		var got, want []string
		if c.got != "" {
			got = strings.Split(c.got, "\n")
		}
		if c.want != "" {
			want = strings.Split(c.want, "\n")
		}
		if outputMatches(got, want) != c.ok {
			t.Errorf("outputMatches(%q, %q) != %v", c.got, c.want, c.ok)
		}
	}
}
