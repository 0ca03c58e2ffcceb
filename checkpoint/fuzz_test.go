package checkpoint

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// FuzzOpen feeds Open any manifest and any values.bin: it never panics,
// never grows values.bin, and what it accepts is what the manifest
// describes: the committed values re-encode to values.bin's bytes and give
// the manifest's checksum.
func FuzzOpen(f *testing.F) {
	good := func(format int, content string, vals ...uint64) ([]byte, []byte) {
		var data []byte
		s := NewSum()
		for _, v := range vals {
			data = binary.AppendUvarint(data, v)
			s.Add(v)
		}
		m := `{"format":` + string(rune('0'+format)) + `,"game":"kayles","start":0`
		if content != "" {
			m += `,"content":"` + content + `"`
		}
		m += `,"count":` + itoa(len(vals)) + `,"data_bytes":` + itoa(len(data)) + `,"checksum":"` + s.String() + `"}`
		return []byte(m), data
	}
	for _, seed := range [][2][]byte{
		func() [2][]byte { m, d := good(2, "", 0, 1, 2, 300); return [2][]byte{m, d} }(),
		func() [2][]byte { m, d := good(1, "", 5); return [2][]byte{m, d} }(),
		func() [2][]byte { m, d := good(2, "starlark/1 sha256:00"); return [2][]byte{m, d} }(),
		{[]byte(`{"format":2,"game":"kayles","start":0,"count":3,"data_bytes":50000000000,"checksum":""}`), []byte{1, 2, 3}},
		{[]byte(`{"format":2,"game":"kayles","start":0,"count":-1,"data_bytes":-1}`), nil},
		{[]byte(`{`), []byte{0x80, 0x80}},
		{[]byte(`{"format":3}`), nil},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, manifest, data []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, manifestFile), manifest, 0o644)
		os.WriteFile(filepath.Join(dir, dataFile), data, 0o644)
		c, known, err := Open(dir, "kayles", 0)
		if st, serr := os.Stat(filepath.Join(dir, dataFile)); serr == nil && st.Size() > int64(len(data)) {
			t.Fatalf("values.bin grew from %d to %d bytes", len(data), st.Size())
		}
		if err != nil {
			return
		}
		defer c.Close()
		var enc []byte
		s := NewSum()
		for _, v := range known {
			enc = binary.AppendUvarint(enc, v)
			s.Add(v)
		}
		if !bytes.HasPrefix(data, enc) || s.String() != c.m.Checksum {
			t.Fatalf("accepted %d values that are not values.bin's (checksum %s, manifest %s)", len(known), s, c.m.Checksum)
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
