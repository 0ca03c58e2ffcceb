package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/bridge"
)

// bridgeCount answers the queries as grundy bridge count does: the
// counting formula, the second method the sweep is checked against.
func bridgeCount(queries string, mod uint64) (string, error) {
	c, err := bridge.NewCounter(mod)
	if err != nil {
		return "", err
	}
	q := bridge.NewQueryReader(strings.NewReader(queries))
	var b strings.Builder
	for {
		seq, _, err := q.Next()
		if errors.Is(err, io.EOF) {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
		fmt.Fprintln(&b, c.Count(seq))
	}
}

// The bridge sweep's count for every sequence equals grundy bridge count
// (n = 2 and 3: 81 and 729 sequences), and a second run resumes: nothing
// left to compute, the same tally.
func TestSweepBridgeEqualsBridgeCount(t *testing.T) {
	for _, n := range []int{2, 3} {
		dir := filepath.Join(t.TempDir(), "b")
		out, errs, code := grundy(t, "", "sweep", "bridge", "--n", fmt.Sprint(n), "--out", dir)
		if code != 0 || errs != "" || !strings.Contains(out, "counts differing from the formula: 0") {
			t.Fatalf("n = %d: %d %q %q", n, code, out, errs)
		}
		data, err := os.ReadFile(filepath.Join(dir, "tally.csv"))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
		var queries, want strings.Builder
		for _, l := range lines {
			f := strings.Split(l, ",")
			fmt.Fprintf(&queries, "%d\n%s\n", n, strings.Join(strings.Split(f[0], ""), " "))
			fmt.Fprintf(&want, "%s\n", f[1])
		}
		got, err := bridgeCount(queries.String(), 2305843009213693951)
		if err != nil || got != want.String() {
			t.Errorf("n = %d: bridge count: %v, the sweep's counts differ", n, err)
		}
		again, _, code := grundy(t, "", "sweep", "bridge", "--n", fmt.Sprint(n), "--out", dir, "--json")
		var sum struct {
			Layouts uint64 `json:"layouts"`
			SHA256  string `json:"sha256"`
		}
		if code != 0 || json.Unmarshal([]byte(again), &sum) != nil || !strings.Contains(out, sum.SHA256) || sum.Layouts == 0 {
			t.Errorf("n = %d: second run %d %q", n, code, again)
		}
	}
}

func TestSweepOctal(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "o")
	out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "2000", "--out", dir)
	want := "status: 6 proved, 0 found, 1 none\nstopped by the budget: 1 at --to, 0 at --plain-to\npublished periods: 6 codes, 6 reproduced here\ndisagreeing with a published result: none\nfiles: results.csv results.jsonl\n"
	if code != 0 || errs != "" || !strings.HasSuffix(out, want) {
		t.Errorf("sweep octal = %d %q %q, want … %q", code, out, errs, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil || !strings.HasPrefix(string(data), "code,computed_to,max_value,rare,period,preperiod,status,stop,seconds,") {
		t.Errorf("results.csv: %v %q", err, data)
	}
}

func TestSweepUsage(t *testing.T) {
	dir := t.TempDir()
	grid := filepath.Join(dir, "grid.txt")
	os.WriteFile(grid, []byte("strategies = stacks\nm = 4\nplayers = 1\nmodel = psychic\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "octal", "--digits", "0"}, "--digits must be 1..4, not 0"},
		{[]string{"sweep", "octal", "--to", "0"}, "--to must be 1..1073741824, not 0"},
		{[]string{"sweep", "octal", "--to", "1073741825"}, "--to must be 1..1073741824, not 1073741825"},
		{[]string{"sweep", "octal", "--max-memory", "lots"}, "--max-memory: \"lots\" is not a size"},
		{[]string{"sweep", "octal", "--codes", "0.167", "--to", "268435456", "--max-memory", "1GiB"}, "unit 0.167 holds about 1.5 GiB (6 bytes a value), more than the memory budget 1.0 GiB (--max-memory)"},
		{[]string{"sweep", "octal", "--plain-to", "0"}, "--plain-to must be at least 1, not 0"},
		{[]string{"sweep", "octal", "--solved-to", "-1"}, "--solved-to must be 0..1073741824, not -1"},
		{[]string{"sweep", "octal", "--checkpoint-every", "-1"}, "--checkpoint-every must be at least 0, not -1"},
		{[]string{"sweep", "octal", "--family", "0,5"}, `--family: unknown family "5" (0, 4, 0.0n7)`},
		{[]string{"sweep", "octal", "--codes", "0.16", "--digits", "2"}, "--codes lists the codes: it does not go with --digits or --family"},
		{[]string{"sweep", "octal", "--codes", "0.16,0.19"}, `--codes: code "0.19": column 4: digit 9 is not an octal digit`},
		{[]string{"sweep", "octal", "extra"}, `sweep octal takes no arguments, got "extra" (Beam options go after --`},
		{[]string{"sweep", "bridge", "--n", "5"}, "--n must be 1..4"},
		{[]string{"sweep", "bridge", "--n", "2", "--depth", "9"}, "--depth must be 0..4 for n = 2, not 9"},
		{[]string{"sweep", "cardflip"}, "sweep cardflip needs --grid FILE"},
		{[]string{"sweep", "cardflip", "--grid", filepath.Join(dir, "none.txt")}, "--grid: open"},
		{[]string{"sweep", "cardflip", "--grid", grid}, `grid.txt: grid line 4: model must be table or turn, not "psychic"`},
		// Issue 27, finding 5: read bounded, the line named.
		{[]string{"sweep", "cardflip", "--grid", "/dev/zero"}, `grundy: /dev/zero: grid line 1: the line is longer than 4096 bytes`},
		{[]string{"sweep", "octal", "--digits", "1", "--out", dir, "--runner", "hadoop"}, `--runner: unknown runner "hadoop" (local, prism, flink, spark, dataflow, universal, portable)`},
		{[]string{"sweep", "octal", "--digits", "1", "--out", filepath.Join(dir, "x"), "--", "--no_such_beam_flag=1"}, `Beam options (after --, here "--no_such_beam_flag=1") go with a Beam runner`},
		{[]string{"sweep", "nim"}, `unknown command "nim" for "grundy sweep"`},
		{[]string{"sweep", "octal", "-x"}, `unknown shorthand flag: 'x' in -x`},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("grundy %v = %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
	// Another sweep into the same directory.
	d := filepath.Join(dir, "same")
	if _, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "100", "--out", d); code != 0 {
		t.Fatal(errs)
	}
	if _, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "200", "--out", d); code != 2 || !strings.Contains(errs, "holds another sweep") {
		t.Errorf("another sweep in the same directory: %d %q", code, errs)
	}
}

// A part that is not its unit's is moved aside with one warning line on
// stderr, and the unit computed again (issue 27, finding 6).
func TestSweepWarnsForeignPart(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "o")
	if _, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "300", "--out", dir); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "parts", "0.1.json"))
	os.WriteFile(filepath.Join(dir, "parts", "0.7.json"), data, 0o644)
	out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "300", "--out", dir)
	want := "grundy: warning: " + filepath.Join(dir, "parts", "0.7.json") + ` is the part of {"kind":"octal","code":"0.1","to":300}, not of {"kind":"octal","code":"0.7","to":300}; moved to 0.7.json.rejected, computing it again` + "\n"
	if code != 0 || errs != want || !strings.Contains(out, "status: 6 proved, 0 found, 1 none") {
		t.Errorf("resumed with a foreign part: %d %q %q\nwant stderr %q", code, out, errs, want)
	}
}

// The budget and the families on the command line: the 4.xxx and 0.x
// codes with one digit (0.6, Officers, stopped at the plain cap), 0.007
// stopped at it and 0.156 proved, each row saying why it
// stopped; the directory named for what was asked.
func TestSweepOctalBudgetFamilies(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--family", "4,0", "--to", "3000", "--plain-to", "2000")
	want := "octal sweep: 15 codes in octal-0+4-d1-to3000-plain2000 ("
	if code != 0 || errs != "" || !strings.HasPrefix(out, want) || !strings.Contains(out, "status: 14 proved, 0 found, 1 none\nstopped by the budget: 0 at --to, 1 at --plain-to\n") {
		t.Errorf("sweep octal --family 4,0 = %d %q %q", code, out, errs)
	}
	out, errs, code = grundy(t, "", "sweep", "octal", "--codes", "0.007,.156", "--to", "100000", "--plain-to", "4096")
	data, err := os.ReadFile(filepath.Join(dir, "octal-2codes-to100000-plain4096", "results.csv"))
	if code != 0 || err != nil {
		t.Fatalf("sweep octal --codes = %d %q %q %v", code, out, errs, err)
	}
	lines := strings.Split(string(data), "\n")
	if !strings.HasPrefix(lines[1], "0.007,4096,") || !strings.Contains(lines[1], ",none,plain_to,") ||
		!strings.HasPrefix(lines[2], "0.156,8192,") || !strings.Contains(lines[2], ",349,3479,proved,proved,") {
		t.Errorf("results.csv:\n%s", data)
	}
}

// --shard i/N and merge on the command line: three shards in their own
// directories (named for the shard), merged to the whole sweep's
// summary; a merge with a shard left out names the missing codes (exit 2).
func TestSweepShardMerge(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for i := range 3 {
		out, errs, code := grundy(t, "", "sweep", "octal", "--digits", "1", "--to", "300", "--shard", fmt.Sprintf("%d/3", i))
		want := fmt.Sprintf("octal sweep, shard %d/3: %d codes in octal-d1-to300-shard%d-of3 (", i, []int{3, 2, 2}[i], i)
		if code != 0 || errs != "" || !strings.HasPrefix(out, want) {
			t.Fatalf("shard %d/3: %d %q %q, want %q…", i, code, out, errs, want)
		}
	}
	out, errs, code := grundy(t, "", "sweep", "merge", "--out", "all", "octal-d1-to300-shard0-of3", "octal-d1-to300-shard1-of3", "octal-d1-to300-shard2-of3")
	if code != 0 || errs != "" || !strings.HasPrefix(out, "octal sweep: 7 codes in all (") || !strings.Contains(out, "status: 6 proved, 0 found, 1 none\n") {
		t.Errorf("merge: %d %q %q", code, out, errs)
	}
	out, errs, code = grundy(t, "", "sweep", "merge", "--out", "some", "octal-d1-to300-shard0-of3", "octal-d1-to300-shard2-of3")
	if code != 2 || out != "" || errs != "grundy: sweep: 2 of 7 units are missing: 0.2 (shard 1/3), 0.5 (shard 1/3)\n" {
		t.Errorf("merge without shard 1: %d %q %q", code, out, errs)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "octal", "--shard", "3/3"}, "--shard: shard 3/3: want 0 ≤ i < N ≤ 1048576"},
		{[]string{"sweep", "merge", "x"}, "sweep merge needs --out DIR"},
		{[]string{"sweep", "merge", "--out", "y"}, "sweep merge needs the shards' directories"},
		{[]string{"sweep", "merge", "--out", "y", "nowhere"}, "nowhere holds no sweep (no sweep.json)"},
	} {
		out, errs, code := grundy(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("grundy %v = %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// --codes takes tb: codes (a comma inside braces is part of the code); a
// bad one is a usage error naming its column, before anything runs.
func TestSweepOctalTBCodes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "o")
	_, errs, code := grundy(t, "", "sweep", "octal", "--codes", "0.77,tb:4!!.0", "--out", dir)
	if code != 2 || errs != "grundy: --codes: code \"tb:4!!.0\": column 6: \"!\" must follow a digit\n" {
		t.Errorf("tb:4!!.0: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Errorf("a usage error left %s", dir)
	}
	out, errs, code := grundy(t, "", "sweep", "octal", "--codes", "tb:0.{2,3},tb:4!.0,tb:0.77", "--to", "500", "--out", dir)
	if code != 0 || errs != "" || !strings.Contains(out, "octal sweep: 3 codes") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	// tb:0.{2,3} is tb:0.C in CGSuite's canonical form.
	for _, want := range []string{"\ntb:0.C,500,", "\ntb:4!.0,500,", "\ntb:0.77,500,8,0,12,71,proved,proved,"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("results.csv lacks %q:\n%s", want, data)
		}
	}
}

// The sweep command prints the plain lines when its stderr is a file
// (a log), the last one saying every unit is done; the output and the
// results are those of a run without them. A pipe gets them only with
// --progress-every given.
func TestSweepPlainProgressToFile(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out strings.Builder
	code := run(context.Background(), []string{"sweep", "octal", "--digits", "1", "--to", "300", "--out", filepath.Join(dir, "o"), "--progress-every", "0"},
		newStreams(strings.NewReader(""), &out, f))
	log, _ := os.ReadFile(f.Name())
	lines := strings.Split(strings.TrimSuffix(string(log), "\n"), "\n")
	last := lines[len(lines)-1]
	if code != 0 || !strings.Contains(out.String(), "status: 6 proved, 0 found, 1 none\n") || !strings.Contains(last, " grundy sweep: 7/7 codes, ") {
		t.Errorf("%d %q, log:\n%s", code, out.String(), log)
	}
	for _, l := range lines {
		if !strings.Contains(l, " grundy sweep: ") || !strings.Contains(l, "/7 codes") {
			t.Errorf("log line %q", l)
		}
	}
	// A pipe (a harness reading the output) gets the lines only if asked.
	for _, asked := range []bool{false, true} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		args := []string{"sweep", "octal", "--digits", "1", "--to", "300", "--out", filepath.Join(dir, "p"+strconv.FormatBool(asked))}
		if asked {
			args = append(args, "--progress-every", "1h")
		}
		read := make(chan string)
		go func() { b, _ := io.ReadAll(r); read <- string(b) }()
		code := run(context.Background(), args, newStreams(strings.NewReader(""), &out, w))
		w.Close()
		got := <-read
		r.Close()
		if code != 0 || (got == "") == asked || asked && !strings.Contains(got, " grundy sweep: 7/7 codes, ") {
			t.Errorf("a pipe, --progress-every given %v: %d %q", asked, code, got)
		}
	}
	_, errs, code := grundy(t, "", "sweep", "octal", "--progress-every", "-1s")
	if code != 2 || errs != "grundy: --progress-every must be at least 0, not -1s\n" {
		t.Errorf("--progress-every -1s: %d %q", code, errs)
	}
}
