package sweep

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/octal"
)

// OctalSpec is an octal sweep: every code 0.d1…dk with k ≤ Digits (last
// digit non-zero), each computed until its period is proved or to G(To).
type OctalSpec struct {
	Digits int `json:"digits"`
	To     int `json:"to"`
}

// Limits of an octal sweep: 4 digits are 4,095 codes; To bounds each
// code's memory (about 6 bytes a value) and time.
const (
	MaxOctalDigits = 4
	MaxOctalTo     = 100_000_000
)

// OctalRow is one code's result: a line of results.csv and results.jsonl.
type OctalRow struct {
	Code       string `json:"code"`
	ComputedTo int    `json:"computed_to"`
	MaxValue   uint32 `json:"max_value"`
	// Rare is the number of rare heaps of the sparse-space kernel (0 when
	// the plain kernel ran).
	Rare      int `json:"rare"`
	Period    int `json:"period"`
	Preperiod int `json:"preperiod"`
	// Status is proved (the Guy–Smith test), found (seen in the values,
	// not proved: grundy period's "observed") or none.
	Status  string  `json:"status"`
	Seconds float64 `json:"seconds"`
	// What the tables say (see Lookup), and whether this result agrees:
	// agrees, disagrees, unproved (published, out of this range), open
	// (published unsolved) or "" (no published result).
	Representative     string `json:"representative,omitempty"`
	PublishedPeriod    *int   `json:"published_period,omitempty"`
	PublishedPreperiod *int   `json:"published_preperiod,omitempty"`
	Check              string `json:"check,omitempty"`
	Note               string `json:"note,omitempty"`
}

type octalTask struct {
	spec  OctalSpec
	codes []string
}

func newOctalTask(s OctalSpec) (*octalTask, error) {
	if s.Digits < 1 || s.Digits > MaxOctalDigits {
		return nil, fmt.Errorf("sweep: octal digits must be 1..%d, not %d", MaxOctalDigits, s.Digits)
	}
	if s.To < 1 || s.To > MaxOctalTo {
		return nil, fmt.Errorf("sweep: octal --to must be 1..%d, not %d", MaxOctalTo, s.To)
	}
	return &octalTask{spec: s, codes: OctalCodes(s.Digits)}, nil
}

// OctalCodes lists the codes 0.d1…dk with 1 ≤ k ≤ digits and dk ≠ 0, by
// length and then value: 7, 63 and 511 codes for 1, 2 and 3 digits.
func OctalCodes(digits int) []string {
	var out []string
	for k := 1; k <= digits; k++ {
		n := 1
		for range k {
			n *= 8
		}
		for v := 1; v < n; v++ {
			if v%8 == 0 {
				continue
			}
			s := strconv.FormatInt(int64(v), 8)
			out = append(out, "0."+strings.Repeat("0", k-len(s))+s)
		}
	}
	return out
}

func (t *octalTask) units() int       { return len(t.codes) }
func (t *octalTask) key(i int) string { return t.codes[i] }

// octalUnit is what a code's result depends on: the code and the range.
type octalUnit struct {
	Kind string `json:"kind"`
	Code string `json:"code"`
	To   int    `json:"to"`
}

func (t *octalTask) unit(i int) any { return octalUnit{"octal", t.codes[i], t.spec.To} }

func (t *octalTask) run(ctx context.Context, i int) ([]byte, error) {
	row, err := OctalUnit(ctx, t.codes[i], t.spec.To)
	if err != nil {
		return nil, err
	}
	return json.Marshal(row)
}

// OctalUnit computes one code: octal.FindPeriod to t, then the statistics
// of the computer. The check against the tables is added by the merge.
func OctalUnit(ctx context.Context, code string, to int) (OctalRow, error) {
	c, err := octal.ParseCode(code)
	if err != nil {
		return OctalRow{}, err
	}
	start := time.Now()
	per, comp, err := octal.FindPeriod(ctx, octal.New(c), to, octal.Auto)
	if err != nil {
		return OctalRow{}, fmt.Errorf("sweep: octal %s: %w", code, err)
	}
	st := comp.Stats()
	status := string(per.Status)
	if per.Status == octal.Observed {
		status = "found"
	}
	return OctalRow{
		Code: code, ComputedTo: per.ComputedTo, MaxValue: st.MaxValue, Rare: st.Rare,
		Period: per.Period, Preperiod: per.Preperiod, Status: status,
		Seconds: time.Since(start).Seconds(),
	}, nil
}

// Shift is the number of heap sizes n ≥ 1, from 1 up, that have no move:
// such heaps are dead, and the published tables list the game on heaps
// that many tokens smaller (Czajka: "a game in which taking a 1-element
// heap is not allowed is considered equivalent to the game with all heap
// sizes reduced by 1", applied until a heap of one has a move). Dawson's
// Kayles 0.07 has shift 1: its G(n+1) is the G(n) of 0.4.
func Shift(g octal.Game) int {
	s := 0
	for n := 1; n < 64; n++ {
		moves := false
		g.Options(n, func(int, []int) bool { moves = true; return false })
		if moves {
			break
		}
		s++
	}
	return s
}

// Compare compares the row with the published result and fills in the
// check columns: the period, and the pre-period in the tables' indexing
// (heaps Shift tokens smaller: max(0, n0 − shift)). A code the tables call
// unsolved must not be proved periodic; a published period whose Guy–Smith
// bound lies within the range computed must be proved.
//
// The published pre-period column is the tables' own number.
func (r *OctalRow) Compare() {
	pub, ok := Lookup(r.Code)
	if !ok {
		return
	}
	c, err := octal.ParseCode(r.Code)
	if err != nil {
		return
	}
	g := octal.New(c)
	shift := Shift(g)
	r.Representative = pub.Rep
	switch {
	case pub.Unsolved && r.Status == "proved":
		r.Check, r.Note = "disagrees", fmt.Sprintf("published unsolved (%s, representative %s), proved here", pub.Source, pub.Rep)
	case pub.Unsolved:
		r.Check, r.Note = "open", fmt.Sprintf("published unsolved (%s)", pub.Source)
	default:
		r.PublishedPeriod, r.PublishedPreperiod = &pub.Period, &pub.Preperiod
		r.Note = pub.Source
		if "0"+pub.Rep != r.Code {
			r.Note += ", through " + pub.Rep
		}
		if shift > 0 {
			r.Note += fmt.Sprintf(", heaps shifted by %d", shift)
		}
		// The published pre-period in the shifted indexing.
		t0 := pub.Preperiod
		if !pub.Shifted {
			if rc, err := octal.ParseCode("0" + pub.Rep); err == nil {
				t0 = max(0, t0-Shift(octal.New(rc)))
			}
		}
		switch {
		case r.Status == "proved" && r.Period == pub.Period && max(0, r.Preperiod-shift) == t0:
			r.Check = "agrees"
		case r.Status == "proved":
			r.Check = "disagrees"
		default:
			if bound := g.Bound(t0+shift, pub.Period); r.ComputedTo >= bound {
				r.Check = "disagrees"
				r.Note += fmt.Sprintf("; the Guy–Smith bound %d is within the range but no period was proved", bound)
			} else {
				r.Check = "unproved"
			}
		}
	}
}

func (t *octalTask) merge(ctx context.Context, st *store) (*Summary, error) {
	rows := make([]OctalRow, 0, len(t.codes))
	sum := &Summary{}
	for i, code := range t.codes {
		data, err := mergePart(ctx, st, t, i)
		if err != nil {
			return nil, err
		}
		var r OctalRow
		if err := json.Unmarshal(data, &r); err != nil || r.Code != code {
			return nil, fmt.Errorf("sweep: %s: the result of octal %s is not a row of it: %v", st.partPath(code), code, err)
		}
		r.Compare()
		rows = append(rows, r)
		sum.Seconds += r.Seconds
		switch r.Status {
		case "proved":
			sum.Proved++
		case "found":
			sum.Found++
		default:
			sum.None++
		}
		if r.PublishedPeriod != nil {
			sum.Published++
		}
		switch r.Check {
		case "agrees":
			sum.Agree++
		case "disagrees":
			sum.Disagree = append(sum.Disagree, r.Code)
		}
	}
	sort.Strings(sum.Disagree)
	header := []string{"code", "computed_to", "max_value", "rare", "period", "preperiod", "status", "seconds",
		"representative", "published_period", "published_preperiod", "check", "note"}
	records := make([][]string, len(rows))
	for i, r := range rows {
		records[i] = []string{r.Code, itoa(r.ComputedTo), itoa(int(r.MaxValue)), itoa(r.Rare), itoa(r.Period), itoa(r.Preperiod),
			r.Status, fmt.Sprintf("%.3f", r.Seconds), r.Representative, itoaOrEmpty(r.PublishedPeriod), itoaOrEmpty(r.PublishedPreperiod), r.Check, r.Note}
	}
	files, err := writeTable(ctx, st, "results", header, records, rows)
	if err != nil {
		return nil, err
	}
	sum.Files = files
	return sum, nil
}

func itoa(n int) string { return strconv.Itoa(n) }

func itoaOrEmpty(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}
