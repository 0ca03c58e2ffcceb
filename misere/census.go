package misere

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/grundy/grundy/checkpoint"
)

// CensusRow is one code's line of a census of misère quotients: how far
// the quotient was computed and what it is there.
type CensusRow struct {
	Code string `json:"code"`
	// Heaps is the last heap computed: the quotient holds for the sums of
	// heaps 0..Heaps, and for every heap when Status is "proved".
	Heaps int `json:"heaps"`
	Size  int `json:"size"`
	PSize int `json:"p_size"`
	// Status is "proved" (the periodicity theorem holds at Heaps),
	// "growing" (a limit stopped the run while the quotient grew: at the
	// heap it was adding, or within the last quarter of the heaps reached)
	// or "budget" (a limit stopped it with the quotient unchanged over that
	// stretch, unproved).
	Status    string `json:"status"`
	Period    int    `json:"period,omitempty"`
	Preperiod int    `json:"preperiod,omitempty"`
	// Grew lists the heaps where the quotient grew, space-separated.
	Grew string `json:"grew"`
	// Reason is what stopped the run (growing, budget).
	Reason string `json:"reason,omitempty"`
	// Work is the computation's work count (Quotient.Work).
	Work int64 `json:"work"`
	// Limits are the limits the row was computed under, and Version the
	// construction's (ConstructionVersion): a row stopped by a limit is
	// computed again by a census whose limits are larger in any respect,
	// or of another version; a proved row holds under any. nil and 0 in
	// rows written before issue 45, which recorded neither.
	Limits  *CensusLimits `json:"limits,omitempty"`
	Version int           `json:"version,omitempty"`
}

// CensusLimits are the limits of a census row's computation (Settings and
// its Budget; 0: no limit). MaxHeaps is never 0 (DefaultMaxHeaps).
type CensusLimits struct {
	MaxWork      int64 `json:"max_work"`
	MaxHeaps     int   `json:"max_heaps"`
	MaxSize      int   `json:"max_size"`
	MaxPositions int64 `json:"max_positions"`
	MaxMoves     int64 `json:"max_moves"`
	MaxMemory    int64 `json:"max_memory"`
}

// censusLimits returns the limits of a computation under s.
func censusLimits(s Settings) *CensusLimits {
	h := s.MaxHeaps
	if h <= 0 {
		h = DefaultMaxHeaps
	}
	return &CensusLimits{MaxWork: s.MaxWork, MaxHeaps: h, MaxSize: s.MaxSize, MaxPositions: s.Budget.MaxPositions, MaxMoves: s.Budget.MoveLimit(), MaxMemory: s.Budget.MaxMemory}
}

// Census statuses.
const (
	CensusProved  = "proved"
	CensusGrowing = "growing"
	CensusBudget  = "budget"
)

// CensusOf extends the quotient of the rules until proved or stopped by
// the settings' limits, and classifies the result. Errors that are not
// limits (rules that break the setting) are returned.
func CensusOf(ctx context.Context, code string, rules HeapRules, s Settings) (CensusRow, error) {
	q, err := Extend(ctx, rules, s)
	var stop *StopError
	if err != nil && !errors.As(err, &stop) {
		return CensusRow{}, err
	}
	if err != nil && ctx.Err() != nil {
		return CensusRow{}, ctxError(ctx) // interrupted: not a result
	}
	row := CensusRow{Code: code, Limits: censusLimits(s), Version: ConstructionVersion}
	if q == nil { // stopped at heap 0
		row.Status, row.Reason = CensusBudget, stop.Err.Error()
		return row, nil
	}
	row.Heaps, row.Size, row.PSize, row.Work = q.Computed(), q.Size(), q.PSize(), q.Work()
	var grew []string
	last := 0
	for _, h := range q.Grew() {
		grew = append(grew, strconv.Itoa(h))
		last = h
	}
	row.Grew = strings.Join(grew, " ")
	switch {
	case q.Status() == Proved:
		row.Status, row.Period, row.Preperiod = CensusProved, q.Period().Period, q.Period().Preperiod
	case stop.Candidate > 0 || 4*last > 3*row.Heaps:
		row.Status, row.Reason = CensusGrowing, stop.Err.Error()
	default:
		row.Status, row.Reason = CensusBudget, stop.Err.Error()
	}
	return row, nil
}

// OctalCodes returns the octal codes 0.d1…dk of k digits, in order (0.00,
// 0.01, …, 0.77 for k = 2).
func OctalCodes(k int) []string {
	n := 1
	for range k {
		n *= 8
	}
	out := make([]string, n)
	for i := range out {
		d := make([]byte, k)
		for j, x := k-1, i; j >= 0; j, x = j-1, x/8 {
			d[j] = byte('0' + x%8)
		}
		out[i] = "0." + string(d)
	}
	return out
}

// WriteCensus writes rows to dir/census.csv and dir/census.json.
func WriteCensus(dir string, rows []CensusRow) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"code", "heaps", "size", "p_size", "status", "period", "preperiod", "grew", "reason", "work"})
	for _, r := range rows {
		per, pre := "", ""
		if r.Status == CensusProved {
			per, pre = strconv.Itoa(r.Period), strconv.Itoa(r.Preperiod)
		}
		w.Write([]string{r.Code, strconv.Itoa(r.Heaps), strconv.Itoa(r.Size), strconv.Itoa(r.PSize), r.Status, per, pre, r.Grew, r.Reason, strconv.FormatInt(r.Work, 10)})
	}
	w.Flush()
	if err := checkpoint.WriteFile(filepath.Join(dir, "census.csv"), b.Bytes()); err != nil {
		return err
	}
	var j bytes.Buffer
	bw := bufio.NewWriter(&j)
	bw.WriteString("[\n")
	for i, r := range rows {
		line, _ := json.Marshal(r)
		bw.Write(line)
		if i < len(rows)-1 {
			bw.WriteString(",")
		}
		bw.WriteString("\n")
	}
	bw.WriteString("]\n")
	bw.Flush()
	return checkpoint.WriteFile(filepath.Join(dir, "census.json"), j.Bytes())
}
