package sweep

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
)

// A part file says which unit it is the result of, so that a part in the
// wrong place is found out (issue 27: parts/0.16.json copied over
// parts/0.77.json merged as 0.77, and a part of a --to 2000 sweep merged
// into a --to 20000 one):
//
//	{"unit":{"kind":"octal","code":"0.77","to":20000},"result":{…},"sha256":"…"}
//
// unit is the unit's parameters (task.unit: everything its result depends
// on), result the unit's row, and sha256 the SHA-256 of the compact JSON of
// unit, a newline and the compact JSON of result, so an edited or damaged
// result is found out too. A part whose unit is not the one its name says,
// or whose checksum does not hold, is not used: the sweep computes the unit
// again (Run moves the part aside first and says so), and the merge refuses
// one that still does not hold.
type part struct {
	Unit   json.RawMessage `json:"unit"`
	Result json.RawMessage `json:"result"`
	SHA256 string          `json:"sha256"`
}

// maxPartBytes bounds the part files read: a part is a few hundred bytes
// (a bridge shard's tally at n = 4, 200 KB).
const maxPartBytes = 16 << 20

// partSum is the checksum of a part's unit and result.
func partSum(unit, result []byte) (string, error) {
	var b bytes.Buffer
	if err := json.Compact(&b, unit); err != nil {
		return "", err
	}
	b.WriteByte('\n')
	if err := json.Compact(&b, result); err != nil {
		return "", err
	}
	h := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(h[:]), nil
}

// encodePart returns the part file of unit i of t, whose result is result.
func encodePart(t task, i int, result []byte) ([]byte, error) {
	unit, err := json.Marshal(t.unit(i))
	if err != nil {
		return nil, err
	}
	sum, err := partSum(unit, result)
	if err != nil {
		return nil, err
	}
	return json.Marshal(part{Unit: unit, Result: result, SHA256: sum})
}

// PartError is a part file that is not the result of its unit.
type PartError struct {
	Name string // the part file
	Msg  string
}

func (e *PartError) Error() string { return fmt.Sprintf("sweep: %s %s", e.Name, e.Msg) }

// checkPart returns the result held by data, the part file name of unit i
// of t, or a *PartError saying why it is not that unit's.
func checkPart(t task, i int, name string, data []byte) (json.RawMessage, error) {
	var p part
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, &PartError{name, fmt.Sprintf("is not a part file: %v", err)}
	}
	if len(p.Unit) == 0 || len(p.Result) == 0 || p.SHA256 == "" {
		return nil, &PartError{name, "has no unit, result and checksum (a part of an older grundy, or damaged)"}
	}
	want, err := json.Marshal(t.unit(i))
	if err != nil {
		return nil, err
	}
	var have bytes.Buffer
	if err := json.Compact(&have, p.Unit); err != nil {
		return nil, &PartError{name, fmt.Sprintf("has a unit that is not JSON: %v", err)}
	}
	if !bytes.Equal(have.Bytes(), want) {
		return nil, &PartError{name, fmt.Sprintf("is the part of %s, not of %s", have.Bytes(), want)}
	}
	sum, err := partSum(p.Unit, p.Result)
	if err != nil || sum != p.SHA256 {
		return nil, &PartError{name, fmt.Sprintf("fails its checksum (sha256 %s, its unit and result give %s): its result was changed or damaged", p.SHA256, sum)}
	}
	return p.Result, nil
}

// readPart reads and checks the part of unit i of t: its result, or
// fs.ErrNotExist, or a *PartError.
func readPart(ctx context.Context, st *store, t task, i int) (json.RawMessage, error) {
	name := st.partPath(t.key(i))
	data, err := st.readMax(ctx, name, maxPartBytes)
	if errors.Is(err, errTooLong) {
		return nil, &PartError{name, fmt.Sprintf("is longer than %d bytes: not a part file", maxPartBytes)}
	}
	if err != nil {
		return nil, err
	}
	return checkPart(t, i, name, data)
}

// mergePart is readPart for a merge, which needs every part: any failure
// names the part and how to recover.
func mergePart(ctx context.Context, st *store, t task, i int) (json.RawMessage, error) {
	res, err := readPart(ctx, st, t, i)
	var pe *PartError
	switch {
	case errors.As(err, &pe):
		return nil, fmt.Errorf("%w; run the same command again to compute it anew", err)
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("sweep: %s is missing: %w", st.partPath(t.key(i)), err)
	}
	return res, err
}
