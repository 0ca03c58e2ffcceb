package misere

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/grundy/grundy/impartial"
)

// FuzzCheckpointFile feeds a quotient computation any checkpoint file: it
// never panics and never allocates past its memory budget (64 MiB here),
// and a file it accepts gives the quotient of a run never stopped, or an
// error.
func FuzzCheckpointFile(f *testing.F) {
	ctx := context.Background()
	rules := Octal(mustCode(f, "0.07"))
	dir := f.TempDir()
	seed := filepath.Join(dir, "seed.ckpt")
	if _, err := Compute(ctx, rules, 6, Settings{Checkpoint: seed, Key: "octal:0.07"}); err != nil {
		f.Fatal(err)
	}
	good, _ := os.ReadFile(seed)
	f.Add(good)
	f.Add([]byte("{\"format\":1,\"key\":\"octal:0.07\",\"heaps\":-1,\"size\":1,\"letters\":0,\"checksum\":\"sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\"}\n"))
	f.Add([]byte("{\"format\":1,\"key\":\"octal:0.07\",\"heaps\":1000000000000,\"size\":1,\"letters\":0,\"checksum\":\"\"}\n"))
	f.Add([]byte("{\"format\":2}\n"))
	f.Add([]byte{})
	f.Add([]byte("\n\n"))
	want, err := Compute(ctx, rules, 8, Settings{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		path := filepath.Join(t.TempDir(), "q.ckpt")
		os.WriteFile(path, raw, 0o644)
		q, err := Compute(ctx, rules, 8, Settings{Checkpoint: path, Key: "octal:0.07", MaxWork: 1_000_000, Budget: impartial.Budget{MaxMemory: 64 << 20}})
		if err == nil && q.Size() != want.Size() {
			t.Fatalf("accepted a checkpoint that gives %d elements, not %d", q.Size(), want.Size())
		}
	})
}

// FuzzCheckpointState feeds restore any state under any header, signed
// (a forged file, whose checksum holds): it never panics, and allocates
// no more than a few times the file's size.
func FuzzCheckpointState(f *testing.F) {
	ctx := context.Background()
	rules := Octal(mustCode(f, "0.07"))
	f.Add(3, 2, 1, []byte{1, 2, 2, 0, 1, 1, 0, 1})
	f.Add(0, 1, 0, []byte{0, 0})
	f.Add(-1, 1, 0, []byte{0})
	f.Add(1<<40, 1<<40, 1<<40, []byte{0})
	f.Add(2, 3, 2, []byte{1, 0, 1, 1, 1, 2, 2, 2, 0, 1, 0})
	f.Fuzz(func(t *testing.T, heaps, size, letters int, body []byte) {
		path := filepath.Join(t.TempDir(), "q.ckpt")
		h := map[string]any{"format": ckptFormat, "version": ConstructionVersion, "key": "octal:0.07", "heaps": heaps, "size": size, "letters": letters}
		raw, _ := json.Marshal(h)
		var m map[string]any
		json.Unmarshal(raw, &m)
		forge(t, path, m, body)
		Compute(ctx, rules, 8, Settings{Checkpoint: path, Key: "octal:0.07", MaxWork: 1_000_000, Budget: impartial.Budget{MaxMemory: 64 << 20}})
	})
}

// FuzzCensusLine feeds the census file's reader any line: it never
// panics; a line it accepts is a valid row, and rowLine writes it as a
// line that reads back to the same row.
func FuzzCensusLine(f *testing.F) {
	row := CensusRow{Code: "0.77", Heaps: 167, Size: 40, PSize: 9, Status: CensusProved, Period: 12, Preperiod: 71, Grew: "1 2 5", Work: 127726, Limits: &CensusLimits{MaxWork: 1000, MaxHeaps: 300}, Version: ConstructionVersion}
	f.Add(string(rowLine(row)[:len(rowLine(row))-1]))
	f.Add(`{"code":"0.04","heaps":43,"size":380,"p_size":45,"status":"growing","grew":"4 7","reason":"work bound reached","work":20011609}`)
	f.Add(`{"code":"0.04","heaps":43,"check":"0000000000000000"}`)
	f.Add(`{"code":"0.4","heaps":-1,"size":1,"status":"proved","period":1}`)
	f.Add(`{"code":"0.10","heaps":3,"size":2,"p_size":1,"status":"proved","period":1,"preperiod":2,"grew":"1","work":10}`)
	f.Add(`garbage`)
	f.Fuzz(func(t *testing.T, line string) {
		r, err := parseRow([]byte(line))
		if err != nil {
			return
		}
		if err := r.valid(); err != nil {
			t.Fatalf("accepted an invalid row: %v", err)
		}
		b := rowLine(r)
		back, err := parseRow(b[:len(b)-1])
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("%s reads back as %+v, %v", b, back, err)
		}
	})
}
