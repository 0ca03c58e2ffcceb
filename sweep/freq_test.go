package sweep

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/octal"
)

// The frequency tables of a sparse unit, at every power of two, are the
// counts of each value among heaps 1..N of the plain kernel's values (the
// oracle), each with the checksum of G(0..N); the row's checksum is that
// of G(0..computed_to). 2^1..2^14 here, to 2^16 with GRUNDY_SWEEP_LONG.
func TestFrequencyTablesPlain(t *testing.T) {
	to := 1 << 14
	if os.Getenv("GRUNDY_SWEEP_LONG") != "" {
		to = 1 << 16
	}
	for _, code := range []string{"0.16", "0.167", "0.014", "tb:4!.0"} {
		r, tables, err := unitRow(code, OctalBudget{To: to, MaxWork: DefaultMaxWork})
		if err != nil {
			t.Fatal(err)
		}
		if r.Rare == 0 || r.Status == "proved" || r.ComputedTo != to {
			t.Fatalf("%s: %+v: not a sparse unit run to %d", code, r, to)
		}
		_, g, _ := ParseSweepCode(code)
		c := octal.NewComputer(g, octal.PlainMethod)
		if err := c.Extend(context.Background(), to); err != nil {
			t.Fatal(err)
		}
		sum := checkpoint.NewSum()
		counts := map[uint32]int64{}
		var maxV uint32
		k := 0
		for n := 0; n <= to; n++ {
			v := c.At(n)
			sum.Add(uint64(v))
			if n == 0 {
				continue
			}
			counts[v]++
			maxV = max(maxV, v)
			if n&(n-1) != 0 {
				continue
			}
			if k >= len(tables) || tables[k].N != n {
				t.Fatalf("%s: table %d is not N = %d: %+v", code, k, n, tables[min(k, len(tables)-1)])
			}
			ft := tables[k]
			k++
			if len(ft.Counts) != int(maxV)+1 || ft.Checksum != sum.String() {
				t.Errorf("%s at %d: %d values, checksum %s; plain: max %d, %s", code, n, len(ft.Counts), ft.Checksum, maxV, sum.String())
				continue
			}
			for v, got := range ft.Counts {
				if got != counts[uint32(v)] {
					t.Errorf("%s at %d: %d heaps of value %d, the plain kernel %d", code, n, got, v, counts[uint32(v)])
				}
			}
		}
		if k != len(tables) || r.Checksum != sum.String() {
			t.Errorf("%s: %d tables, want %d; checksum %s, plain %s", code, len(tables), k, r.Checksum, sum.String())
		}
	}
}

// A sweep writes the tables to DIR/frequencies/KEY/N in rogalski's
// format: 0.014's files at 1024 and 2048 are byte for byte the ones in
// his repository (testdata/rogalski); a proved unit has none; the
// checksums file lists G(0..N)'s checksum for each N.
func TestFrequencyFilesRogalski(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "o")
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{To: 16384, Codes: []string{"0.014", "0.77", "tb:0.014"}}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(sum.Files, " ") != "results.csv results.jsonl frequencies/" {
		t.Errorf("files %q", sum.Files)
	}
	for _, n := range []string{"1024", "2048"} {
		want, err := os.ReadFile(filepath.Join("testdata", "rogalski", "0.014", n))
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"0.014", "tb-0.014"} {
			got, err := os.ReadFile(filepath.Join(dir, "frequencies", key, n))
			if err != nil || string(got) != string(want) {
				t.Errorf("%s at %s: %v\n%s\nwant (rogalski's)\n%s", key, n, err, got, want)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "frequencies", "0.77")); !os.IsNotExist(err) {
		t.Errorf("0.77 (proved) has frequency files: %v", err)
	}
	sums, err := os.ReadFile(filepath.Join(dir, "frequencies", "0.014", "checksums"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(sums)), "\n")
	if len(lines) != 15 || !strings.HasPrefix(lines[0], "1 sha256:") || !strings.HasPrefix(lines[14], fmt.Sprintf("%d sha256:", 16384)) {
		t.Errorf("checksums:\n%s", sums)
	}
}

// The committed frequency tables of the sparse unsolved codes
// (results/octal-sparse-to16777216, computed by the sparse-space kernel)
// against the plain kernel, the oracle: for thirteen codes of both families,
// every table N ≤ 2^14 and its checksum (2^20, the spot check,
// with GRUNDY_SWEEP_LONG: about an hour of one core; with the first ten
// codes it passed, 3,861 s).
func TestSparseResultsPlain(t *testing.T) {
	dir := filepath.Join("..", "results", "octal-sparse-to16777216", "frequencies")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no committed results")
	}
	to := 1 << 14
	if os.Getenv("GRUNDY_SWEEP_LONG") != "" {
		to = 1 << 20
	}
	for _, code := range []string{"0.104", "0.106", "0.14", "0.142", "0.146", "0.6", "0.054", "0.064", "4.004", "4.044", "0.005", "0.143", "0.64", "0.606"} {
		_, g, err := ParseSweepCode(code)
		if err != nil {
			t.Fatal(err)
		}
		c := octal.NewComputer(g, octal.PlainMethod)
		if err := c.Extend(context.Background(), to); err != nil {
			t.Fatal(err)
		}
		sums, err := os.ReadFile(filepath.Join(dir, code, "checksums"))
		if err != nil {
			t.Fatal(err)
		}
		sum := checkpoint.NewSum()
		var counts []int64
		for n := 0; n <= to; n++ {
			v := int(c.At(n))
			sum.Add(uint64(v))
			if n == 0 {
				continue
			}
			if v >= len(counts) {
				counts = append(counts, make([]int64, v+1-len(counts))...)
			}
			counts[v]++
			if n&(n-1) != 0 {
				continue
			}
			var want strings.Builder
			for v, k := range counts {
				fmt.Fprintf(&want, "%d %d\n", v, k)
			}
			got, err := os.ReadFile(filepath.Join(dir, code, strconv.Itoa(n)))
			if err != nil || string(got) != want.String() {
				t.Errorf("%s at %d: the committed table differs from the plain kernel's (%v)", code, n, err)
			}
			if line := fmt.Sprintf("\n%d %s\n", n, sum.String()); !strings.Contains("\n"+string(sums), line) {
				t.Errorf("%s at %d: no line %q in the checksums", code, n, strings.TrimSpace(line))
			}
		}
	}
}
