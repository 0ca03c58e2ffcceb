package starmeter

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"unicode/utf8"

	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// The sandbox's predeclared names. The rewriter (rewrite.go) turns every
// operation that can allocate more than a few bytes into a call of one of
// the wrappers below, whose names start with "$" so that no rule file can
// write or shadow them; the universal built-ins that allocate are replaced
// under their own names. Each wrapper computes the size of its result from
// its operands, charges it to the thread's meter, and only then lets
// go.starlark.net allocate: a split of a 64 MiB string into 2^26 pieces is
// refused after counting the separators, before a byte of the result exists.

type wrapFunc func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

func wrap(name string, fn wrapFunc) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		m := meterOf(th)
		if m == nil {
			return nil, fmt.Errorf("%s: %w", name, errNoMeter)
		}
		return fn(th, m, args, kwargs)
	})
}

var errNoMeter = errors.New("called outside a rules session")

// smallInt reports whether x is an int of less than 31 bits.
func smallInt(x starlark.Value) bool {
	i, ok := x.(starlark.Int)
	if !ok {
		return false
	}
	n, ok := i.Int64()
	return ok && -1<<31 < n && n < 1<<31
}

// plain is a wrapper that needs no meter.
func plain(name string, fn wrapFunc) *starlark.Builtin {
	return starlark.NewBuiltin(name, func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return fn(th, nil, args, kwargs)
	})
}

// universal returns the go.starlark.net built-in of that name.
func universal(name string) *starlark.Builtin { return starlark.Universe[name].(*starlark.Builtin) }

// orig calls a universal built-in as itself (no frame of its own, so that
// backtraces and error messages read as without the sandbox).
func orig(th *starlark.Thread, name string, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	return universal(name).CallInternal(th, args, kwargs)
}

var arithmetic = []syntax.Token{
	syntax.PLUS, syntax.MINUS, syntax.STAR, syntax.SLASH, syntax.SLASHSLASH, syntax.PERCENT,
	syntax.AMP, syntax.PIPE, syntax.CIRCUMFLEX, syntax.LTLT, syntax.GTGT,
}

// opName is the name of the wrapper of a binary operator (predeclared with
// one more "$", see rewriter).
func opName(op syntax.Token) string { return "$" + op.String() }

// augName is the predeclared name of the guard of an augmented assignment.
func augName(op syntax.Token) string { return "$" + op.String() + "=" }

func newPredeclared() starlark.StringDict {
	d := starlark.StringDict{}
	defer func() {
		for name, v := range maps.Collect(maps.All(d)) {
			if strings.HasPrefix(name, "$") {
				delete(d, name)
				d["$"+name] = v
			}
		}
	}()
	for _, op := range arithmetic {
		d[opName(op)] = starlark.NewBuiltin(opName(op), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			x, y := args[0], args[1]
			if op != syntax.LTLT && smallInt(x) && smallInt(y) {
				// The result has at most 63 bits: no allocation.
				return starlark.Binary(op, x, y)
			}
			m := meterOf(th)
			if m == nil {
				return nil, errNoMeter
			}
			n, err := binarySize(m, op, x, y)
			if err != nil {
				return nil, err
			}
			if err := m.charge(th, n, func() string { return "the operation " + x.Type() + " " + op.String() + " " + y.Type() }); err != nil {
				return nil, err
			}
			return starlark.Binary(op, x, y)
		})
		// x op= y: the guard charges for the result and returns y, and the
		// assignment then runs as compiled (lists and dicts in place).
		d[augName(op)] = wrap(augName(op), func(th *starlark.Thread, m *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
			x, y := args[0], args[1]
			var n int64
			var err error
			switch xl := x.(type) {
			case *starlark.List:
				if ln, each, ok := lenBound(y); ok && op == syntax.PLUS {
					n = ln * (2*slotBytes + each)
					break
				}
				n, err = binarySize(m, op, x, y)
			case *starlark.Dict:
				if yd, ok := y.(*starlark.Dict); ok && op == syntax.PIPE {
					n = int64(yd.Len()) * entryBytes
					break
				}
				n, err = binarySize(m, op, xl, y)
			default:
				n, err = binarySize(m, op, x, y)
			}
			if err != nil {
				return nil, err
			}
			return y, m.charge(th, n, func() string { return "the operation " + x.Type() + " " + op.String() + "= " + y.Type() })
		})
	}
	d["$-x"] = wrap("$-x", unary(syntax.MINUS))
	d["$~x"] = wrap("$~x", unary(syntax.TILDE))
	d["$none"] = starlark.None
	d["$tuple"] = plain("$tuple", func(_ *starlark.Thread, _ *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// The interpreter's steps pay for the tuple (StepBytes each). A
		// tuple of no tuples is the argument array itself (the interpreter
		// copied it for the call); deeper ones learn their depth.
		for _, a := range args {
			if _, ok := a.(starlark.Tuple); ok {
				return markedTuple(args)
			}
		}
		return args, nil
	})
	d["$dict"] = wrap("$dict", func(th *starlark.Thread, m *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// A dict literal's first bucket is allocated in one step; its
		// entries took a few steps each, and the steps paid for them.
		return args[0], m.charge(th, tableBytes, named("a dict"))
	})
	d["$args"] = plain("$args", func(_ *starlark.Thread, _ *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// *args packs the arguments of a call into a tuple the sandbox did
		// not make (f(f(f(…))) nests): replace it with one that knows its
		// depth.
		if t, ok := args[0].(starlark.Tuple); ok {
			return markedTuple(t)
		}
		return args[0], nil
	})
	d["$slice"] = wrap("$slice", sliceOp)
	d["$attr"] = plain("$attr", func(th *starlark.Thread, m *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return attr(args[0], string(args[1].(starlark.String)))
	})
	d["$call"] = wrap("$call", func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		recv, name := args[0], string(args[1].(starlark.String))
		fn, err := method(recv, name)
		if err != nil {
			return nil, err
		}
		return callMethod(th, m, recv, name, fn, args[2:], kwargs)
	})
	for name, fn := range builtins {
		d[name] = wrap(name, fn)
	}
	d["print"] = starlark.NewBuiltin("print", func(*starlark.Thread, *starlark.Builtin, starlark.Tuple, []starlark.Tuple) (starlark.Value, error) {
		// Output is discarded; not building it saves printing a value
		// that would not fit in memory.
		return starlark.None, nil
	})
	d["range"] = boundedRange
	return d
}

// predeclared are the names every rule file sees on top of Starlark's
// universe. They hold no state (the meter lives in the thread), so all
// files and threads share them.
var Predeclared = newPredeclared()

func unary(op syntax.Token) wrapFunc {
	return func(th *starlark.Thread, m *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		if x, ok := args[0].(starlark.Int); ok {
			if err := m.charge(th, intSize(BitLen(x)+1), named("the operation "+op.String()+"int")); err != nil {
				return nil, err
			}
		}
		return starlark.Unary(op, args[0])
	}
}

// intResult checks the size of an int result of bits bits.
func intResult(bits int) (int64, error) {
	if bits > maxIntBits {
		return 0, fmt.Errorf("the result would be an int of about %d bits; ints in rule files are limited to %d bits", bits, maxIntBits)
	}
	return intSize(bits), nil
}

// binarySize returns the bytes x op y will allocate (an upper bound), or an
// error for an int result over maxIntBits. Operands the operator does not
// take cost nothing: starlark.Binary reports the error.
func binarySize(m *Meter, op syntax.Token, x, y starlark.Value) (int64, error) {
	xi, xInt := x.(starlark.Int)
	yi, yInt := y.(starlark.Int)
	if xInt && yInt {
		return intBinarySize(op, xi, yi)
	}
	_, xFloat := x.(starlark.Float)
	_, yFloat := y.(starlark.Float)
	if (xFloat || xInt) && (yFloat || yInt) {
		return floatBytes, nil
	}
	switch op {
	case syntax.PLUS:
		return concatSize(x, y), nil
	case syntax.STAR:
		if xInt {
			return repeatSize(y, x), nil
		}
		return repeatSize(x, y), nil
	case syntax.PERCENT:
		if f, ok := x.(starlark.String); ok {
			n, err := formatSize(m, string(f), y)
			return boxBytes + 2*n, err // a strings.Builder grows by doubling
		}
	case syntax.MINUS, syntax.AMP:
		if xs, ok := x.(*starlark.Set); ok {
			return tableBytes + entryBytes*int64(xs.Len()), nil
		}
	case syntax.PIPE, syntax.CIRCUMFLEX:
		xl, xok := x.(starlark.Sequence)
		yl, yok := y.(starlark.Sequence)
		switch x.(type) {
		case *starlark.Set, *starlark.Dict:
			if xok && yok {
				return tableBytes + entryBytes*int64(xl.Len()+yl.Len()), nil
			}
		}
	}
	return 0, nil
}

// intBinarySize is binarySize of two ints.
func intBinarySize(op syntax.Token, xi, yi starlark.Int) (int64, error) {
	bx, by := BitLen(xi), BitLen(yi)
	switch op {
	case syntax.PLUS, syntax.MINUS:
		return intResult(max(bx, by) + 1)
	case syntax.STAR:
		return intResult(bx + by)
	case syntax.SLASH:
		return floatBytes, nil
	case syntax.SLASHSLASH, syntax.GTGT:
		return intResult(bx + 1)
	case syntax.PERCENT:
		return intResult(by + 1)
	case syntax.AMP, syntax.PIPE, syntax.CIRCUMFLEX:
		return intResult(max(bx, by) + 1)
	case syntax.LTLT:
		if s, ok := yi.Int64(); ok && s >= 0 && s < 512 {
			return intResult(bx + int(s))
		}
	}
	return 0, nil
}

// concatSize is the size of x + y for two sequences of the same type.
func concatSize(x, y starlark.Value) int64 {
	switch x := x.(type) {
	case starlark.String:
		if y, ok := y.(starlark.String); ok {
			return boxBytes + int64(len(x)) + int64(len(y))
		}
	case starlark.Bytes:
		if y, ok := y.(starlark.Bytes); ok {
			return boxBytes + int64(len(x)) + int64(len(y))
		}
	case *starlark.List:
		if y, ok := y.(*starlark.List); ok {
			return listBytes + slotBytes*int64(x.Len()+y.Len())
		}
	case starlark.Tuple:
		if y, ok := y.(starlark.Tuple); ok {
			return boxBytes + slotBytes*int64(len(x)+len(y))
		}
	}
	return 0
}

// repeatSize is the size of seq * count (or count * seq).
func repeatSize(seq, count starlark.Value) int64 {
	c, ok := count.(starlark.Int)
	if !ok {
		return 0
	}
	n, ok := c.Int64()
	if !ok {
		n = 1 << 62
	}
	switch s := seq.(type) {
	case starlark.String:
		return add(boxBytes, mul(int64(len(s)), n))
	case starlark.Bytes:
		return add(boxBytes, mul(int64(len(s)), n))
	case *starlark.List:
		return add(listBytes, mul(slotBytes*int64(s.Len()), n))
	case starlark.Tuple:
		return add(boxBytes, mul(slotBytes*int64(len(s)), n))
	}
	return 0
}

// formatSize returns an upper bound of the length of format % x, following
// starlark's interpolate: each conversion takes the next element of a tuple
// x (or x itself), or %(key)s a value of the mapping x.
func formatSize(m *Meter, format string, x starlark.Value) (int64, error) {
	total := int64(len(format))
	index := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 || i+1 >= len(format) {
			return total, nil
		}
		format = format[i+1:]
		if format[0] == '%' {
			format = format[1:]
			continue
		}
		var arg starlark.Value
		if format[0] == '(' {
			j := strings.IndexByte(format, ')')
			if j < 0 {
				return total, nil
			}
			mp, ok := x.(starlark.Mapping)
			if !ok {
				return total, nil
			}
			v, found, err := mp.Get(starlark.String(format[1:j]))
			if !found || err != nil {
				return total, nil
			}
			arg, format = v, format[j+1:]
		} else {
			if t, ok := x.(starlark.Tuple); ok {
				if index >= len(t) {
					return total, nil
				}
				arg = t[index]
			} else {
				arg = x
			}
		}
		if format == "" {
			return total, nil
		}
		var n int64
		var err error
		switch format[0] {
		case 's':
			n, err = strSize(m, arg, m.limits.MaxMemory)
		case 'r':
			n, err = reprSize(m, arg, m.limits.MaxMemory)
		case 'd', 'i', 'o', 'x', 'X':
			if i, ok := arg.(starlark.Int); ok {
				n = int64(BitLen(i)) + 2
			} else {
				n = 330 // a float: 1e308 has 309 digits
			}
		case 'e', 'f', 'g', 'E', 'F', 'G':
			n = 330
		case 'c':
			n = utf8.UTFMax
		}
		if err != nil {
			return 0, err
		}
		total = add(total, n)
		format = format[1:]
		index++
	}
}

// sliceOp is x[lo:hi:step], as starlark slices, charged for the copy it
// makes (lists always; strings, bytes and tuples when step is not 1).
func sliceOp(th *starlark.Thread, m *Meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
	x, lo, hi, stepv := args[0], args[1], args[2], args[3]
	sl, ok := x.(starlark.Sliceable)
	if !ok {
		return nil, fmt.Errorf("invalid slice operand %s", x.Type())
	}
	n := sl.Len()
	step := 1
	if stepv != starlark.None {
		var err error
		if step, err = starlark.AsInt32(stepv); err != nil {
			return nil, fmt.Errorf("invalid slice step: %s", err)
		}
		if step == 0 {
			return nil, fmt.Errorf("zero is not a valid slice step")
		}
	}
	index := func(v starlark.Value, def int, what string) (int, error) {
		if v == starlark.None {
			return def, nil
		}
		i, err := starlark.AsInt32(v)
		if err != nil {
			return 0, fmt.Errorf("invalid %s index: %s", what, err)
		}
		if i < 0 {
			i += n
		}
		return i, nil
	}
	var start, end int
	var err error
	if step > 0 {
		if start, err = index(lo, 0, "start"); err != nil {
			return nil, err
		}
		if end, err = index(hi, n, "end"); err != nil {
			return nil, err
		}
		start, end = min(max(start, 0), n), min(max(end, 0), n)
		end = max(end, start)
	} else {
		if start, err = index(lo, n-1, "start"); err != nil {
			return nil, err
		}
		if end, err = index(hi, -1, "end"); err != nil {
			return nil, err
		}
		start, end = min(start, n-1), max(end, -1)
		start = max(start, end)
	}
	count := int64(0)
	if step > 0 {
		count = int64((end - start + step - 1) / step)
	} else {
		count = int64((start - end - step - 1) / -step)
	}
	// A slice with a step appends element by element: its array may end
	// up twice as long as needed, after arrays of half that size.
	var size int64
	switch x.(type) {
	case *starlark.List:
		size = listBytes + 2*slotBytes*count
		if step != 1 {
			size *= 2
		}
	case starlark.Tuple:
		if step != 1 {
			size = boxBytes + 4*slotBytes*count
		}
	case starlark.String, starlark.Bytes:
		if step != 1 {
			size = boxBytes + 6*count
		}
	}
	if err := m.charge(th, size, func() string { return "a slice of a " + x.Type() }); err != nil {
		return nil, err
	}
	return sl.Slice(start, end, step), nil
}
