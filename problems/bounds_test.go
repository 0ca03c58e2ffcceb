package problems_test

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/grundy/grundy/problems"
)

// endless serves prefix, then fill forever, counting the bytes served.
type endless struct {
	prefix string
	fill   byte
	served int64
	limit  int64 // stop after this many bytes (0: never)
}

func (r *endless) Read(p []byte) (int, error) {
	if r.limit > 0 && r.served >= r.limit {
		return 0, io.EOF
	}
	if r.limit > 0 {
		p = p[:min(int64(len(p)), r.limit-r.served)]
	}
	n := 0
	for ; n < len(p); n++ {
		if i := r.served + int64(n); i < int64(len(r.prefix)) {
			p[n] = r.prefix[i]
		} else {
			p[n] = r.fill
		}
	}
	r.served += int64(n)
	return n, nil
}

// allocated runs f and returns the bytes it allocated on the heap (all
// goroutines': the test runs alone).
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Issue 27, finding 4: a token of endless '7's (1 GB of them took hdu1846 to
// 4.6 GB) is refused by every driver once it passes the token bound, with
// an error naming its line and column, after reading a bounded prefix of
// the input and allocating little. Deterministic: bytes read and allocated
// are counted, nothing is timed.
func TestEndlessToken(t *testing.T) {
	for _, p := range problems.All() {
		t.Run(p.ID, func(t *testing.T) {
			// The second token: a count or a number of every driver; the
			// first of hihocoder1172, whose second is a row of up to
			// 1,048,576 coins.
			in, line := &endless{prefix: "1\n", fill: '7'}, 2
			if p.ID == "hihocoder1172" {
				in, line = &endless{fill: '7'}, 1
			}
			var err error
			alloc := allocated(func() { err = p.Solve(in, io.Discard) })
			var ie *problems.InputError
			if !errors.As(err, &ie) {
				t.Fatalf("error %v (%T), want an *InputError", err, err)
			}
			t.Logf("%v; %d bytes read, %d allocated", err, in.served, alloc)
			if ie.Line != line || ie.Col != 1 || !strings.Contains(ie.Msg, "the token is longer than 4096 bytes") || !strings.Contains(ie.Msg, `"777777777777777777777777…"`) {
				t.Errorf("error %v, want the token on line %d, column 1 named too long", err, line)
			}
			// The 64 KiB buffers of the input and the output, the token's
			// 4 KiB, and whatever the driver set up before.
			if in.served > 128<<10 || alloc > 1<<20 {
				t.Errorf("%d bytes read, %d allocated: the token was not bounded", in.served, alloc)
			}
		})
	}
}

// A token on a later line is named by its line and column; a long token
// of valid shape (leading zeros) is refused past the bound too.
func TestLongTokenPosition(t *testing.T) {
	_, err := solve(t, "hdu1846", "1\n23 "+strings.Repeat("0", 5000)+"2\n")
	if err == nil || err.Error() != `hdu1846: line 2, column 4: m: "000000000000000000000000…" is not a whole number: the token is longer than 4096 bytes` {
		t.Errorf("got %v", err)
	}
	// At the bound, the token is read as scanf would.
	out, err := solve(t, "hdu1846", "1\n23 "+strings.Repeat("0", 4095)+"2\n")
	if err != nil || out != "first\n" { // m = 2, 23 mod 3 ≠ 0
		t.Errorf("a 4096-byte m: %q, %v", out, err)
	}
}

// The input bound: 64 MiB of blank lines, then a number cut by the bound,
// is an error naming the line reached, and the cut number is not read as
// a shorter one (hdu1517 would answer any n).
func TestInputBound(t *testing.T) {
	// The coin drivers read through the same reader.
	for _, id := range []string{"hdu3537", "hihocoder1172"} {
		p, _ := problems.Lookup(id)
		in := &endless{fill: '\n', limit: 64<<20 + 1}
		err := p.Solve(in, io.Discard)
		var ie *problems.InputError
		if !errors.As(err, &ie) || ie.Line != 64<<20+1 || !strings.Contains(ie.Msg, "the input is longer than 67108864 bytes") {
			t.Errorf("%s: 64 MiB + 1 of blank lines: %v", id, err)
		}
	}
	p, _ := problems.Lookup("hdu1517")
	in := &endless{fill: '\n', limit: 64<<20 - 2}
	r := io.MultiReader(in, strings.NewReader("1234567\n"))
	var out strings.Builder
	err := p.Solve(r, &out)
	var ie *problems.InputError
	if !errors.As(err, &ie) || ie.Line != 64<<20-1 || !strings.Contains(ie.Msg, "the input is longer than 67108864 bytes") || out.Len() != 0 {
		t.Errorf("got %q, %v", out.String(), err)
	}
	// Exactly at the bound, the input is read whole.
	in = &endless{fill: '\n', limit: 64<<20 - 3}
	out.Reset()
	err = p.Solve(io.MultiReader(in, strings.NewReader("17\n")), &out)
	if err != nil || out.String() != "Ollie wins.\n" {
		t.Errorf("an input of exactly 64 MiB: %q, %v", out.String(), err)
	}
}

// The number of piles of a case is bounded (1,048,576), so a case cannot
// make a driver hold more than a few MiB of piles.
func TestCaseBound(t *testing.T) {
	_, err := solve(t, "hdu1850", "2000000\n1 2 3\n")
	if err == nil || err.Error() != "hdu1850: line 1, column 1: the number of piles: 2000000 is out of range 0..1048576" {
		t.Errorf("got %v", err)
	}
}
