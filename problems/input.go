package problems

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Bounds of judge input, so that no input, however long, makes a driver
// hold more than a few MiB (issue 27: 1 GB of '7' on stdin took 4.6 GB):
// a token is at most maxToken bytes (a whole number needs 20; scanf would
// read leading zeros, hence the slack), the whole input at most maxInput
// bytes, and a case at most maxCase heaps, rows or coins.
const (
	maxToken = 4 << 10
	maxInput = 64 << 20
	maxCase  = 1 << 20
)

// input reads judge input token by token, fast (a 64 KiB buffer and no
// allocation per number), keeping the line and column of each token for
// error messages. It reads at most maxInput bytes and returns tokens of at
// most maxToken bytes.
type input struct {
	id   string
	r    io.Reader
	buf  []byte
	pos  int
	end  int
	base int64 // offset in the input of buf[0]
	eof  bool
	err  error
	line int   // line of the next unread byte
	bol  int64 // offset of the start of that line
	// The position of the last token read (1-based).
	tokLine, tokCol int
}

func newInput(id string, r io.Reader) *input {
	return &input{id: id, r: io.LimitReader(r, maxInput+1), buf: make([]byte, 1<<16), line: 1}
}

func (in *input) fill() bool {
	if in.eof {
		return false
	}
	in.base += int64(in.end)
	n, err := in.r.Read(in.buf)
	if in.base+int64(n) > maxInput {
		// The byte past the limit is not read: the input ends there, with
		// an error that names the line reached.
		n = int(maxInput - in.base)
		line := in.line + bytes.Count(in.buf[:n], []byte{'\n'})
		in.err = &InputError{Problem: in.id, Line: line, Msg: fmt.Sprintf("the input is longer than %d bytes (64 MiB), more than any judge's", maxInput)}
		err = io.EOF
	}
	in.pos, in.end = 0, n
	if err != nil {
		if err != io.EOF {
			in.err = err
		}
		if n == 0 {
			in.eof = true
			return false
		}
	}
	return n > 0 || in.fill()
}

// skipSpace skips blanks and reports whether a token follows.
func (in *input) skipSpace() bool {
	for {
		if in.pos >= in.end && !in.fill() {
			return false
		}
		c := in.buf[in.pos]
		if c == '\n' {
			in.line++
			in.bol = in.base + int64(in.pos) + 1
		} else if !isSpace(c) {
			return true
		}
		in.pos++
	}
}

// isSpace reports the blanks scanf skips: space, tab, newline, carriage
// return, vertical tab and form feed.
func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// more reports whether another token follows (false at end of input).
func (in *input) more() bool { return in.skipSpace() }

// token returns the next token (valid until the next read), or nil at end.
// A token longer than max is cut there: its first max+1 bytes are returned,
// and the caller refuses it.
func (in *input) token(scratch []byte, max int) []byte {
	if !in.skipSpace() {
		return nil
	}
	in.tokLine, in.tokCol = in.line, int(in.base+int64(in.pos)-in.bol)+1
	// Fast path: the token ends inside the buffer; return it in place.
	for i := in.pos; i < in.end && i-in.pos <= max; i++ {
		if isSpace(in.buf[i]) {
			t := in.buf[in.pos:i]
			in.pos = i
			return t
		}
	}
	out := scratch[:0]
	for len(out) <= max {
		if in.pos >= in.end && !in.fill() {
			if in.err != nil {
				return nil // cut by maxInput or a read error: not a whole token
			}
			return out
		}
		// Append the buffer's run of non-space bytes at once (a token of
		// 10^6 coins, byte by byte, cost more than the C reference's run).
		i := in.pos
		for i < in.end && !isSpace(in.buf[i]) && len(out)+i-in.pos <= max {
			i++
		}
		out = append(out, in.buf[in.pos:i]...)
		in.pos = i
		if i < in.end && isSpace(in.buf[i]) {
			return out
		}
	}
	return out
}

// tooLong reports a token longer than maxToken, in a message about what.
func (in *input) tooLong(what string, t []byte) error {
	return in.errorf("%s: %q is not a whole number: the token is longer than %d bytes", what, clip(t), maxToken)
}

// errorf reports malformed input at the last token read.
func (in *input) errorf(format string, args ...any) error {
	return &InputError{Problem: in.id, Line: in.tokLine, Col: in.tokCol, Msg: fmt.Sprintf(format, args...)}
}

// missing reports input that ends where what was expected.
func (in *input) missing(what string) error {
	if err := in.readErr(); err != nil {
		return err
	}
	return &InputError{Problem: in.id, Msg: "missing " + what}
}

// readErr reports an I/O error or input past maxInput, or nil.
func (in *input) readErr() error {
	var ie *InputError
	switch {
	case errors.As(in.err, &ie):
		return ie
	case in.err != nil:
		return fmt.Errorf("%s: reading input: %w", in.id, in.err)
	}
	return nil
}

// int reads a whole number in [lo, hi] named what ("the number of piles").
func (in *input) int(what string, lo, hi int64) (int64, error) {
	var scratch [24]byte
	t := in.token(scratch[:], maxToken)
	if t == nil {
		return 0, in.missing(what)
	}
	if len(t) > maxToken {
		return 0, in.tooLong(what, t)
	}
	// Fast path: plain decimal digits.
	var n int64
	ok := len(t) > 0 && len(t) <= 18
	for _, c := range t {
		if c < '0' || c > '9' {
			ok = false
			break
		}
		n = n*10 + int64(c-'0')
	}
	if !ok {
		var err error
		if n, err = strconv.ParseInt(string(t), 10, 64); err != nil {
			return 0, in.errorf("%s: %q is not a whole number in %d..%d", what, clip(t), lo, hi)
		}
	}
	if n < lo || n > hi {
		return 0, in.errorf("%s: %d is out of range %d..%d", what, n, lo, hi)
	}
	return n, nil
}

// uint reads a whole number in [lo, hi] that may exceed int64.
func (in *input) uint(what string, lo, hi uint64) (uint64, error) {
	var scratch [24]byte
	t := in.token(scratch[:], maxToken)
	if t == nil {
		return 0, in.missing(what)
	}
	if len(t) > maxToken {
		return 0, in.tooLong(what, t)
	}
	if len(t) > 1 && t[0] == '+' { // scanf reads a leading +
		t = t[1:]
	}
	var n uint64
	var err error
	if len(t) > 0 && len(t) <= 19 {
		for _, c := range t {
			if c < '0' || c > '9' {
				err = strconv.ErrSyntax
				break
			}
			n = n*10 + uint64(c-'0')
		}
	} else {
		n, err = strconv.ParseUint(string(t), 10, 64)
	}
	if err != nil {
		return 0, in.errorf("%s: %q is not a whole number in %d..%d", what, clip(t), lo, hi)
	}
	if n < lo || n > hi {
		return 0, in.errorf("%s: %d is out of range %d..%d", what, n, lo, hi)
	}
	return n, nil
}

func clip(t []byte) string {
	if len(t) > 24 {
		return string(t[:24]) + "…"
	}
	return string(t)
}

// output buffers judge output.
type output struct {
	w   *bufio.Writer
	num []byte
}

func newOutput(w io.Writer) *output { return &output{w: bufio.NewWriterSize(w, 1<<16)} }

func (o *output) str(s string) { o.w.WriteString(s) }

func (o *output) line(s string) {
	o.w.WriteString(s)
	o.w.WriteByte('\n')
}

func (o *output) int(n int64) {
	o.num = strconv.AppendInt(o.num[:0], n, 10)
	o.w.Write(o.num)
}

func (o *output) byte(c byte) { o.w.WriteByte(c) }

func (o *output) flush() error { return o.w.Flush() }

// run reads judge input with solve and writes its output: the answers
// given before an error are written too (as a judge's solution prints as
// it goes), and then the error is returned.
func run(id string, r io.Reader, w io.Writer, solve func(in *input, out *output) error) error {
	in, out := newInput(id, r), newOutput(w)
	err := solve(in, out)
	if ferr := out.flush(); err == nil {
		err = ferr
	}
	if err == nil {
		err = in.readErr()
	}
	return err
}
