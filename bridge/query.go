package bridge

import (
	"fmt"
	"io"
)

// QueryReader reads counting queries: each is a line with n, then a line
// with the 2n values seq[1..2n], each 0, 1 or 2, separated by blanks ("1 0 1
// 1") or written as one word of 2n digits ("1011"). Blank lines are skipped.
type QueryReader struct {
	lr  *lineReader
	seq []uint8
}

// NewQueryReader returns a reader of the queries in r.
func NewQueryReader(r io.Reader) *QueryReader {
	return &QueryReader{lr: newLineReader(r)}
}

// Next returns the next query's sequence, valid until the next call, and
// the line it was on. At the end of input it returns io.EOF; malformed input
// gives an *InputError naming the line.
func (q *QueryReader) Next() (seq []uint8, line int, err error) {
	fields, line, ok, err := q.lr.next()
	if err != nil {
		return nil, line, err
	}
	if !ok {
		return nil, line, io.EOF
	}
	n, err := parseN(fields, line)
	if err != nil {
		return nil, line, err
	}
	raw, line, ok, err := q.lr.nextRaw()
	if err != nil {
		return nil, line, err
	}
	if !ok {
		return nil, line, &InputError{Line: line, Msg: fmt.Sprintf("unexpected end of input: want the line of 2n = %d values for n = %d", 2*n, n)}
	}
	q.seq = q.seq[:0]
	b := 2 * n
	compact := len(raw) == b && !hasSpace(raw)
	for col := 0; col < len(raw); col++ {
		ch := raw[col]
		if ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f' {
			continue
		}
		if ch < '0' || ch > '2' || (!compact && col+1 < len(raw) && !isSpace(raw[col+1])) {
			end := col
			for end < len(raw) && !isSpace(raw[end]) {
				end++
			}
			word := raw[col:end]
			if compact {
				word = raw[col : col+1]
			}
			return nil, line, &InputError{Line: line, Msg: fmt.Sprintf("column %d: value %q is not 0, 1 or 2", col+1, word)}
		}
		if len(q.seq) == b {
			return nil, line, &InputError{Line: line, Msg: fmt.Sprintf("too many values: want 2n = %d for n = %d", b, n)}
		}
		q.seq = append(q.seq, ch-'0')
	}
	if len(q.seq) != b {
		return nil, line, &InputError{Line: line, Msg: fmt.Sprintf("want 2n = %d values for n = %d, got %d", b, n, len(q.seq))}
	}
	return q.seq, line, nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' }

func hasSpace(b []byte) bool {
	for _, c := range b {
		if isSpace(c) {
			return true
		}
	}
	return false
}
