package web

import (
	"bufio"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestAbuseResolver attacks the one door every spec of a request goes
// through (catalog.Resolver): a real `grundy serve --rules-dir DIR
// --timeout 2s` is asked for rule files outside DIR by every route a spec
// can take (a game named alone, a component of a sum, a rule file's
// load()), for rule files that would escape its limits (900 MiB strings,
// endless top levels), and for the built-in examples at positions their
// rules refuse. Every answer is a 4xx (or the deadline's 504), no file
// outside DIR is opened (its contents never show in an answer), and the
// server's peak memory stays under 512 MiB. It runs with GRUNDY_ABUSE=1.
func TestAbuseResolver(t *testing.T) {
	if os.Getenv("GRUNDY_ABUSE") != "1" {
		t.Skip("set GRUNDY_ABUSE=1 to run the abuse suite against a grundy serve subprocess")
	}
	base := t.TempDir()
	dir := filepath.Join(base, "rules")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// A rule file planted outside the rules directory: were it run, its
	// answer would say so.
	const secret = "SECRET-CONTENTS-7f3a"
	files := map[string]string{
		filepath.Join(base, "planted.star"): "name = \"" + secret + "\"\nheap = True\ndef moves(n):\n    return [n - 1] if n > 0 else []\n",
		filepath.Join(dir, "loader.star"):   "load(\"" + filepath.Join(base, "planted.star") + "\", \"moves\")\nheap = True\n",
		filepath.Join(dir, "loadrel.star"):  "load(\"../planted.star\", \"moves\")\nheap = True\n",
		filepath.Join(dir, "bomb.star"):     "S = \"x\" * (900 << 20)\nheap = True\ndef moves(n):\n    return []\n",
		filepath.Join(dir, "spin.star"):     "heap = True\ndef spin():\n    x = 0\n    while True:\n        x += 1\nspin()\ndef moves(n):\n    return []\n",
		filepath.Join(dir, "ok.star"):       "heap = True\ndef moves(n):\n    return [n - k for k in range(1, min(n, 3) + 1)]\n",
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := startGrundyServeArgs(t, "--rules-dir", dir, "--timeout", "2s")
	client := &http.Client{Timeout: 60 * time.Second}
	get := func(t *testing.T, route string, params ...string) (int, string) {
		t.Helper()
		v := url.Values{}
		for i := 0; i+1 < len(params); i += 2 {
			v.Set(params[i], params[i+1])
		}
		resp, err := client.Get(srv.base + "/api/" + route + "?" + v.Encode())
		if err != nil {
			t.Fatalf("%s %v: %v", route, params, err)
		}
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if strings.Contains(string(b), secret) || strings.Contains(string(b), "root:") {
			t.Errorf("%s %v: the answer shows a file's contents: %.300s", route, params, b)
		}
		return resp.StatusCode, string(b)
	}
	planted := filepath.Join(base, "planted.star")
	for _, c := range []struct {
		name, route string
		params      []string
		code        int
		msg         string
	}{
		{"top level", "solve", []string{"game", "starlark:" + planted, "position", "3"}, 400, "not a path inside the rules directory"},
		{"sum component", "solve", []string{"game", "sum", "position", "starlark:/etc/passwd 4 + nim 1"}, 400, "only .star rule files are read"},
		{"sum component, .star", "solve", []string{"game", "sum", "position", "starlark:/etc/passwd.star 4 + nim 1"}, 400, "not a path inside the rules directory"},
		{"sum component, second", "solve", []string{"game", "sum", "position", "nim 1 + starlark:" + planted + " 3"}, 400, "not a path inside the rules directory"},
		{"sum component, relative", "solve", []string{"game", "sum", "position", "nim 1 + starlark:../planted.star 3"}, 400, "not a path inside the rules directory"},
		{"sum given as the game of a sum", "solve", []string{"game", "sum", "position", "sum nim 1 + starlark:" + planted + " 3"}, 400, "a sum cannot be a component of a sum"},
		{"sum through moves", "moves", []string{"game", "sum", "position", "kayles 3 + starlark:" + planted + " 3"}, 400, "not a path inside the rules directory"},
		{"sum through reply", "reply", []string{"game", "sum", "position", "kayles 3 + starlark:" + planted + " 3"}, 400, "not a path inside the rules directory"},
		{"sum through misère forms", "misere/form", []string{"game", "sum", "position", "kayles 3 + starlark:" + planted + " 3"}, 400, "not a path inside the rules directory"},
		{"load() absolute", "solve", []string{"game", "starlark:loader.star", "position", "3"}, 400, "rule files cannot load other files"},
		{"load() relative, in a sum", "solve", []string{"game", "sum", "position", "nim 1 + starlark:loadrel.star 3"}, 400, "rule files cannot load other files"},
		{"allowed file in a sum", "solve", []string{"game", "sum", "position", "nim 1 + starlark:ok.star 3"}, 200, `"value":1`},
		// Issue 27, item 2: the built-in rule files' own errors are 400,
		// their limits 422.
		{"fail() of draw.star", "solve", []string{"game", "starlark:examples/draw.star", "position", "99"}, 400, "no vertex 99"},
		{"fail() of draw.star in a sum", "solve", []string{"game", "sum", "position", "starlark:examples/draw.star 99 + nim 1"}, 400, "no vertex 99"},
		{"range past the step limit", "moves", []string{"game", "starlark:examples/nim.star", "position", "1000000000"}, 422, "longer than the step limit"},
		{"a list past the memory limit", "moves", []string{"game", "starlark:examples/nim.star", "position", "9000000"}, 422, "memory limit"},
		{"twoheap past the step limit", "solve", []string{"game", "starlark:examples/twoheap.star", "position", "100000000,1"}, 422, "longer than the step limit"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, body := get(t, c.route, c.params...)
			if code != c.code || !strings.Contains(body, c.msg) {
				t.Errorf("%s %v = %d %.400s\nwant %d %q", c.route, c.params, code, body, c.code, c.msg)
			}
		})
	}
	// Issue 27, item 3: rule files of the rules directory run under the
	// request's context and the server's limits: three at once building
	// 900 MiB strings are refused at their top level, and endless top
	// levels stop at the deadline, their slots freed.
	t.Run("bombs", func(t *testing.T) {
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				code, body := get(t, "solve", "game", "starlark:bomb.star", "position", "1")
				if code != 422 || !strings.Contains(body, "memory limit") {
					t.Errorf("bomb.star: %d %.300s", code, body)
				}
			})
		}
		wg.Wait()
		cpu0 := srv.cpuTime(t)
		for range 2 {
			wg.Go(func() {
				code, body := get(t, "solve", "game", "starlark:spin.star", "position", "1")
				if code != 504 && code != 422 {
					t.Errorf("spin.star: %d %.300s", code, body)
				}
			})
		}
		wg.Wait()
		// The loads stopped with their requests: the server does not go on
		// burning CPU for them (two requests of 2 s at most: 4 s of CPU).
		time.Sleep(2 * time.Second)
		if used := srv.cpuTime(t) - cpu0; used > 6*time.Second {
			t.Errorf("the server used %v of CPU for two 2 s requests: the loads went on after their deadline", used)
		}
		if code, body := get(t, "solve", "game", "nim", "position", "3 4 5"); code != 200 {
			t.Errorf("after the bombs: %d %.200s", code, body)
		}
	})
	hwm := srv.peakRSS(t)
	t.Logf("server peak RSS (VmHWM): %.1f MiB", float64(hwm)/(1<<20))
	if hwm > 512<<20 {
		t.Errorf("server peak RSS %d MiB, want under 512 MiB", hwm>>20)
	}
	srv.stop(t)
}

// startGrundyServeArgs is startGrundyServe with more flags.
func startGrundyServeArgs(t *testing.T, args ...string) *grundyServe {
	t.Helper()
	bin := grundyBinary(t)
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--max-concurrent", "2"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	log := &syncBuffer{}
	cmd.Stderr = io.MultiWriter(os.Stderr, log)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &grundyServe{cmd: cmd, exited: make(chan error, 1), log: log}
	lines := bufio.NewScanner(stdout)
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	if lines.Scan() {
		if m := addr.FindStringSubmatch(lines.Text()); m != nil {
			s.base = "http://" + m[1]
		}
	}
	go func() {
		io.Copy(io.Discard, stdout)
		s.exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	})
	if s.base == "" {
		t.Fatalf("grundy serve printed no address: %q", lines.Text())
	}
	return s
}

// cpuTime returns the user and system CPU time the server has used
// (/proc/PID/stat, in clock ticks of 10 ms).
func (s *grundyServe) cpuTime(t *testing.T) time.Duration {
	t.Helper()
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		t.Fatal(err)
	}
	// Fields after the command name (which may hold spaces) in parentheses.
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// grundyBinary builds cmd/grundy once for the abuse tests of this run.
func grundyBinary(t *testing.T) string {
	t.Helper()
	bin, err := buildGrundy()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

var buildGrundy = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "grundy-abuse")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "grundy")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/grundy/grundy/cmd/grundy").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
})
