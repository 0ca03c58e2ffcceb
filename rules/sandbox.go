package rules

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"unicode"
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

type wrapFunc func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error)

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
		d[augName(op)] = wrap(augName(op), func(th *starlark.Thread, m *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
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
	d["$tuple"] = plain("$tuple", func(_ *starlark.Thread, _ *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// The interpreter's steps pay for the tuple (stepBytes each). A
		// tuple of no tuples is the argument array itself (the interpreter
		// copied it for the call); deeper ones learn their depth.
		for _, a := range args {
			if _, ok := a.(starlark.Tuple); ok {
				return markedTuple(args)
			}
		}
		return args, nil
	})
	d["$dict"] = wrap("$dict", func(th *starlark.Thread, m *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// A dict literal's first bucket is allocated in one step; its
		// entries took a few steps each, and the steps paid for them.
		return args[0], m.charge(th, tableBytes, named("a dict"))
	})
	d["$args"] = plain("$args", func(_ *starlark.Thread, _ *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		// *args packs the arguments of a call into a tuple the sandbox did
		// not make (f(f(f(…))) nests): replace it with one that knows its
		// depth.
		if t, ok := args[0].(starlark.Tuple); ok {
			return markedTuple(t)
		}
		return args[0], nil
	})
	d["$slice"] = wrap("$slice", sliceOp)
	d["$attr"] = plain("$attr", func(th *starlark.Thread, m *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		return attr(args[0], string(args[1].(starlark.String)))
	})
	d["$call"] = wrap("$call", func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
var predeclared = newPredeclared()

func unary(op syntax.Token) wrapFunc {
	return func(th *starlark.Thread, m *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
		if x, ok := args[0].(starlark.Int); ok {
			if err := m.charge(th, intSize(bitLen(x)+1), named("the operation "+op.String()+"int")); err != nil {
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
func binarySize(m *meter, op syntax.Token, x, y starlark.Value) (int64, error) {
	xi, xInt := x.(starlark.Int)
	yi, yInt := y.(starlark.Int)
	if xInt && yInt {
		bx, by := bitLen(xi), bitLen(yi)
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
	_, xFloat := x.(starlark.Float)
	_, yFloat := y.(starlark.Float)
	if (xFloat || xInt) && (yFloat || yInt) {
		return floatBytes, nil
	}
	switch op {
	case syntax.PLUS:
		switch x := x.(type) {
		case starlark.String:
			if y, ok := y.(starlark.String); ok {
				return boxBytes + int64(len(x)) + int64(len(y)), nil
			}
		case starlark.Bytes:
			if y, ok := y.(starlark.Bytes); ok {
				return boxBytes + int64(len(x)) + int64(len(y)), nil
			}
		case *starlark.List:
			if y, ok := y.(*starlark.List); ok {
				return listBytes + slotBytes*int64(x.Len()+y.Len()), nil
			}
		case starlark.Tuple:
			if y, ok := y.(starlark.Tuple); ok {
				return boxBytes + slotBytes*int64(len(x)+len(y)), nil
			}
		}
	case syntax.STAR:
		seq, count := x, y
		if xInt {
			seq, count = y, x
		}
		c, ok := count.(starlark.Int)
		if !ok {
			return 0, nil
		}
		n, ok := c.Int64()
		if !ok {
			n = 1 << 62
		}
		switch s := seq.(type) {
		case starlark.String:
			return add(boxBytes, mul(int64(len(s)), n)), nil
		case starlark.Bytes:
			return add(boxBytes, mul(int64(len(s)), n)), nil
		case *starlark.List:
			return add(listBytes, mul(slotBytes*int64(s.Len()), n)), nil
		case starlark.Tuple:
			return add(boxBytes, mul(slotBytes*int64(len(s)), n)), nil
		}
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

// formatSize returns an upper bound of the length of format % x, following
// starlark's interpolate: each conversion takes the next element of a tuple
// x (or x itself), or %(key)s a value of the mapping x.
func formatSize(m *meter, format string, x starlark.Value) (int64, error) {
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
				n = int64(bitLen(i)) + 2
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
func sliceOp(th *starlark.Thread, m *meter, args starlark.Tuple, _ []starlark.Tuple) (starlark.Value, error) {
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

// attr is x.name, with methods metered.
func attr(x starlark.Value, name string) (starlark.Value, error) {
	fn, err := method(x, name)
	if err != nil {
		return nil, err
	}
	b, ok := fn.(*starlark.Builtin)
	if !ok {
		return fn, nil
	}
	return starlark.NewBuiltin(b.Name(), func(th *starlark.Thread, _ *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		m := meterOf(th)
		if m == nil {
			return nil, fmt.Errorf("%s: called outside a rules session", name)
		}
		return callMethod(th, m, x, name, b, args, kwargs)
	}).BindReceiver(x), nil
}

// method returns x's attribute name, or starlark's error for a missing one.
func method(x starlark.Value, name string) (starlark.Value, error) {
	if ha, ok := x.(starlark.HasAttrs); ok {
		v, err := ha.Attr(name)
		if err != nil || v != nil {
			return v, err
		}
	}
	return nil, fmt.Errorf("%s has no .%s field or method", x.Type(), name)
}

// callMethod calls fn, the method name of recv, after charging for what
// it will allocate.
func callMethod(th *starlark.Thread, m *meter, recv starlark.Value, name string, fn starlark.Value, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	n, err := methodSize(m, recv, name, args, kwargs)
	if err != nil {
		return nil, err
	}
	if err := m.charge(th, n, func() string { return recv.Type() + "." + name }); err != nil {
		return nil, err
	}
	v, err := starlark.Call(th, fn, args, kwargs)
	if err != nil {
		return nil, err
	}
	switch name {
	case "codepoints", "codepoint_ords":
		if s, ok := recv.(starlark.String); ok {
			return &codepoints{v.(starlark.Iterable), string(s)}, nil
		}
	case "items", "popitem":
		return markTuples(v)
	}
	return v, nil
}

// arg returns the i-th positional argument, or the keyword argument name.
func arg(args starlark.Tuple, kwargs []starlark.Tuple, i int, name string) starlark.Value {
	if i < len(args) {
		return args[i]
	}
	for _, kv := range kwargs {
		if k, _ := starlark.AsString(kv[0]); k == name {
			return kv[1]
		}
	}
	return nil
}

func intArg(v starlark.Value, def int64) int64 {
	if i, ok := v.(starlark.Int); ok {
		if n, ok := i.Int64(); ok {
			return n
		}
	}
	return def
}

// methodSize returns what recv.name(args) will allocate (an upper bound).
func methodSize(m *meter, recv starlark.Value, name string, args starlark.Tuple, kwargs []starlark.Tuple) (int64, error) {
	switch r := recv.(type) {
	case starlark.String:
		s := string(r)
		switch name {
		case "capitalize", "lower", "upper", "title":
			// Case mapping can turn a byte into three (an invalid byte
			// into U+FFFD).
			return boxBytes + 3*int64(len(s)), nil
		case "replace":
			old, _ := starlark.AsString(arg(args, kwargs, 0, "old"))
			repl, _ := starlark.AsString(arg(args, kwargs, 1, "new"))
			n := int64(strings.Count(s, old))
			if c := intArg(arg(args, kwargs, 2, "count"), -1); c >= 0 {
				n = min(n, c)
			}
			return boxBytes + int64(len(s)) + n*int64(max(len(repl)-len(old), 0)), nil
		case "split", "rsplit":
			var n int64
			switch sep := arg(args, kwargs, 0, "sep"); sep := sep.(type) {
			case starlark.String:
				if sep == "" {
					return 0, nil // an error
				}
				n = int64(strings.Count(s, string(sep))) + 1
			default:
				n = int64(fields(s))
			}
			if c := intArg(arg(args, kwargs, 1, "maxsplit"), -1); c >= 0 {
				n = min(n, c+1)
			}
			// strings.Split's slice, the list, and a boxed string each.
			return listBytes + 4*slotBytes*n, nil
		case "splitlines":
			return listBytes + 4*slotBytes*(int64(strings.Count(s, "\n"))+1), nil
		case "join":
			return joinSize(m, s, arg(args, kwargs, 0, "iterable"))
		case "format":
			return strFormatSize(m, s, args, kwargs)
		case "partition", "rpartition":
			return 2*boxBytes + 3*slotBytes, nil
		case "removeprefix", "removesuffix", "strip", "lstrip", "rstrip":
			return 0, nil
		case "elems", "elem_ords", "codepoints", "codepoint_ords":
			return 2 * boxBytes, nil
		}
	case *starlark.List:
		switch name {
		case "append", "insert":
			return 2 * slotBytes, nil
		case "extend":
			n, each, _ := lenBound(arg(args, kwargs, 0, "iterable"))
			return n * (2*slotBytes + each), nil
		}
	case *starlark.Dict:
		n := int64(r.Len())
		switch name {
		case "items":
			// The list, the pairs, and the copies that know their depth.
			return listBytes + n*(slotBytes+2*boxBytes+5*slotBytes), nil
		case "keys", "values":
			return listBytes + n*slotBytes, nil
		case "setdefault":
			return entryBytes, nil
		case "popitem":
			return boxBytes + 2*slotBytes, nil
		case "update":
			k := int64(len(kwargs))
			if len(args) > 0 {
				ln, each, _ := lenBound(args[0])
				k += ln * (1 + each/entryBytes)
			}
			return k * entryBytes, nil
		}
	case *starlark.Set:
		switch name {
		case "add":
			return entryBytes, nil
		case "union", "difference", "intersection", "symmetric_difference", "update":
			n := int64(r.Len())
			if name == "update" {
				n = 0
			}
			for _, a := range args {
				ln, each, _ := lenBound(a)
				n += ln * (1 + each/entryBytes)
			}
			return tableBytes + n*entryBytes, nil
		}
	}
	return 0, nil
}

// fields counts the fields strings.Fields would return.
func fields(s string) int {
	n, in := 0, false
	for _, r := range s {
		space := unicode.IsSpace(r)
		if !space && !in {
			n++
		}
		in = !space
	}
	return n
}

// joinSize is what sep.join(iterable) will allocate.
func joinSize(m *meter, sep string, it starlark.Value) (int64, error) {
	iter, ok := it.(starlark.Iterable)
	if !ok {
		return 0, nil
	}
	i := iter.Iterate()
	defer i.Done()
	total, n := int64(boxBytes), int64(0)
	var x starlark.Value
	for i.Next(&x) {
		if s, ok := x.(starlark.String); ok {
			total += int64(len(s))
		}
		n++
		if n&0xffff == 0 {
			if err := m.expired(); err != nil {
				return 0, err
			}
		}
	}
	return 2 * add(total, mul(n, int64(len(sep)))), nil // a strings.Builder grows by doubling
}

// strFormatSize bounds s.format(args): each replacement field {…} prints
// one argument (repr at most).
func strFormatSize(m *meter, s string, args starlark.Tuple, kwargs []starlark.Tuple) (int64, error) {
	fields := int64(strings.Count(s, "{"))
	if fields == 0 {
		return boxBytes + int64(len(s)), nil
	}
	var widest int64
	measure := func(v starlark.Value) error {
		n, err := reprSize(m, v, m.limits.MaxMemory)
		widest = max(widest, n)
		return err
	}
	for _, a := range args {
		if err := measure(a); err != nil {
			return 0, err
		}
	}
	for _, kv := range kwargs {
		if err := measure(kv[1]); err != nil {
			return 0, err
		}
	}
	return 2 * add(boxBytes+int64(len(s)), mul(fields, widest)), nil // a strings.Builder grows by doubling
}

// markTuples replaces the tuples of a result made by starlark (dict.items,
// dict.popitem, enumerate, zip) with copies that know their depth: each
// adds a level above its elements, which may be deep tuples themselves,
// and a chain of tuples without marks would be walked again at every link.
func markTuples(v starlark.Value) (starlark.Value, error) {
	if t, ok := v.(starlark.Tuple); ok {
		return markedTuple(t)
	}
	if l, ok := v.(*starlark.List); ok {
		for i := range l.Len() {
			if t, ok := l.Index(i).(starlark.Tuple); ok {
				mt, err := markedTuple(t)
				if err != nil {
					return nil, err
				}
				l.SetIndex(i, mt)
			}
		}
	}
	return v, nil
}

// builtins are the universal functions that allocate, charged before they
// run.
var builtins = map[string]wrapFunc{
	"abs": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			if x, ok := args[0].(starlark.Int); ok {
				if err := m.charge(th, intSize(bitLen(x)), named("abs")); err != nil {
					return nil, err
				}
			}
		}
		return orig(th, "abs", args, kwargs)
	},
	"bytes": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			var n int64
			if s, ok := args[0].(starlark.String); ok {
				n = int64(len(s))
			} else if ln, each, ok := lenBound(args[0]); ok {
				n = ln * (2 + each)
			}
			if err := m.charge(th, boxBytes+n, named("bytes")); err != nil {
				return nil, err
			}
		}
		return orig(th, "bytes", args, kwargs)
	},
	"dict": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		n := int64(len(kwargs))
		if len(args) > 0 {
			ln, each, _ := lenBound(args[0])
			n += ln * (1 + each/entryBytes)
		}
		if err := m.charge(th, tableBytes+n*entryBytes, named("dict")); err != nil {
			return nil, err
		}
		return orig(th, "dict", args, kwargs)
	},
	"enumerate": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		// The list (grown by appending), the pairs, and the copies that
		// know their depth.
		return sequence(th, m, "enumerate", args, kwargs, 2*slotBytes+2*boxBytes+5*slotBytes)
	},
	"list": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "list", args, kwargs, 2*slotBytes)
	},
	"reversed": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "reversed", args, kwargs, 2*slotBytes)
	},
	"sorted": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "sorted", args, kwargs, 4*slotBytes)
	},
	"set": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "set", args, kwargs, entryBytes)
	},
	"tuple": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := sequence(th, m, "tuple", args, kwargs, 4*slotBytes)
		if t, ok := v.(starlark.Tuple); ok && err == nil && (len(args) == 0 || !sameTuple(t, args[0])) {
			return markedTuple(t)
		}
		return v, err
	},
	"zip": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		n, each := int64(-1), int64(0)
		for _, a := range args {
			ln, e, _ := lenBound(a)
			if n < 0 || ln < n {
				n = ln
			}
			each += e
		}
		// The list (grown by appending when a length is unknown), the
		// tuples, and the copies that know their depth.
		k := int64(len(args))
		size := listBytes + max(n, 0)*(2*slotBytes+2*boxBytes+(2*k+1)*slotBytes+each)
		if err := m.charge(th, size, named("zip")); err != nil {
			return nil, err
		}
		v, err := orig(th, "zip", args, kwargs)
		if err != nil {
			return nil, err
		}
		return markTuples(v)
	},
	"str": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			n, err := strSize(m, args[0], m.limits.MaxMemory)
			if err != nil {
				return nil, err
			}
			if _, ok := args[0].(starlark.String); ok {
				n = 0 // str of a string is the string
			}
			if err := m.charge(th, boxBytes+2*n, named("str")); err != nil {
				return nil, err
			}
		}
		return orig(th, "str", args, kwargs)
	},
	"repr": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			n, err := reprSize(m, args[0], m.limits.MaxMemory)
			if err != nil {
				return nil, err
			}
			if err := m.charge(th, boxBytes+2*n, named("repr")); err != nil {
				return nil, err
			}
		}
		return orig(th, "repr", args, kwargs)
	},
	"fail": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		total := int64(0)
		for _, a := range args {
			n, err := strSize(m, a, m.limits.MaxMemory)
			if err != nil {
				return nil, err
			}
			total = add(total, 2*n+8)
		}
		if err := m.charge(th, total, named("fail")); err != nil {
			return nil, err
		}
		return orig(th, "fail", args, kwargs)
	},
	"int": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) > 0 {
			if s, ok := args[0].(starlark.String); ok {
				bits := intStringBits(string(s), intArg(arg(args, kwargs, 1, "base"), 10))
				n, err := intResult(bits)
				if err != nil {
					return nil, err
				}
				if err := m.charge(th, n, named("int")); err != nil {
					return nil, err
				}
			}
		}
		return orig(th, "int", args, kwargs)
	},
	"getattr": func(th *starlark.Thread, m *meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		var x, def starlark.Value
		var name string
		if err := starlark.UnpackPositionalArgs("getattr", args, kwargs, 2, &x, &name, &def); err != nil {
			return nil, err
		}
		v, err := attr(x, name)
		if err != nil && def != nil {
			return def, nil
		}
		return v, err
	},
}

// sameTuple reports whether a and b are the same tuple (tuple(t) is t).
func sameTuple(a starlark.Tuple, b starlark.Value) bool {
	bt, ok := b.(starlark.Tuple)
	return ok && len(a) == len(bt) && (len(a) == 0 || &a[0] == &bt[0])
}

// sequence calls a built-in that makes a container of the elements of its
// first argument, each costing per bytes (plus what iterating makes).
func sequence(th *starlark.Thread, m *meter, name string, args starlark.Tuple, kwargs []starlark.Tuple, per int64) (starlark.Value, error) {
	if len(args) > 0 {
		n, each, _ := lenBound(args[0])
		if err := m.charge(th, listBytes+n*(per+each), named(name)); err != nil {
			return nil, err
		}
	}
	v, err := orig(th, name, args, kwargs)
	if err != nil {
		return nil, err
	}
	if name == "enumerate" {
		return markTuples(v)
	}
	return v, nil
}

// intStringBits bounds the bits of int(s, base).
func intStringBits(s string, base int64) int {
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if '0' <= s[i] && s[i] <= '9' || 'a' <= c && c <= 'z' {
			digits++
		}
	}
	perDigit := 4 // up to base 16 (and base 0, whose prefix names 2, 8, 10 or 16)
	if base > 16 {
		perDigit = 6
	}
	return digits * perDigit
}

// boundedRange is range with a length at most the step limit. Built-ins
// such as list(range(n)) run in Go without counting steps, and a range
// longer than the step limit could not be looped over anyway.
var boundedRange = starlark.NewBuiltin("range", func(thread *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	v, err := universal("range").CallInternal(thread, args, kwargs)
	if err != nil {
		return nil, err
	}
	if m := meterOf(thread); m != nil {
		if n := v.(starlark.Sequence).Len(); uint64(n) > m.limits.MaxSteps {
			return nil, &limitError{msg: fmt.Sprintf("range of %d elements is longer than the step limit (%d)", n, m.limits.MaxSteps), steps: true}
		}
	}
	return v, nil
})
