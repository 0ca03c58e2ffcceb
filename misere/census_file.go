package misere

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/grundy/grundy/checkpoint"
	"github.com/grundy/grundy/internal/filelock"
	"github.com/grundy/grundy/octal"
)

// The census file, DIR/census.jsonl, holds one row a line, each ending in
// its own check: `,"check":"<16 hex digits>"}`, the first 64 bits of the
// SHA-256 of the line before that field. It is replaced atomically
// (checkpoint.WriteFile) after each new row, so a kill leaves the rows
// before it, whole. On resume every line is checked by itself (issue 45,
// finding 6): a damaged line is dropped and its code computed again, the
// valid rows around it are kept (one changed byte in row 3 used to
// truncate the file there, losing every later row), and a valid row is
// used only if the limits it was computed under are at least this run's
// (a proved row under any): a row stopped by a budget is computed again
// under a larger one. DIR/census.lock keeps a second census out of DIR
// while one runs.

const (
	censusFile = "census.jsonl"
	censusLock = "census.lock"
	checkField = `,"check":"`
	// maxCensusFile bounds census.jsonl (the 4,680 codes of up to four
	// digits take about 2 MB), checked before it is read.
	maxCensusFile = 256 << 20
)

// CensusNote is what Census reports as it goes: a row found or read
// back, or a line of the census file that could not be used.
type CensusNote struct {
	// Row is the row of a code; for a line of the file dropped, only its
	// code, when it could be read.
	Row CensusRow
	// Old says the row was read back from the census file.
	Old bool
	// Again, when set, says why the file's row of this code was not used
	// (Row is then the new one).
	Again string
	// Line and Problem, when Problem is set, are a line of the census file
	// dropped and why.
	Line    int
	Problem string
}

// rowLine is a row as a line of the census file, with its check.
func rowLine(r CensusRow) []byte {
	b, _ := json.Marshal(r)
	b = b[:len(b)-1]
	sum := sha256.Sum256(b)
	b = append(b, checkField...)
	b = append(b, hex.EncodeToString(sum[:8])...)
	return append(b, "\"}\n"...)
}

// parseRow reads a line of the census file (without its newline): the row,
// or what is wrong with it. A line without a check (written before issue
// 45) is read as it is.
func parseRow(line []byte) (CensusRow, error) {
	var r CensusRow
	var check struct {
		Check *string `json:"check"`
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return r, errors.New("not a census row")
	}
	json.Unmarshal(line, &check)
	if check.Check != nil {
		cut := bytes.LastIndex(line, []byte(checkField))
		if cut < 0 {
			return r, errors.New("its check is misplaced")
		}
		sum := sha256.Sum256(line[:cut])
		if hex.EncodeToString(sum[:8]) != *check.Check || !bytes.HasSuffix(line, []byte(`"}`)) {
			return r, errors.New("its check does not match: it was damaged")
		}
	}
	if err := r.valid(); err != nil {
		return r, err
	}
	return r, nil
}

// valid checks a row's fields against each other.
func (r CensusRow) valid() error {
	_, err := octal.ParseCode(r.Code)
	switch {
	case err != nil || r.Code == "":
		return fmt.Errorf("its code %q is not an octal code", r.Code)
	case r.Heaps < 0 || r.Size < 0 || r.PSize < 0 || r.PSize > r.Size || r.Work < 0 || r.Period < 0 || r.Preperiod < 0:
		return errors.New("its counts are impossible")
	case r.Status == CensusProved && (r.Period < 1 || r.Size < 1):
		return errors.New("a proved row without a period")
	case r.Status != CensusProved && r.Status != CensusGrowing && r.Status != CensusBudget:
		return fmt.Errorf("unknown status %q", r.Status)
	case r.Limits != nil && (r.Limits.MaxWork < 0 || r.Limits.MaxHeaps < 1 || r.Limits.MaxSize < 0 || r.Limits.MaxPositions < 0 || r.Limits.MaxMoves < 0 || r.Limits.MaxMemory < 0):
		return errors.New("its limits are impossible")
	}
	return nil
}

// covers reports whether a limit a row was computed under lets a
// computation go at least as far as the limit now (0: no limit).
func covers(then, now int64) bool { return then == 0 || (now != 0 && then >= now) }

// reuse returns "" if the row holds for a census under the limits now, or
// why it must be computed again.
func (r CensusRow) reuse(now *CensusLimits) string {
	if r.Status == CensusProved {
		return "" // a proof holds under any limits
	}
	l := r.Limits
	switch {
	case l == nil:
		return fmt.Sprintf("its row (%s at heap %d) does not say under which limits it stopped", r.Status, r.Heaps)
	case r.Version != ConstructionVersion:
		return fmt.Sprintf("its row (%s at heap %d) was computed by version %d of the construction, this is version %d", r.Status, r.Heaps, r.Version, ConstructionVersion)
	}
	for _, c := range []struct {
		what      string
		then, now int64
	}{
		{"work limit", l.MaxWork, now.MaxWork},
		{"heap limit", int64(l.MaxHeaps), int64(now.MaxHeaps)},
		{"size limit", int64(l.MaxSize), int64(now.MaxSize)},
		{"limit on the sums of a verification", l.MaxPositions, now.MaxPositions},
		{"move limit", l.MaxMoves, now.MaxMoves},
		{"memory limit", l.MaxMemory, now.MaxMemory},
	} {
		if !covers(c.then, c.now) {
			return fmt.Sprintf("its row (%s at heap %d) stopped under a %s of %s, and this run's is %s", r.Status, r.Heaps, c.what, limitText(c.then), limitText(c.now))
		}
	}
	return ""
}

func limitText(v int64) string {
	if v == 0 {
		return "none"
	}
	return fmt.Sprint(v)
}

// dominates reports whether row a, of the same code, makes row b useless:
// a is proved, or went at least as far as b: under limits that cover b's,
// by the same construction, or, where b's limits are not comparable (not
// recorded, another version), to at least b's heap.
func (a CensusRow) dominates(b CensusRow) bool {
	switch {
	case a.Status == CensusProved:
		return true
	case b.Status == CensusProved:
		return false
	case a.Limits == nil || a.Version != ConstructionVersion || b.Limits == nil || b.Version != ConstructionVersion:
		return a.Heaps >= b.Heaps
	}
	return a.reuse(b.Limits) == ""
}

// censusFileRows reads the census file: its valid rows in file order, and
// a note for each line dropped.
func censusFileRows(path string) ([]CensusRow, []CensusNote, error) {
	raw, err := checkpoint.ReadFile(path, maxCensusFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	var rows []CensusRow
	var notes []CensusNote
	for i, line := range bytes.SplitAfter(raw, []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		if !bytes.HasSuffix(line, []byte("\n")) {
			notes = append(notes, CensusNote{Line: i + 1, Problem: "cut short (a run stopped while writing it)"})
			continue
		}
		r, err := parseRow(bytes.TrimSuffix(line, []byte("\n")))
		if err != nil {
			notes = append(notes, CensusNote{Row: CensusRow{Code: r.Code}, Line: i + 1, Problem: err.Error()})
			continue
		}
		rows = append(rows, r)
	}
	return rows, notes, nil
}

// Census runs CensusOf for each octal code under s, keeping the rows in
// dir/census.jsonl (replaced atomically after each new row), so that a
// census stopped at any point resumes where it was: a code whose row
// there is valid, and holds under s's limits, is not run again; every
// other row of the file is kept. A second census into dir while one runs
// is refused. note, when set, sees every row (read back or new) and every
// line of the file dropped. It returns the rows in the order of codes,
// and writes them to dir/census.csv and dir/census.json (replaced
// atomically) after each new row.
func Census(ctx context.Context, codes []string, s Settings, dir string, note func(CensusNote)) ([]CensusRow, error) {
	if note == nil {
		note = func(CensusNote) {}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	lock, err := filelock.TryLock(filepath.Join(dir, censusLock))
	if errors.Is(err, filelock.ErrLocked) {
		who := ""
		if h := filelock.Holder(filepath.Join(dir, censusLock)); h != "" {
			who = " (" + h + ")"
		}
		return nil, &CensusError{Dir: dir, Msg: "is in use by another census" + who + ": wait for it to end, or use another directory"}
	}
	if err != nil {
		return nil, err
	}
	defer lock.Unlock()
	path := filepath.Join(dir, censusFile)
	file, notes, err := censusFileRows(path)
	if err != nil {
		return nil, err
	}
	damaged := map[string]string{}
	for _, n := range notes {
		note(n)
		if n.Row.Code != "" {
			damaged[n.Row.Code] = fmt.Sprintf("its row (line %d of %s) was dropped: %s", n.Line, censusFile, n.Problem)
		}
	}
	if len(notes) > 0 {
		// The damaged lines go now, the valid rows stay.
		if err := writeRows(path, file); err != nil {
			return nil, err
		}
	}
	now := censusLimits(s)
	rows := make([]CensusRow, 0, len(codes))
	for _, code := range codes {
		again := damaged[code] // why the file's rows of code are not used
		found := false
		for i := len(file) - 1; i >= 0; i-- {
			if file[i].Code != code {
				continue
			}
			why := file[i].reuse(now)
			if why == "" {
				rows = append(rows, file[i])
				note(CensusNote{Row: file[i], Old: true})
				found = true
				break
			}
			if again == "" {
				again = why
			}
		}
		if found {
			continue
		}
		c, err := octal.ParseCode(code)
		if err != nil {
			return rows, err
		}
		row, err := CensusOf(ctx, code, Octal(octal.New(c)), s)
		if err != nil {
			return rows, fmt.Errorf("%s: %w", code, err)
		}
		// The new row takes the place of the rows of its code that it
		// makes useless; a row it does not (one that went further under
		// other limits) stays.
		kept := file[:0:0]
		placed := false
		for _, r := range file {
			switch {
			case r.Code != code || !row.dominates(r):
				kept = append(kept, r)
			case !placed:
				kept = append(kept, row)
				placed = true
			}
		}
		if !placed {
			kept = append(kept, row)
		}
		file = kept
		if err := writeRows(path, file); err != nil {
			return rows, err
		}
		rows = append(rows, row)
		note(CensusNote{Row: row, Again: again})
		if err := WriteCensus(dir, rows); err != nil {
			return rows, err
		}
	}
	return rows, WriteCensus(dir, rows)
}

// writeRows replaces the census file with the rows, in the order of codes
// (by digits, then as OctalCodes lists them), two rows of a code in the
// order given.
func writeRows(path string, rows []CensusRow) error {
	rows = slices.Clone(rows)
	slices.SortStableFunc(rows, func(a, b CensusRow) int {
		return cmp.Or(cmp.Compare(len(a.Code), len(b.Code)), strings.Compare(a.Code, b.Code))
	})
	var b []byte
	for _, r := range rows {
		b = append(b, rowLine(r)...)
	}
	return checkpoint.WriteFile(path, b)
}

// CensusError reports a census directory that cannot be used.
type CensusError struct{ Dir, Msg string }

func (e *CensusError) Error() string { return fmt.Sprintf("census %s: %s", e.Dir, e.Msg) }
