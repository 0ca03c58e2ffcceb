package octal

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy/checkpoint"
)

// Checksums of G(0..n) printed by `grundy values GAME --to n` at commit
// 19c1413 (before the 16-bit store, the SWAR kernels, the two-core mode
// and the hashed period search): every kernel must still give the same
// sequences. Checksum: SHA-256 of the values as 8-byte little-endian words.
var sequences19c1413 = []struct {
	game  string
	to    int
	sum   string
	short bool // also in the default run (else with GRUNDY_LONG=1 only)
	two   bool // also on two cores (the games where two cores are used)
}{
	{"0.167", 1048576, "6093ed7aa61d5e08eb6452c8b4a9ab631c815bc2f589862fc2466552c06e30b3", true, false},
	{"0.161", 1048576, "44098c5f41075b1fc057e182328a73ca71a2c1f92038ca8740df928cb5fe8e4e", false, true},
	{"0.6", 300000, "949df75dcb3155a8d44babda733c1e66181323e13919d6930bbc82949fa284f4", true, true},
	{"grundy", 300000, "33428fa77594675c5959c8712aff249c023df4a79e7ac33d1a1f3552c55a3926", false, true},
	{"0.16", 600000, "b8cf4d4daefac9510ce1eabf3cbcdd83a8607a3fcb42d3e7599082d321f5fefb", true, false},
	{"0.014", 262144, "9a4a3393e4f4b2fbb339056cb4b83583dc09646297857fd42f136842026ebe9c", false, true},
	{"0.034", 262144, "355770bbce30b7b4bf0d2e0e913ebc5341a9f51667e925d0dc1e3729449f2fb1", false, false},
	{"0.172", 262144, "4caf7fb0d9eaca0be80eebd029aa5da303ea02b6c8c26513eeff0797053e4373", false, false},
	{"0.007", 20000, "d3f47e61c1cd1a008773544425d18ac49a9cd497d1f13c2a12cd1b455739f932", true, true},
	{"0.56", 100000, "fceea56fd31344569e589bb360b89fdd4f0bc60adfad2979eb935d363b7c4d60", true, false},
	{"0.77", 100000, "f588c559c4b665ca9dc08f44d9277b5fcbdc0a7415eab172fdc902c455644c42", true, false},
	{"hex:0.8", 1500, "044b64fb9b4f6621c891f31a2cea06cf291a58f344a15dfe561f6ffe17111b0b", false, false},
	{"hex:0.2048", 600, "3373f9a3fc6601401f5ec1f1e1a56d88dabba4f5c47c7043f28e4bd54f20cb46", true, false},
	{"4.07", 50000, "c173a079ec085a26a85bb2fe39cf13f6e0c578d41913227ceb2bd1931413826f", true, false},
	{"0.354", 50000, "1d87c53388a5b9ca9aedf742f895600ee1537e80621df79046f0f5e516a830ed", true, false},
	{"0.137", 50000, "18665e9a86a33277105830cd6a603946614f9eb314983deb3c4ada80c7797f06", true, false},
}

func gameOf(t testing.TB, spec string) Game {
	switch {
	case spec == "grundy":
		return GrundysGame()
	case strings.HasPrefix(spec, "hex:"):
		return mustHex(t, strings.TrimPrefix(spec, "hex:"))
	}
	return mustCode(t, spec)
}

func checksum(c *Computer, to int) string {
	s := checkpoint.NewSum()
	for n := 0; n <= to; n++ {
		s.Add(uint64(c.At(n)))
	}
	return strings.TrimPrefix(s.String(), "sha256:")
}

// Today's kernels, on one core and on two, give the sequences of 19c1413
// (the plain kernel's sequences there; the sparse kernel's were checked
// against it).
func TestSequencesOf19c1413(t *testing.T) {
	for _, sq := range sequences19c1413 {
		if !long && !sq.short {
			continue
		}
		for _, par := range []bool{false, true} {
			if par && !sq.two {
				continue
			}
			var c *Computer
			if par {
				c = twoCores(t, sq.game)
			} else {
				c = NewComputer(gameOf(t, sq.game), Auto)
			}
			if c.Len() <= sq.to {
				if err := c.Extend(ctx, sq.to); err != nil {
					t.Fatal(err)
				}
			}
			if got := checksum(c, sq.to); got != sq.sum {
				t.Errorf("%s to %d (two cores %v): checksum %s, 19c1413 printed %s", sq.game, sq.to, par, got, sq.sum)
			}
		}
	}
}

// twoCores returns the run's one Computer of game in the two-core mode:
// TestRogalskiFrequencies extends those of .014 and .161 past where
// TestSequencesOf19c1413 checks them on two cores (a Computer's values do
// not depend on how far it was asked to go, so the prefix is the
// sequence checked), and does not compute them again.
func twoCores(t *testing.T, game string) *Computer {
	twoCoreComputers.Lock()
	defer twoCoreComputers.Unlock()
	if c := twoCoreComputers.m[game]; c != nil {
		return c
	}
	c := NewComputer(gameOf(t, game), Auto)
	c.SetParallel(true)
	if twoCoreComputers.m == nil {
		twoCoreComputers.m = map[string]*Computer{}
	}
	twoCoreComputers.m[game] = c
	return c
}

var twoCoreComputers struct {
	sync.Mutex
	m map[string]*Computer
}

// frequencies counts the values of heaps 1..n, as Frequencies does for
// 1..Len()−1.
func frequencies(c *Computer, n int) []int64 {
	var f []int64
	for h := 1; h <= n; h++ {
		v := int(c.At(h))
		for len(f) <= v {
			f = append(f, 0)
		}
		f[v]++
	}
	return f
}

// readFreqs reads a frequency table "value frequency" per line.
func readFreqs(t *testing.T, path string) []int64 {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		v, err1 := strconv.Atoi(fs[0])
		k, err2 := strconv.ParseInt(fs[1], 10, 64)
		if err1 != nil || err2 != nil || v != len(out) {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		out = append(out, k)
	}
	for len(out) > 0 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out
}

// The frequencies of the G-values of heaps 1..n published by Rogalski's
// octal solver (testdata/rogalski, see its README) for .014, .034, .161,
// .167 and .172 at n = 2^16, 2^20 and 2^22. By default all five to 2^16
// and .167 (the cheapest, 280 pairs of heaps a value) to 2^20; every table
// with GRUNDY_LONG=1 (.014, .034, .161 and .172 to 2^22 cost over 100 s
// of CPU: 5,500, 1,900, 1,950 and 5,500 pairs a value).
func TestRogalskiFrequencies(t *testing.T) {
	for _, game := range []string{"0.014", "0.034", "0.161", "0.167", "0.172"} {
		ns := []int{1 << 16, 1 << 20, 1 << 22}
		switch {
		case long:
		case game == "0.167":
			ns = ns[:2]
		default:
			ns = ns[:1]
		}
		c := twoCores(t, game)
		for _, n := range ns {
			var got []int64
			if c.Len() > n+1 { // past n already (TestSequencesOf19c1413 ran first)
				got = frequencies(c, n)
			} else {
				if err := c.Extend(ctx, n); err != nil {
					t.Fatal(err)
				}
				got = c.Frequencies()
			}
			want := readFreqs(t, filepath.Join("testdata", "rogalski", game, strconv.Itoa(n)))
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s to %d: frequencies\n got %v\nwant %v", game, n, got, want)
			}
		}
	}
}

// The sparse classes of the census (results/octal-sparse-to16777216: the
// checksums of G(0..N) its sweep wrote at every power of two), on one core
// and on two: three split digits (4.045: the side-by-side scan and marks),
// one split digit with positional parity (.324), two (.174), values below
// 64 (.054), and .205. To 2^18 by default, 2^20 with GRUNDY_LONG=1.
func TestCensusSparseClasses(t *testing.T) {
	skipUnderRace(t)
	to := 1 << 18
	if long {
		to = 1 << 20
	}
	for _, code := range []string{"4.045", "0.324", "0.174", "0.054", "0.205"} {
		want := ""
		path := filepath.Join("..", "results", "octal-sparse-to16777216", "frequencies", code, "checksums")
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if n, sum, ok := strings.Cut(line, " "); ok && n == strconv.Itoa(to) {
				want = strings.TrimPrefix(sum, "sha256:")
			}
		}
		if want == "" {
			t.Fatalf("%s: no checksum of G(0..%d)", path, to)
		}
		for _, par := range []bool{false, true} {
			c := NewComputer(mustCode(t, code), Auto)
			c.SetParallel(par)
			if err := c.Extend(ctx, to); err != nil {
				t.Fatal(err)
			}
			if got := checksum(c, to); got != want {
				t.Errorf("%s to %d (two cores %v): checksum %s, the census %s", code, to, par, got, want)
			}
		}
	}
}
