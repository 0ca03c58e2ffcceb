package starmeter

import (
	"fmt"

	"go.starlark.net/starlark"
)

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
	"abs": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		if len(args) == 1 {
			if x, ok := args[0].(starlark.Int); ok {
				if err := m.charge(th, intSize(BitLen(x)), named("abs")); err != nil {
					return nil, err
				}
			}
		}
		return orig(th, "abs", args, kwargs)
	},
	"bytes": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"dict": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"enumerate": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		// The list (grown by appending), the pairs, and the copies that
		// know their depth.
		return sequence(th, m, "enumerate", args, kwargs, 2*slotBytes+2*boxBytes+5*slotBytes)
	},
	"list": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "list", args, kwargs, 2*slotBytes)
	},
	"reversed": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "reversed", args, kwargs, 2*slotBytes)
	},
	"sorted": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "sorted", args, kwargs, 4*slotBytes)
	},
	"set": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		return sequence(th, m, "set", args, kwargs, entryBytes)
	},
	"tuple": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
		v, err := sequence(th, m, "tuple", args, kwargs, 4*slotBytes)
		if t, ok := v.(starlark.Tuple); ok && err == nil && (len(args) == 0 || !sameTuple(t, args[0])) {
			return markedTuple(t)
		}
		return v, err
	},
	"zip": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"str": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"repr": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"fail": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"int": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
	"getattr": func(th *starlark.Thread, m *Meter, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
func sequence(th *starlark.Thread, m *Meter, name string, args starlark.Tuple, kwargs []starlark.Tuple, per int64) (starlark.Value, error) {
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
			return nil, &LimitError{msg: fmt.Sprintf("range of %d elements is longer than the step limit (%d)", n, m.limits.MaxSteps), Steps: true}
		}
	}
	return v, nil
})
