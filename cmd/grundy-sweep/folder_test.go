package main

import (
	"bytes"
	"encoding/csv"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sweepFolder reads a sweep's results folder, every file by its path
// relative to dir, with what depends on the machine blanked and nothing
// else touched: the units' seconds and cpu_seconds (in the parts, the
// JSON lines, summary.json and the CSV columns of those names), and the
// parts' checksums, which cover the seconds. sweep.lock is left out: it
// names the process that held it.
func sweepFolder(t *testing.T, dir string) map[string]string {
	t.Helper()
	seconds := regexp.MustCompile(`"(cpu_)?seconds": ?[0-9.e+-]+`)
	sum := regexp.MustCompile(`"sha256":"[0-9a-f]{64}"`)
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if rel == "sweep.lock" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(data)
		switch {
		case strings.HasSuffix(rel, ".csv"):
			text = blankColumns(t, rel, text, "seconds", "cpu_seconds")
		case strings.HasSuffix(rel, ".json"), strings.HasSuffix(rel, ".jsonl"):
			text = seconds.ReplaceAllString(text, `"${1}seconds":0`)
			if strings.HasPrefix(rel, "parts"+string(filepath.Separator)) {
				text = sum.ReplaceAllString(text, `"sha256":""`)
			}
		}
		files[filepath.ToSlash(rel)] = text
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// blankColumns empties the named columns of a CSV file, written again by
// encoding/csv as the sweep writes it, so that the other fields keep
// their bytes.
func blankColumns(t *testing.T, name, text string, columns ...string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil || len(recs) == 0 {
		t.Fatalf("%s: %v", name, err)
	}
	for i, h := range recs[0] {
		if slices.Contains(columns, h) {
			for _, r := range recs[1:] {
				r[i] = ""
			}
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.WriteAll(recs)
	return b.String()
}

// sameFolders compares two results folders read by sweepFolder, file by
// file, and returns how many files they hold.
func sameFolders(t *testing.T, a, b map[string]string, an, bn string) int {
	t.Helper()
	var names []string
	for name := range a {
		names = append(names, name)
	}
	for name := range b {
		if _, ok := a[name]; !ok {
			t.Errorf("%s: written by %s only", name, bn)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		if _, ok := b[name]; !ok {
			t.Errorf("%s: written by %s only", name, an)
		} else if a[name] != b[name] {
			t.Errorf("%s differs:\n%s %.400s\n%s %.400s", name, an, a[name], bn, b[name])
		}
	}
	return len(names)
}
