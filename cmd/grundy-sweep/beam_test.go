//go:build beam

package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/grundy/grundy/sweep"
)

// These tests link the Beam SDK (the tag beam): .ci/run runs them with
// go test -tags beam ./cmd/grundy-sweep.

// The two executors of the one pipeline write the same results folder:
// sweep.Local in this process and Beam's Prism runner, on the same units
// (octal codes of every kind: proved by either kernel, stopped at the
// plain cap, sparse with frequency tables, an unlisted period with the
// plain kernel's check, a tb: code; the n = 3 bridge tally; a card-flip
// grid, exact and simulated points), every file byte for byte but the
// seconds the units took.
func TestExecutorsAgree(t *testing.T) {
	grid, err := sweep.ParseGrid(strings.NewReader("strategies = stacks, interval\nm = 3, 10\nplayers = 1, ∞\nmodel = table, turn\ntrials = 2000\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		spec sweep.Spec
	}{
		{"octal", sweep.Spec{Kind: "octal", Octal: &sweep.OctalSpec{Codes: []string{"0.77", "0.007", "0.014", "0.156", "4.344", "0.6", "tb:4!.0"}, To: 5000, PlainTo: 2048}}},
		{"octal-family", sweep.Spec{Kind: "octal", Octal: &sweep.OctalSpec{Digits: 1, Families: []string{"0", "4", "0.0n7"}, To: 3000, SolvedTo: 6000}}},
		{"bridge", sweep.Spec{Kind: "bridge", Bridge: &sweep.BridgeSpec{N: 3, Depth: 2}}},
		{"cardflip", sweep.Spec{Kind: "cardflip", Cardflip: &grid}},
	} {
		t.Run(c.name, func(t *testing.T) {
			local, beam := filepath.Join(t.TempDir(), "local"), filepath.Join(t.TempDir(), "prism")
			a, err := sweep.Run(context.Background(), c.spec, sweep.Options{Out: local, Executor: sweep.Local{}})
			if err != nil {
				t.Fatal(err)
			}
			b, err := sweep.Run(context.Background(), c.spec, sweep.Options{Out: beam, Executor: &beamExecutor{runner: "prism"}})
			if err != nil {
				t.Fatal(err)
			}
			a.Seconds, b.Seconds = 0, 0
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Errorf("summaries differ:\nlocal %+v\nprism %+v", a, b)
			}
			n := sameFolders(t, sweepFolder(t, local), sweepFolder(t, beam), "the local executor", "Prism")
			if n < 3 {
				t.Errorf("only %d files", n)
			}
			t.Logf("%d files compared", n)
		})
	}
}

// Once the sweep's context is canceled, the runner's log lines are
// dropped: a cancel is not an error.
func TestLogQuietAfterCancel(t *testing.T) {
	var buf bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	log := slog.New(untilCanceled{ctx, slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})})
	log.Error("before")
	cancel()
	log.Error("Bundle Failed.", "error", "context canceled")
	log.With("a", 1).Error("after")
	if got := buf.String(); !strings.Contains(got, "before") || strings.Contains(got, "Bundle") || strings.Contains(got, "after") {
		t.Errorf("logged %q", got)
	}
}

// The cluster path: a portable runner ("flink" is Beam's portable runner
// under that name) submitting to a job server with Beam options, here a
// Prism job server on this machine with loopback workers in place of a
// Flink cluster.
func TestSweepOnJobServer(t *testing.T) {
	l, err := net.Listen("tcp", "localhost:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if _, err := prism.CreateJobServer(ctx, prism.Options{Port: port}); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // the LOOPBACK environment's file must not be left there
	spec := sweep.Spec{Kind: "bridge", Bridge: &sweep.BridgeSpec{N: 2, Depth: 2}}
	exec := &beamExecutor{runner: "flink", options: []string{fmt.Sprintf("--endpoint=localhost:%d", port), "--environment_type=LOOPBACK", "--job_name=grundy-sweep-test"}}
	sum, err := sweep.Run(ctx, spec, sweep.Options{Out: dir, Executor: exec})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Layouts != 2520 || sum.Mismatches != 0 {
		t.Errorf("summary %+v", sum)
	}
	if es, _ := os.ReadDir(tmp); len(es) > 0 {
		t.Errorf("left in the temporary directory: %s", es[0].Name())
	}
	// The options do not stay for the next run, on Prism.
	if _, err := sweep.Run(context.Background(), spec, sweep.Options{Out: t.TempDir(), Executor: &beamExecutor{runner: "prism"}}); err != nil {
		t.Fatal(err)
	}
}

// A run on Prism leaves nothing in the temporary directory: Beam's
// loopback mode creates an empty beamloopbackworker-* file there on every
// run and never removes it, so the executor gives it a directory of its
// own and removes that afterwards. TMPDIR is set back when Run returns.
func TestSweepLeavesNoTempFiles(t *testing.T) {
	tmp := t.TempDir()
	out := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if _, err := sweep.Run(context.Background(), sweep.Spec{Kind: "octal", Octal: &sweep.OctalSpec{Digits: 1, To: 400}}, sweep.Options{Out: out, Executor: &beamExecutor{runner: "prism"}}); err != nil {
		t.Fatal(err)
	}
	if got := os.Getenv("TMPDIR"); got != tmp {
		t.Errorf("TMPDIR is %q after the run, want %q", got, tmp)
	}
	es, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range es {
		t.Errorf("left in the temporary directory: %s", e.Name())
	}
}

// grundy-sweep takes grundy sweep's command line: a sweep on Prism prints
// grundy's summary; a Beam option Beam does not know is a usage error
// (exit 2) on one line, as is a bad flag; the local runner runs here too.
func TestCommandLine(t *testing.T) {
	dir := t.TempDir()
	sweepCmd := func(args ...string) (string, string, int) {
		var out, errs bytes.Buffer
		code := run(context.Background(), args, &streams{in: strings.NewReader(""), out: &out, err: &errs})
		return out.String(), errs.String(), code
	}
	for _, runner := range []string{"prism", "local"} {
		out, errs, code := sweepCmd("octal", "--digits", "1", "--to", "300", "--runner", runner, "--out", filepath.Join(dir, runner))
		want := "status: 6 proved, 0 found, 1 none\n"
		if code != 0 || errs != "" || !strings.Contains(out, want) {
			t.Errorf("--runner %s: %d %q %q", runner, code, out, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"octal", "--digits", "1", "--runner", "prism", "--out", filepath.Join(dir, "x"), "--", "--no_such_beam_flag=1"}, "grundy: sweep: Beam option: flag provided but not defined: -no_such_beam_flag\n"},
		{[]string{"octal", "--digits", "0"}, "grundy: --digits must be 1..4, not 0\n"},
		{[]string{"nim"}, `grundy: unknown command "nim" for "grundy sweep"`},
	} {
		out, errs, code := sweepCmd(c.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: %d %q %q, want exit 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

var benchSpecs = []struct {
	name string
	spec sweep.Spec
}{
	{"bridge-n3", sweep.Spec{Kind: "bridge", Bridge: &sweep.BridgeSpec{N: 3, Depth: 3}}},
	{"octal-d2-to20000", sweep.Spec{Kind: "octal", Octal: &sweep.OctalSpec{Digits: 2, To: 20000}}},
}

// BenchmarkExecutors runs whole sweeps on each executor, a fresh output
// directory each time: the local one (sweep.Local) and Beam's Prism.
func BenchmarkExecutors(b *testing.B) {
	for _, bs := range benchSpecs {
		for _, name := range []string{"local", "prism"} {
			b.Run(bs.name+"/"+name, func(b *testing.B) {
				var exec sweep.Executor = sweep.Local{}
				if name == "prism" {
					exec = &beamExecutor{runner: "prism"}
				}
				i := 0
				for b.Loop() {
					i++
					if _, err := sweep.Run(context.Background(), bs.spec, sweep.Options{Out: fmt.Sprintf("%s/%d", b.TempDir(), i), Executor: exec}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
