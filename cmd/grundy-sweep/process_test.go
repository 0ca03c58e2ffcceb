//go:build linux

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/grundy/grundy/internal/filelock"
)

// The tests below run the real programs, built by .ci/run into the
// directory $GRUNDY_SWEEP_BIN (grundy, and grundy-sweep with the tag beam,
// side by side): a test may not build grundy-sweep itself (the Beam SDK
// takes minutes to compile on a cold cache). Each runs a sweep both ways:
// on grundy's own executor (--runner local, the default: grundy alone) and
// on Prism (--runner prism: grundy starts grundy-sweep). Issue 27, findings
// 5 and 7; issue 44.

// runners are the two ways a sweep runs: here, and in grundy-sweep.
var runners = []string{"local", "prism"}

func sweepBin(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("GRUNDY_SWEEP_BIN")
	if dir == "" {
		t.Skip("set GRUNDY_SWEEP_BIN to a directory holding grundy and grundy-sweep (.ci/run builds them)")
	}
	for _, p := range []string{"grundy", "grundy-sweep"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Fatalf("GRUNDY_SWEEP_BIN: %v", err)
		}
	}
	return dir
}

// sweepProcess is a grundy sweep started in the background.
type sweepProcess struct {
	cmd    *exec.Cmd
	stderr bytes.Buffer
	out    string // its --out directory
	done   chan struct{}
}

// startLongSweep starts grundy sweep octal --digits 3 --to 100000 (minutes
// of work) on the runner into out and waits until it has written a part.
func startLongSweep(t *testing.T, bin, runner, out string) *sweepProcess {
	t.Helper()
	p := &sweepProcess{out: out, done: make(chan struct{})}
	p.cmd = exec.Command(filepath.Join(bin, "grundy"), "sweep", "octal", "--digits", "3", "--to", "100000", "--runner", runner, "--out", out)
	p.cmd.Stderr = &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		<-p.done
		if c := childOf(p.cmd.Process.Pid); c > 0 {
			syscall.Kill(c, syscall.SIGKILL)
		}
	})
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if entries, _ := os.ReadDir(filepath.Join(out, "parts")); len(entries) > 0 {
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("no part written in 2 minutes: %s", p.stderr.String())
		}
	}
}

// childOf returns the pid of a child process of pid, or 0.
func childOf(pid int) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		c, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if stat, err := os.ReadFile("/proc/" + e.Name() + "/stat"); err == nil {
			i := bytes.LastIndexByte(stat, ')')
			if f := strings.Fields(string(stat[i+1:])); len(f) > 1 && f[1] == strconv.Itoa(pid) {
				return c
			}
		}
	}
	return 0
}

// ended waits up to a minute for pid to end (gone, or a zombie).
func ended(pid int) bool {
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && bytes.HasPrefix(stat[i:], []byte(") Z")) {
			return true
		}
	}
	return false
}

// kill -9 of grundy sweep ends its grundy-sweep (it went on writing next to
// the resumed run), and the directory's lock with it; a local sweep's lock
// goes with grundy.
func TestProcessKillParent(t *testing.T) {
	bin := sweepBin(t)
	for _, runner := range runners {
		t.Run(runner, func(t *testing.T) {
			p := startLongSweep(t, bin, runner, filepath.Join(t.TempDir(), "d3"))
			child := childOf(p.cmd.Process.Pid)
			if runner == "local" && child != 0 {
				t.Fatalf("a local sweep started a process (pid %d)", child)
			}
			if runner != "local" && child == 0 {
				t.Fatal("no grundy-sweep under grundy")
			}
			start := time.Now()
			p.cmd.Process.Signal(syscall.SIGKILL)
			<-p.done
			if child != 0 && !ended(child) {
				t.Fatalf("grundy-sweep (pid %d) still runs a minute after grundy was killed", child)
			}
			t.Logf("the sweep ended %v after grundy was killed", time.Since(start).Round(time.Millisecond))
			l, err := filelock.TryLock(filepath.Join(p.out, "sweep.lock"))
			if err != nil {
				t.Fatalf("the lock after the sweep died: %v", err)
			}
			l.Unlock()
		})
	}
}

// A second sweep into the directory of a running one is refused (exit 2,
// naming the running one, whichever runner either has); SIGTERM to grundy
// alone stops the sweep (exit 130) without a runner's "level=ERROR" line:
// a cancel is not an error.
func TestProcessLockAndSIGTERM(t *testing.T) {
	bin := sweepBin(t)
	for i, runner := range runners {
		t.Run(runner, func(t *testing.T) {
			p := startLongSweep(t, bin, runner, filepath.Join(t.TempDir(), "d3"))
			holder := p.cmd.Process.Pid
			child := childOf(holder)
			if child != 0 {
				holder = child
			}
			other := runners[1-i]
			second := exec.Command(filepath.Join(bin, "grundy"), "sweep", "octal", "--digits", "3", "--to", "100000", "--runner", other, "--out", p.out)
			var errs bytes.Buffer
			second.Stderr = &errs
			err := second.Run()
			want := "grundy: sweep: another sweep is running in " + p.out + " (pid " + strconv.Itoa(holder) + " since "
			if second.ProcessState.ExitCode() != 2 || !strings.HasPrefix(errs.String(), want) || strings.Count(errs.String(), "\n") != 1 {
				t.Errorf("a second sweep (%s): %v %q, want exit 2 and %q…", other, err, errs.String(), want)
			}
			p.cmd.Process.Signal(syscall.SIGTERM)
			// The failsafe of a test that would otherwise hang, not a
			// measure of speed.
			select {
			case <-p.done:
			case <-time.After(2 * time.Minute):
				t.Fatal("grundy sweep did not end within 2 minutes of SIGTERM")
			}
			stderr := p.stderr.String()
			if code := p.cmd.ProcessState.ExitCode(); code != 130 || strings.Contains(stderr, "level=ERROR") || !strings.Contains(stderr, "sweep interrupted") {
				t.Errorf("after SIGTERM: exit %d, stderr %q; want 130, no level=ERROR", code, stderr)
			}
			if child != 0 && !ended(child) {
				t.Errorf("grundy-sweep (pid %d) still runs", child)
			}
			// What was done is kept: the same command finishes it.
			if entries, _ := os.ReadDir(filepath.Join(p.out, "parts")); len(entries) == 0 {
				t.Errorf("no part kept after SIGTERM")
			}
		})
	}
}

// A sweep run by grundy and the same sweep run by grundy-sweep on Prism
// write the same results folder, byte for byte but the units' seconds
// (TestExecutorsAgree compares more sweeps in one process).
func TestProcessBeamMatchesLocal(t *testing.T) {
	bin := sweepBin(t)
	dirs := map[string]string{}
	for _, runner := range runners {
		dirs[runner] = filepath.Join(t.TempDir(), runner)
		cmd := exec.Command(filepath.Join(bin, "grundy"), "sweep", "octal", "--digits", "2", "--family", "0,4", "--to", "3000", "--runner", runner, "--out", dirs[runner])
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("--runner %s: %v\n%s", runner, err, out)
		}
	}
	n := sameFolders(t, sweepFolder(t, dirs["local"]), sweepFolder(t, dirs["prism"]), "grundy", "grundy-sweep on Prism")
	t.Logf("%d files compared", n)
}

// --grid /dev/zero (4 GB read, then "fatal error: out of memory") is a
// usage error naming line 1, in the memory of any start (grundy's own:
// the grid is read before any sweep runs).
func TestProcessGridDevZero(t *testing.T) {
	bin := sweepBin(t)
	cmd := exec.Command(filepath.Join(bin, "grundy"), "sweep", "cardflip", "--grid", "/dev/zero", "--out", t.TempDir())
	var errs bytes.Buffer
	cmd.Stderr = &errs
	cmd.Run()
	want := "grundy: /dev/zero: grid line 1: the line is longer than 4096 bytes"
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.HasPrefix(errs.String(), want) {
		t.Errorf("exit %d, %q; want 2 and %q…", code, errs.String(), want)
	}
	// The peak resident memory of grundy, as wait4 gives it.
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	t.Logf("peak RSS: %.1f MiB", float64(rss)/(1<<20))
	if rss > 160<<20 {
		t.Errorf("peak RSS %d MiB", rss>>20)
	}
}
