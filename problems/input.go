package problems

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// input reads judge input token by token, fast (a 64 KiB buffer and no
// allocation per number), counting lines for error messages.
type input struct {
	id   string
	r    io.Reader
	buf  []byte
	pos  int
	end  int
	eof  bool
	err  error
	line int // line of the next unread byte
	tok  int // line of the last token read
}

func newInput(id string, r io.Reader) *input {
	return &input{id: id, r: r, buf: make([]byte, 1<<16), line: 1}
}

func (in *input) fill() bool {
	if in.eof {
		return false
	}
	n, err := in.r.Read(in.buf)
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
		} else if c != ' ' && c != '\t' && c != '\r' {
			return true
		}
		in.pos++
	}
}

// more reports whether another token follows (false at end of input).
func (in *input) more() bool { return in.skipSpace() }

// token returns the next token (valid until the next read), or nil at end.
func (in *input) token(scratch []byte) []byte {
	if !in.skipSpace() {
		return nil
	}
	in.tok = in.line
	// Fast path: the token ends inside the buffer; return it in place.
	for i := in.pos; i < in.end; i++ {
		if c := in.buf[i]; c == ' ' || c == '\n' || c == '\t' || c == '\r' {
			t := in.buf[in.pos:i]
			in.pos = i
			return t
		}
	}
	out := scratch[:0]
	for {
		if in.pos >= in.end && !in.fill() {
			return out
		}
		c := in.buf[in.pos]
		if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			return out
		}
		out = append(out, c)
		in.pos++
	}
}

// errorf reports malformed input at the line of the last token.
func (in *input) errorf(format string, args ...any) error {
	return &InputError{Problem: in.id, Line: in.tok, Msg: fmt.Sprintf(format, args...)}
}

// readErr reports an I/O error, or nil.
func (in *input) readErr() error {
	if in.err != nil {
		return fmt.Errorf("%s: reading input: %w", in.id, in.err)
	}
	return nil
}

// int reads a whole number in [lo, hi] named what ("the number of piles").
func (in *input) int(what string, lo, hi int64) (int64, error) {
	var scratch [24]byte
	t := in.token(scratch[:])
	if t == nil {
		if err := in.readErr(); err != nil {
			return 0, err
		}
		return 0, &InputError{Problem: in.id, Line: 0, Msg: "missing " + what}
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
	t := in.token(scratch[:])
	if t == nil {
		if err := in.readErr(); err != nil {
			return 0, err
		}
		return 0, &InputError{Problem: in.id, Line: 0, Msg: "missing " + what}
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
