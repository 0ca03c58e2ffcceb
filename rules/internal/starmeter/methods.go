package starmeter

import (
	"fmt"
	"strings"
	"unicode"

	"go.starlark.net/starlark"
)

// The metered methods: a method call or value computes the size of its
// result from the receiver and arguments and charges it first.

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
func callMethod(th *starlark.Thread, m *Meter, recv starlark.Value, name string, fn starlark.Value, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
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
func methodSize(m *Meter, recv starlark.Value, name string, args starlark.Tuple, kwargs []starlark.Tuple) (int64, error) {
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
func joinSize(m *Meter, sep string, it starlark.Value) (int64, error) {
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
func strFormatSize(m *Meter, s string, args starlark.Tuple, kwargs []starlark.Tuple) (int64, error) {
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
