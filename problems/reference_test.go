package problems_test

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/grundy/grundy/problems"
)

// The reference solutions in testdata/ID.c read the input as accepted
// solutions of each judge do (each file says how: a count of cases then
// the cases and nothing more; cases to the end of the input; cases until a
// line 0), and exit with 0 when they answer, 2 when they reject input on
// which accepted solutions read garbage (a token that is not a number, a
// case cut short), and 3 for input outside the judge's limits that they
// answer by an arithmetic the game does not define.

// gens make random judge input for each problem, as tokens: cases of the
// judge's format, in and out of its limits, with the variations judges'
// inputs and careless users have: repeated blocks, data after the last
// case or after the final 0, the 0 missing, empty input.
var gens = map[string]func(r *rand.Rand) []string{
	"hdu1846": func(r *rand.Rand) []string {
		return counted(r, func() []string { return ints(r.IntN(60), 1+r.IntN(12)) })
	},
	"hdu2188": func(r *rand.Rand) []string {
		return counted(r, func() []string { return ints(1+r.IntN(60), 1+r.IntN(12)) })
	},
	"hdu2149": func(r *rand.Rand) []string {
		return repeat(r, 5, func() []string { return ints(1+r.IntN(60), 1+r.IntN(12)) })
	},
	"hdu1517": func(r *rand.Rand) []string {
		return repeat(r, 6, func() []string {
			p := 1
			for range r.IntN(8) {
				p *= 18
			}
			switch r.IntN(4) {
			case 0:
				return ints(2 + r.IntN(400))
			case 1:
				return ints(9*p + r.IntN(3) - 1)
			case 2:
				return ints(max(2, p+r.IntN(3)-1))
			}
			return ints(2 + r.IntN(1<<32-4))
		})
	},
	"hdu1847": func(r *rand.Rand) []string { return repeat(r, 6, func() []string { return ints(r.IntN(100)) }) },
	"hdu2897": func(r *rand.Rand) []string {
		return repeat(r, 4, func() []string { p := 1 + r.IntN(5); return ints(r.IntN(60), p, p+r.IntN(6)) })
	},
	"hdu1907": func(r *rand.Rand) []string {
		return counted(r, func() []string {
			n := r.IntN(5)
			out := ints(n)
			for range n {
				out = append(out, ints(1+r.IntN(6))...)
			}
			return out
		})
	},
	"hdu1730": func(r *rand.Rand) []string {
		return repeat(r, 3, func() []string {
			n, m := r.IntN(4), 2+r.IntN(9)
			out := ints(n, m)
			for range n {
				a := 1 + r.IntN(m)
				b := a
				if r.IntN(5) > 0 {
					b = 1 + (a+r.IntN(m-1))%m
				}
				out = append(out, ints(a, b)...)
			}
			return out
		})
	},
	"hdu1850": nimInput(15),
	"poj2975": nimInput(1000000000),
	"hdu2176": nimInput(15),
	"hdu1849": nimInput(15),
	"hdu2516": func(r *rand.Rand) []string { return zeroEnded(r, func() []string { return ints(1 + r.IntN(100)) }) },
	"hdu4315": func(r *rand.Rand) []string {
		return repeat(r, 3, func() []string {
			n := 1 + r.IntN(5)
			out := ints(n, 1+r.IntN(n))
			c := 0
			for range n {
				c += 1 + r.IntN(3)
				out = append(out, strconv.Itoa(c))
			}
			if r.IntN(6) == 0 && n > 1 { // out of order
				out[2], out[len(out)-1] = out[len(out)-1], out[2]
			}
			return out
		})
	},
	"hdu3537": func(r *rand.Rand) []string {
		return repeat(r, 3, func() []string {
			n := r.IntN(5)
			out := ints(n)
			for range n {
				out = append(out, ints(r.IntN(30))...)
			}
			return out
		})
	},
	"hihocoder1172": func(r *rand.Rand) []string {
		n := 1 + r.IntN(10)
		row := make([]byte, n)
		for i := range row {
			row[i] = "HT"[r.IntN(2)]
		}
		switch r.IntN(8) {
		case 0:
			row = row[:n-1]
		case 1:
			row[r.IntN(n)] = 'X'
		}
		out := []string{strconv.Itoa(n)}
		if len(row) > 0 {
			out = append(out, string(row))
		}
		if r.IntN(5) == 0 {
			out = append(out, "3", "HHT")
		}
		return out
	},
}

func ints(xs ...int) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = strconv.Itoa(x)
	}
	return out
}

// repeat returns up to max cases.
func repeat(r *rand.Rand, max int, one func() []string) []string {
	var out []string
	for range r.IntN(max + 1) {
		out = append(out, one()...)
	}
	return out
}

// counted returns "C, then C cases", sometimes followed by another block or
// by stray numbers.
func counted(r *rand.Rand, one func() []string) []string {
	block := func() []string {
		c := r.IntN(4)
		out := ints(c)
		for range c {
			out = append(out, one()...)
		}
		return out
	}
	out := block()
	switch r.IntN(4) {
	case 0:
		out = append(out, block()...)
	case 1:
		out = append(out, ints(r.IntN(9))...)
	}
	return out
}

// zeroEnded returns cases, then usually a 0, sometimes followed by more.
func zeroEnded(r *rand.Rand, one func() []string) []string {
	out := repeat(r, 4, one)
	if r.IntN(4) > 0 {
		out = append(out, "0")
		if r.IntN(3) == 0 {
			out = append(out, one()...)
		}
	}
	return out
}

func nimInput(maxPile int) func(r *rand.Rand) []string {
	return func(r *rand.Rand) []string {
		return zeroEnded(r, func() []string {
			m := 1 + r.IntN(5)
			out := ints(m)
			for range m {
				out = append(out, ints(r.IntN(maxPile+1))...)
			}
			return out
		})
	}
}

// spoil makes some inputs wrong or unusual the way scanf still reads them
// or not: cut short, a token that is not a number, a negative number, a
// number too large, a leading + or 0.
func spoil(r *rand.Rand, toks []string) []string {
	if len(toks) == 0 {
		return toks
	}
	i := r.IntN(len(toks))
	switch r.IntN(12) {
	case 0:
		return toks[:len(toks)-1-r.IntN(min(2, len(toks)))]
	case 1:
		// (Not "1.5": scanf reads the 1 and stops before ".5", which
		// accepted solutions may never read again.)
		toks[i] = []string{"x", "--3", "99999999999999999999"}[r.IntN(3)]
	case 2:
		toks[i] = "-" + toks[i]
	case 3:
		toks[i] = "+" + toks[i]
	case 4:
		toks[i] = "00" + toks[i]
	case 5:
		toks[i] = "2147483648"
	}
	return toks
}

// layout joins tokens with the blanks judges' files and users' editors
// have: spaces, tabs, blank lines, CRLF, no final newline.
func layout(r *rand.Rand, toks []string) string {
	var b strings.Builder
	if r.IntN(6) == 0 {
		b.WriteString([]string{"\n", " ", "\r\n\r\n"}[r.IntN(3)])
	}
	for i, t := range toks {
		if i > 0 {
			b.WriteString([]string{" ", " ", "\n", "\n", "  ", "\t", "\r\n", "\n\n", " \n "}[r.IntN(9)])
		}
		b.WriteString(t)
	}
	if len(toks) > 0 && r.IntN(5) > 0 {
		b.WriteString([]string{"\n", "\r\n", "\n\n", " "}[r.IntN(4)])
	}
	return b.String()
}

// reference compiles testdata/ID.c.
func reference(t *testing.T, id string) string {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not found")
	}
	bin := filepath.Join(t.TempDir(), id)
	if out, err := exec.Command(gcc, "-O2", "-o", bin, filepath.Join("testdata", id+".c")).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	return bin
}

// TestAgainstReferences runs every driver and its reference on the same
// random inputs: where the reference answers the driver must print the
// same bytes; where it rejects garbage the driver must reject the input
// with one error line naming the place; outside the judge's limits the
// driver may answer (it does, where the game is defined) or reject.
func TestAgainstReferences(t *testing.T) {
	if testing.Short() {
		t.Skip("runs C programs")
	}
	for _, p := range problems.All() {
		t.Run(p.ID, func(t *testing.T) {
			gen := gens[p.ID]
			if gen == nil {
				t.Fatalf("no input generator for %s", p.ID)
			}
			bin := reference(t, p.ID)
			r := rand.New(rand.NewPCG(7, uint64(len(p.ID))))
			inputs := []string{"", "\n", " \r\n\n\t"}
			for range 200 {
				toks := gen(r)
				if r.IntN(2) == 0 {
					toks = spoil(r, toks)
				}
				inputs = append(inputs, layout(r, toks))
			}
			counts := map[int]int{}
			for _, in := range inputs {
				cmd := exec.Command(bin)
				cmd.Stdin = strings.NewReader(in)
				var refOut, refErr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &refOut, &refErr
				code := 0
				if err := cmd.Run(); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						t.Fatal(err)
					}
					code = ee.ExitCode()
				}
				counts[code]++
				var out bytes.Buffer
				err := p.Solve(strings.NewReader(in), &out)
				var ie *problems.InputError
				switch code {
				case 0:
					if err != nil || out.String() != refOut.String() {
						t.Errorf("on %q the reference answers %q; the driver %q, %v", in, refOut.String(), out.String(), err)
					}
				case 2:
					if !errors.As(err, &ie) {
						t.Errorf("on %q the reference rejects the input (%s); the driver: %q, %v", in, strings.TrimSpace(refErr.String()), out.String(), err)
					}
				case 3:
					if err != nil && !errors.As(err, &ie) {
						t.Errorf("on %q: %v is not an InputError", in, err)
					}
				default:
					t.Fatalf("the reference failed with status %d on %q: %s", code, in, refErr.String())
				}
				if ie != nil && (strings.Contains(err.Error(), "\n") || ie.Line > 0 && ie.Col < 1) {
					t.Errorf("on %q: the error %q does not name line and column on one line", in, err)
				}
			}
			if counts[0] < 100 || counts[2] < 5 {
				t.Errorf("the inputs exercise too little: %v (status: inputs)", counts)
			}
			t.Logf("reference statuses: %v", counts)
		})
	}
}

// TestReferenceFiles: every driver has its reference.
func TestReferenceFiles(t *testing.T) {
	for _, p := range problems.All() {
		if _, err := os.Stat(filepath.Join("testdata", p.ID+".c")); err != nil {
			t.Errorf("%s: %v", p.ID, err)
		}
	}
}
