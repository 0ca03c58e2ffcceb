package problems_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/grundy/grundy/internal/cputime"
	"github.com/grundy/grundy/problems"
)

// Inputs at the judges' limits.
func benchInput(id string) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	switch id {
	case "hdu2176": // one case of 200000 piles, then the final 0
		fmt.Fprintln(&b, 200000)
		for i := range 200000 {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprint(&b, r.IntN(1<<30))
		}
		b.WriteString("\n0\n")
	case "poj2975": // 100 cases of 1000 piles up to 1e9
		for range 100 {
			fmt.Fprintln(&b, 1000)
			for i := range 1000 {
				if i > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprint(&b, 1+r.IntN(1_000_000_000))
			}
			b.WriteByte('\n')
		}
		b.WriteString("0\n")
	case "hdu1517": // 100000 targets near 2^32
		for range 100000 {
			fmt.Fprintln(&b, 4294967294-r.IntN(1<<20))
		}
	case "hdu2516": // 100000 heaps below 2^31
		for range 100000 {
			fmt.Fprintln(&b, 2+r.IntN(1<<31-3))
		}
		b.WriteString("0\n")
	}
	return b.String()
}

// cpuTime returns the CPU time (user + system) this process has used.
func cpuTime() time.Duration { return cputime.Process() }

// benchProblem times the Go driver and the straightforward C solution of
// testdata/ID.c on the same input (the C program runs as a process, so its
// time includes a process start, about a millisecond). Besides wall time it
// reports cpu-ns/op, user + system CPU time, which is steadier on a loaded
// machine.
func benchProblem(b *testing.B, id string) {
	input := benchInput(id)
	p, err := problems.Lookup(id)
	if err != nil {
		b.Fatal(err)
	}
	var want bytes.Buffer
	if err := p.Solve(strings.NewReader(input), &want); err != nil {
		b.Fatal(err)
	}
	b.Run("go", func(b *testing.B) {
		b.SetBytes(int64(len(input)))
		start := cpuTime()
		for b.Loop() {
			if err := p.Solve(strings.NewReader(input), io.Discard); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
	})
	b.Run("c", func(b *testing.B) {
		gcc, err := exec.LookPath("gcc")
		if err != nil {
			b.Skip("gcc not found")
		}
		bin := filepath.Join(b.TempDir(), id)
		if out, err := exec.Command(gcc, "-O2", "-o", bin, filepath.Join("testdata", id+".c")).CombinedOutput(); err != nil {
			b.Fatalf("gcc: %v\n%s", err, out)
		}
		in := filepath.Join(b.TempDir(), "in")
		if err := os.WriteFile(in, []byte(input), 0o644); err != nil {
			b.Fatal(err)
		}
		var cpu time.Duration
		run := func(w io.Writer) {
			f, err := os.Open(in)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			cmd := exec.Command(bin)
			cmd.Stdin, cmd.Stdout = f, w
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
			cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
		}
		var got bytes.Buffer
		run(&got)
		if got.String() != want.String() {
			b.Fatalf("the C solution disagrees with the driver")
		}
		b.SetBytes(int64(len(input)))
		cpu = 0
		b.ResetTimer()
		for b.Loop() {
			run(io.Discard)
		}
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	})
}

func BenchmarkHdu2176(b *testing.B) { benchProblem(b, "hdu2176") }
func BenchmarkPoj2975(b *testing.B) { benchProblem(b, "poj2975") }
func BenchmarkHdu1517(b *testing.B) { benchProblem(b, "hdu1517") }
func BenchmarkHdu2516(b *testing.B) { benchProblem(b, "hdu2516") }
