package starmeter

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// Sizes, in bytes, that the allocation meter charges. They are upper bounds
// of what go.starlark.net allocates (measured on amd64: a Value slot is an
// interface of 16 bytes; a new string, tuple or list is boxed in an interface
// as well; a result built by appending, such as a string's repr, may take
// twice its final size), checked by TestMeterBoundsAllocation against the Go
// runtime's own count.
const (
	slotBytes  = 16  // one Value in a list, tuple or argument array
	boxBytes   = 24  // a string, bytes or tuple header boxed in an interface
	listBytes  = 48  // a List: its header and the boxing
	entryBytes = 256 // one entry of a dict or set, with the table's growth (measured ≤ 190)
	tableBytes = 640 // an empty dict or set (its first bucket is inline)
	floatBytes = 8
	intBytes   = 48 // the header of a big int
)

// maxIntBits bounds the ints a rule file can make. Arithmetic on larger ints
// (a multiplication, a conversion to decimal) takes long enough, in one
// uninterruptible step, to escape the time limit; 65,536 bits (about 19,700
// decimal digits) is far beyond what a game needs. Python makes the same
// trade for conversions (sys.set_int_max_str_digits, 4,300 digits).
const maxIntBits = 1 << 16

// maxDepthValue bounds how deeply values nest where Go walks them
// recursively: tuples (hashed as dict keys, and printed in Starlark's own
// error messages), printing (str, repr, %, format, fail) and the globals
// that loading freezes. Deeper values would overflow the goroutine's stack,
// which is a fatal error, not a panic.
const maxDepthValue = 10_000

// intSize returns the bytes of an int: nothing for a small one (stored in
// the interface word), its words and header for a big one.
func intSize(bits int) int64 {
	if bits < 32 {
		return 0
	}
	return intBytes + int64(bits+63)/64*8
}

// bitLen returns the number of bits of x's magnitude.
func BitLen(x starlark.Int) int {
	if n, ok := x.Int64(); ok {
		if n < 0 {
			n = -n
		}
		b := 0
		for n != 0 {
			b++
			n >>= 1
		}
		return b
	}
	return x.BigInt().BitLen()
}

// mul returns a*b, saturating at math.MaxInt64 for non-negative a and b.
func mul(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// add returns a+b, saturating at math.MaxInt64 for non-negative a and b.
func add(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}

// lenBound returns an upper bound of the number of elements iterating v
// yields, and how many bytes each new element costs (iterating a string
// makes a string per element); ok is false when v is not iterable.
func lenBound(v starlark.Value) (n int64, each int64, ok bool) {
	switch v := v.(type) {
	case *codepoints:
		return int64(len(v.s)), boxBytes, true
	case starlark.Sequence:
		n := int64(v.Len())
		switch v.Type() {
		case "string.elems", "string.codepoints", "bytes.elems":
			return n, boxBytes, true
		}
		return n, 0, true
	case starlark.Iterable:
		// bytes.elems() yields one int per byte; its repr holds the bytes.
		if v.Type() == "bytes.elems" {
			return int64(len(v.String())), 0, true
		}
	}
	return 0, 0, false
}

// codepoints wraps the iterables string.codepoints() and
// string.codepoint_ords() return, which have no length, so that the meter
// knows how many elements they yield: at most the string's length.
type codepoints struct {
	starlark.Iterable
	s string
}

// walker measures values by walking them, within a byte limit, a depth
// limit, and the meter's clock.
type walker struct {
	m     *Meter
	limit int64 // stop once the total exceeds this
	total int64
	depth int
	path  []starlark.Value // containers being printed, for cycles
	nodes int
	err   error
}

func (w *walker) stop() bool {
	if w.err != nil || w.total > w.limit {
		return true
	}
	w.nodes++
	if w.nodes&0xffff == 0 && w.m != nil {
		w.err = w.m.expired()
	}
	return w.err != nil
}

// repr adds an upper bound of the length of v's Starlark repr (the text
// str and %r write) to w.total. Containers that contain themselves print
// as "[...]", as in starlark.
func (w *walker) repr(v starlark.Value) {
	if w.stop() {
		return
	}
	switch v := v.(type) {
	case starlark.NoneType, starlark.Bool:
		w.total += 5
	case starlark.Int:
		// Printing a number makes a string of it first (16 bytes more).
		w.total += int64(BitLen(v))*3/10 + 2 + 16
	case starlark.Float:
		w.total += 32 + 16
	case starlark.String:
		// syntax.Quote writes a byte as at most \xhh.
		w.total += 4*int64(len(v)) + 2
	case starlark.Bytes:
		w.total += 4*int64(len(v)) + 3
	case starlark.Tuple:
		w.nest(len(v), func(i int) starlark.Value { return v[i] }, 3)
	case *starlark.List:
		if w.cycle(v) {
			return
		}
		w.nest(v.Len(), v.Index, 2)
		w.path = w.path[:len(w.path)-1]
	case *starlark.Dict:
		if w.cycle(v) {
			return
		}
		items := v.Items()
		w.nest(len(items), func(i int) starlark.Value { return items[i] }, 2)
		w.path = w.path[:len(w.path)-1]
	case *starlark.Set:
		if w.cycle(v) {
			return
		}
		var elems []starlark.Value
		it := v.Iterate()
		var x starlark.Value
		for it.Next(&x) {
			elems = append(elems, x)
		}
		it.Done()
		w.nest(len(elems), func(i int) starlark.Value { return elems[i] }, 7)
		w.path = w.path[:len(w.path)-1]
	case *codepoints:
		w.total += 4*int64(len(v.s)) + 32
	default:
		// Functions, built-ins, ranges and string iterables: a name, a few
		// numbers, or the quoted string of an iterable.
		n, _, _ := lenBound(v)
		w.total += 4*n + 80
	}
}

func (w *walker) cycle(v starlark.Value) bool {
	for _, p := range w.path {
		if p == v {
			w.total += 5
			return true
		}
	}
	w.path = append(w.path, v)
	return false
}

// nest adds the repr of n elements with separators and brackets.
func (w *walker) nest(n int, elem func(int) starlark.Value, brackets int64) {
	w.total += brackets + 2*int64(n)
	w.depth++
	if w.depth > maxDepthValue {
		w.err = fmt.Errorf("a value nested more than %d deep cannot be printed", maxDepthValue)
	}
	for i := 0; i < n && !w.stop(); i++ {
		w.repr(elem(i))
	}
	w.depth--
}

// reprSize returns an upper bound of the length of v's repr, or a value
// over limit when it is longer; err reports a value nested too deeply to
// print, or the meter's clock.
func reprSize(m *Meter, v starlark.Value, limit int64) (int64, error) {
	w := walker{m: m, limit: limit}
	w.repr(v)
	return w.total, w.err
}

// strSize is reprSize for str(v) and %s: a string prints as itself.
func strSize(m *Meter, v starlark.Value, limit int64) (int64, error) {
	if s, ok := v.(starlark.String); ok {
		return int64(len(s)), nil
	}
	return reprSize(m, v, limit)
}

// depthMark is stored just past the end of a tuple made by the sandbox
// (in the spare capacity of its array, where no Starlark code looks): the
// tuple's nesting depth, so that a tuple built from tuples learns its depth
// in constant time. Tuples starlark makes itself (from *args, zip, a slice)
// have none and are walked.
type depthMark int32

func (depthMark) String() string        { return "depth" }
func (depthMark) Type() string          { return "depth" }
func (depthMark) Freeze()               {}
func (depthMark) Truth() starlark.Bool  { return false }
func (depthMark) Hash() (uint32, error) { return 0, nil }

// tupleDepth returns how deeply tuples nest in t (1 for a tuple of no
// tuples), or a number over maxDepthValue. Tuples only: lists and dicts
// cannot be hashed, so starlark never walks them recursively in a step
// (their comparison stops at depth 10).
func tupleDepth(t starlark.Tuple) int {
	var memo map[*starlark.Value]int
	var depth func(t starlark.Tuple, level int) int
	depth = func(t starlark.Tuple, level int) int {
		if cap(t) > len(t) {
			if d, ok := t[:len(t)+1][len(t)].(depthMark); ok {
				return int(d)
			}
		}
		if len(t) == 0 {
			return 1
		}
		if level > maxDepthValue {
			return level
		}
		if d, ok := memo[&t[0]]; ok {
			return d
		}
		d := 1
		for _, e := range t {
			if et, ok := e.(starlark.Tuple); ok {
				d = max(d, 1+depth(et, level+1))
				if d > maxDepthValue {
					break
				}
			}
		}
		if memo == nil {
			memo = make(map[*starlark.Value]int)
		}
		memo[&t[0]] = d
		return d
	}
	return depth(t, 1)
}

// markedTuple returns a copy of elems as a tuple that knows its depth, or
// an error when it would nest more than maxDepthValue deep.
func markedTuple(elems []starlark.Value) (starlark.Tuple, error) {
	d := 1
	for _, e := range elems {
		if et, ok := e.(starlark.Tuple); ok {
			d = max(d, 1+tupleDepth(et))
		}
	}
	if d > maxDepthValue {
		return nil, fmt.Errorf("tuples nested more than %d deep", maxDepthValue)
	}
	t := make(starlark.Tuple, len(elems), len(elems)+1)
	copy(t, elems)
	t[:len(t)+1][len(t)] = depthMark(d)
	return t, nil
}

// checkDepth reports a value whose tuples, lists, dicts or sets nest more
// than maxDepthValue deep (loading checks the globals before freezing them,
// which walks them recursively). Shared parts are walked once.
func CheckDepth(v starlark.Value) error {
	seen := make(map[unsafe.Pointer]bool)
	var walk func(v starlark.Value, depth int) bool
	walk = func(v starlark.Value, depth int) bool {
		if depth > maxDepthValue {
			return false
		}
		var key unsafe.Pointer
		var elems func(func(starlark.Value) bool) bool
		switch x := v.(type) {
		case starlark.Tuple:
			if len(x) == 0 {
				return true
			}
			key = unsafe.Pointer(&x[0])
			elems = func(f func(starlark.Value) bool) bool {
				for _, e := range x {
					if !f(e) {
						return false
					}
				}
				return true
			}
		case *starlark.List, *starlark.Dict, *starlark.Set:
			key = (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
			it := x.(starlark.Iterable)
			elems = func(f func(starlark.Value) bool) bool {
				iter := it.Iterate()
				defer iter.Done()
				var e starlark.Value
				for iter.Next(&e) {
					if !f(e) {
						return false
					}
					if d, ok := x.(*starlark.Dict); ok {
						val, _, _ := d.Get(e)
						if val != nil && !f(val) {
							return false
						}
					}
				}
				return true
			}
		default:
			return true
		}
		if seen[key] {
			return true
		}
		seen[key] = true
		return elems(func(e starlark.Value) bool { return walk(e, depth+1) })
	}
	if !walk(v, 0) {
		return fmt.Errorf("a value nested more than %d deep", maxDepthValue)
	}
	return nil
}

// shortRepr writes v for an error message: at most about n bytes of its
// repr, without walking more of v than that.
func ShortRepr(v starlark.Value, n int) string {
	var b strings.Builder
	var write func(v starlark.Value, depth int)
	// each writes the first elements an iterator yields.
	each := func(it starlark.Iterator, depth int, elem func(starlark.Value)) {
		defer it.Done()
		var e starlark.Value
		for i := 0; it.Next(&e); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			if b.Len() > n {
				b.WriteString("...")
				return
			}
			elem(e)
		}
	}
	write = func(v starlark.Value, depth int) {
		if b.Len() > n || depth > 8 {
			b.WriteString("...")
			return
		}
		switch x := v.(type) {
		case starlark.Tuple:
			b.WriteString("(")
			each(x.Iterate(), depth, func(e starlark.Value) { write(e, depth+1) })
			if len(x) == 1 {
				b.WriteString(",")
			}
			b.WriteString(")")
		case *starlark.List:
			b.WriteString("[")
			each(x.Iterate(), depth, func(e starlark.Value) { write(e, depth+1) })
			b.WriteString("]")
		case *starlark.Set:
			b.WriteString("set([")
			each(x.Iterate(), depth, func(e starlark.Value) { write(e, depth+1) })
			b.WriteString("])")
		case *starlark.Dict:
			b.WriteString("{")
			each(x.Iterate(), depth, func(k starlark.Value) {
				write(k, depth+1)
				b.WriteString(": ")
				val, _, _ := x.Get(k)
				write(val, depth+1)
			})
			b.WriteString("}")
		case starlark.String:
			if len(x) > n {
				x = x[:n]
			}
			b.WriteString(syntax.Quote(string(x), false))
		case starlark.Bytes:
			if len(x) > n {
				x = x[:n]
			}
			b.WriteString(x.String())
		case starlark.Int:
			if bits := BitLen(x); bits > 3*n {
				fmt.Fprintf(&b, "<int of %d bits>", bits)
				return
			}
			b.WriteString(x.String())
		case *codepoints:
			b.WriteString(ShortRepr(starlark.String(x.s), n) + ".codepoints()")
		default:
			// None, bools, floats, functions, built-ins, ranges, string
			// iterables: short, or (string.elems) bounded by the string.
			if ln, _, ok := lenBound(v); ok && ln > int64(n) {
				fmt.Fprintf(&b, "<%s of length %d>", v.Type(), ln)
				return
			}
			b.WriteString(v.String())
		}
	}
	write(v, 0)
	if b.Len() > n+3 {
		return b.String()[:n] + "..."
	}
	return b.String()
}
