package sweep

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) || s.String() != "2/4" {
		t.Errorf("2/4: %v %v", s, err)
	}
	for _, bad := range []string{"4/4", "-1/4", "0/0", "a/b", "1", "1/", "/3", "0/2000000"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// csvWithoutSeconds returns a results.csv with its seconds column blanked
// (the one field that depends on the machine).
func csvWithoutSeconds(t *testing.T, dir string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "results.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	col := slices.Index(strings.Split(lines[0], ","), "seconds")
	for i, l := range lines {
		f := strings.SplitN(withoutCPU(l), ",", col+2)
		f[col] = ""
		lines[i] = strings.Join(f, ",")
	}
	return lines
}

// withoutCPU drops the last column of a line of results.csv, cpu_seconds
// (the machine's, as seconds is).
func withoutCPU(line string) string { return line[:strings.LastIndexByte(line, ',')] }

// Three shards of a sweep, each in its own directory, hold the units
// i ≡ shard (mod 3) as the whole sweep's parts; merged they give the
// whole sweep's results. A merge with a shard missing names the missing
// units and their shard; a unit in two directories, or a directory of
// another sweep, is refused.
func TestShardsMerge(t *testing.T) {
	ctx := context.Background()
	spec := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 300}}
	whole := t.TempDir()
	if _, err := Run(ctx, spec, Options{Out: whole}); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	var dirs []string
	for i := range 3 {
		dir := filepath.Join(root, "s"+string(rune('0'+i)))
		dirs = append(dirs, dir)
		s := spec
		s.Shard = &Shard{i, 3}
		sum, err := Run(ctx, s, Options{Out: dir})
		if err != nil {
			t.Fatal(err)
		}
		keys, _ := (&store{dir: dir}).parts(ctx)
		var want []string
		for j, code := range OctalCodes(1) {
			if j%3 == i {
				want = append(want, code)
			}
		}
		if !slices.Equal(keys, want) || sum.Shard != s.Shard.String() || sum.Units != len(want) {
			t.Errorf("shard %d/3: parts %v, summary %+v, want %v", i, keys, sum, want)
		}
		if _, err := os.Stat(filepath.Join(dir, "results.csv")); err == nil {
			t.Errorf("shard %d/3 wrote results", i)
		}
		// A shard's part is the whole sweep's part of its unit.
		for _, code := range want {
			a, _ := os.ReadFile(filepath.Join(dir, "parts", code+".json"))
			b, _ := os.ReadFile(filepath.Join(whole, "parts", code+".json"))
			if strings.Split(string(a), `"result"`)[0] != strings.Split(string(b), `"result"`)[0] {
				t.Errorf("%s: shard's unit %.80s, whole sweep's %.80s", code, a, b)
			}
		}
	}
	out := filepath.Join(root, "merged")
	sum, err := Merge(ctx, dirs, out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Units != 7 || sum.Proved != 6 || sum.Shard != "" {
		t.Errorf("merged: %+v", sum)
	}
	if a, b := csvWithoutSeconds(t, out), csvWithoutSeconds(t, whole); !slices.Equal(a, b) {
		t.Errorf("merged results\n%s\nwhole sweep's\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
	var me *MergeError
	_, err = Merge(ctx, []string{dirs[0], dirs[2]}, filepath.Join(root, "m2"), nil)
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "2 of 7 units are missing: 0.2 (shard 1/3), 0.5 (shard 1/3)") {
		t.Errorf("shard 1 missing: %v", err)
	}
	_, err = Merge(ctx, []string{whole, dirs[1]}, filepath.Join(root, "m3"), nil)
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "2 units are in two directories: 0.2 ("+whole+" and "+dirs[1]+")") {
		t.Errorf("a unit twice: %v", err)
	}
	other := t.TempDir()
	s := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 200}, Shard: &Shard{1, 3}}
	if _, err := Run(ctx, s, Options{Out: other}); err != nil {
		t.Fatal(err)
	}
	_, err = Merge(ctx, []string{dirs[0], other, dirs[2]}, filepath.Join(root, "m4"), nil)
	if !errors.As(err, &me) || !strings.Contains(err.Error(), other+` holds another sweep ({"kind":"octal","octal":{"digits":1,"to":200}})`) {
		t.Errorf("another sweep: %v", err)
	}
	// A damaged part is named, not merged.
	name := filepath.Join(dirs[1], "parts", "0.5.json")
	data, _ := os.ReadFile(name)
	os.WriteFile(name, []byte(strings.Replace(string(data), `"period":2`, `"period":3`, 1)), 0o644)
	_, err = Merge(ctx, dirs, filepath.Join(root, "m5"), nil)
	if !errors.As(err, &me) || !strings.Contains(err.Error(), "0.5.json fails its checksum") {
		t.Errorf("a damaged part: %v", err)
	}
	// More shards than units.
	s = spec
	s.Shard = &Shard{0, 8}
	var ue *UsageError
	if _, err := Run(ctx, s, Options{Out: t.TempDir()}); !errors.As(err, &ue) {
		t.Errorf("8 shards of 7 units: %v", err)
	}
}
