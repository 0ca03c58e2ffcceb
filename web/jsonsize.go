package web

import (
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
)

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
	numberType        = reflect.TypeFor[json.Number]()
)

// jsonSize returns a lower bound on the length of the JSON encoding/json
// writes for v, walking v without encoding it. It stops as soon as the
// bound passes limit (and returns a number above limit), so it costs
// O(min(size of v, limit)). Every string counts its bytes and quotes (escapes
// only lengthen it), every number one digit, every element its separator,
// every struct field its key unless it may be omitted; a value with its own
// MarshalJSON or MarshalText counts its minimum (one byte, two for a
// string) and is not looked into, so the bound holds whatever they write.
func jsonSize(v any, limit int64) int64 {
	var n int64
	var walk func(rv reflect.Value)
	walk = func(rv reflect.Value) {
		if n > limit {
			return
		}
		if !rv.IsValid() {
			n += 4 // null
			return
		}
		t := rv.Type()
		if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface {
			pt := reflect.PointerTo(t)
			switch {
			case t.Implements(marshalerType) || pt.Implements(marshalerType):
				n++
				return
			case t.Implements(textMarshalerType) || pt.Implements(textMarshalerType):
				n += 2
				return
			}
		}
		switch rv.Kind() {
		case reflect.Pointer, reflect.Interface:
			if rv.IsNil() {
				n += 4
				return
			}
			walk(rv.Elem())
		case reflect.String:
			n += int64(rv.Len()) + 2
			if t == numberType {
				n -= 2 // written as a number, without quotes
			}
		case reflect.Bool:
			n += 4
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64:
			n++
		case reflect.Slice:
			if rv.IsNil() {
				n += 4
				return
			}
			if t.Elem().Kind() == reflect.Uint8 {
				n += int64(rv.Len())/3*4 + 2 // base64
				return
			}
			fallthrough
		case reflect.Array:
			n += 2 + max(0, int64(rv.Len())-1) // brackets and commas
			for i := range rv.Len() {
				if walk(rv.Index(i)); n > limit {
					return
				}
			}
		case reflect.Map:
			if rv.IsNil() {
				n += 4
				return
			}
			n += 2 + max(0, int64(rv.Len())-1)
			for it := rv.MapRange(); it.Next(); {
				n += 3 // quotes and colon; the key itself may be short
				if walk(it.Value()); n > limit {
					return
				}
			}
		case reflect.Struct:
			n += 2
			walkFields(rv, true, &n, limit, walk)
		default:
			n++ // chan, func: encoding/json fails on them
		}
	}
	walk(reflect.ValueOf(v))
	return n
}

// walkFields counts the fields of the struct rv (their keys too if keys),
// as encoding/json names them: embedded structs without a name are
// flattened (their fields count without keys, in case a name clash drops
// one), a field that omitempty or omitzero may drop counts nothing when it
// is empty. walk adds a value's size to *n.
func walkFields(rv reflect.Value, keys bool, n *int64, limit int64, walk func(reflect.Value)) {
	t := rv.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		fv := rv.Field(i)
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
				if fv.IsNil() {
					continue
				}
				fv = fv.Elem()
			}
			if ft.Kind() == reflect.Struct {
				walkFields(fv, false, n, limit, walk)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if (strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero")) && mayOmit(fv) {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if keys {
			*n += int64(len(name)) + 3 // "name":
		}
		walk(fv)
		if *n > limit {
			return
		}
	}
}

// mayOmit reports whether omitempty or omitzero could drop the field v.
func mayOmit(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Slice, reflect.Map, reflect.Array, reflect.String:
		if v.Len() == 0 {
			return true
		}
	}
	if v.IsZero() {
		return true
	}
	if v.Type().Implements(isZeroerType) {
		if v.Kind() == reflect.Pointer && v.IsNil() {
			return true
		}
		return v.Interface().(interface{ IsZero() bool }).IsZero()
	}
	return false
}
