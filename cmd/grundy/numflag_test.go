package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Counts are read as a person writes them (issue 44: --to 1e6), and
// anything else is refused in words, never with strconv's.
func TestParseWhole(t *testing.T) {
	for in, want := range map[string]int{"1000000": 1000000, "1_000_000": 1000000, "1e6": 1000000, "2.5e3": 2500, "1E2": 100, " 7 ": 7, "0": 0, "-3": -3, "0e0": 0} {
		if got, err := parseWhole(in); err != nil || got != want {
			t.Errorf("parseWhole(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for in, want := range map[string]string{"x": "not a whole number", "1.5e0": "1.5e0 is not a whole number", "1e100": "too large", "99999999999999999999": "too large", "": "not a whole number", "1.5": "not a whole number"} {
		if _, err := parseWhole(in); err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "strconv") {
			t.Errorf("parseWhole(%q): %v, want an error saying %q", in, err, want)
		}
	}
	out, errOut, code := grundy(t, "", "values", "nim", "--to", "1e1")
	if code != 0 || !strings.HasPrefix(out, "0\t0\n") || !strings.Contains(out, "10\t10\n") {
		t.Errorf("values nim --to 1e1: exit %d, %q %q", code, out, errOut)
	}
	_, errOut, code = grundy(t, "", "values", "nim", "--to", "lots")
	if code != 2 || strings.Contains(errOut, "strconv") || !strings.Contains(errOut, "not a whole number") {
		t.Errorf("values nim --to lots: exit %d, %q", code, errOut)
	}
}

// Whatever parseWhole accepts is a whole number written back the same,
// and it agrees with strconv on what strconv reads.
func FuzzParseWhole(f *testing.F) {
	for _, s := range []string{"1e6", "1_000", "12", "-5", "2.5e3", "1.5e0", "9e18", "x", "1e-3", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseWhole(s)
		if want, serr := strconv.Atoi(s); serr == nil && (err != nil || n != want) {
			t.Fatalf("parseWhole(%q) = %d, %v; strconv reads %d", s, n, err, want)
		}
		if err == nil {
			if back, err := parseWhole(strconv.Itoa(n)); err != nil || back != n {
				t.Fatalf("parseWhole(%q) = %d, which does not read back (%d, %v)", s, n, back, err)
			}
		} else if strings.Contains(err.Error(), "strconv") {
			t.Fatalf("parseWhole(%q): %v", s, err)
		}
	})
}

// A likely typo of a problem id or a strategy name gets "did you mean",
// on a line of its own (issue 44 §4).
func TestDidYouMeanProblemsStrategies(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"problem", "hdu185"}, "Did you mean \"hdu1850\"?\n"},
		{[]string{"cardflip", "exact", "--strategy", "halvng", "--m", "3"}, "Did you mean \"halving\"?\n"},
	} {
		_, errOut, code := grundy(t, "", c.args...)
		if code != 2 || !strings.HasSuffix(errOut, c.want) || strings.Count(errOut, "\n") != 2 {
			t.Errorf("%v: exit %d, %q; want the suggestion %q on its own line", c.args, code, errOut, c.want)
		}
	}
}

// serve --help names every tab of the page: the title of each part that
// web/static/app.js mounts or links (issue 44 §4).
func TestServeHelpNamesEveryTab(t *testing.T) {
	app, err := os.ReadFile("../../web/static/app.js")
	if err != nil {
		t.Fatal(err)
	}
	help, _, _ := grundy(t, "", "serve", "--help")
	modules := regexp.MustCompile(`(?m)^import (\w+) from '\./(\w+)\.js';`).FindAllStringSubmatch(string(app), -1)
	listed := regexp.MustCompile(`const (parts|linked) = \[([^\]]*)\]`).FindAllStringSubmatch(string(app), -1)
	var tabs []string
	for _, l := range listed {
		for _, name := range strings.Split(l[2], ",") {
			tabs = append(tabs, strings.TrimSpace(name))
		}
	}
	if len(tabs) < 8 {
		t.Fatalf("found the tabs %q in app.js", tabs)
	}
	for _, tab := range tabs {
		file := ""
		for _, m := range modules {
			if m[1] == tab {
				file = m[2]
			}
		}
		src, err := os.ReadFile("../../web/static/" + file + ".js")
		if err != nil {
			t.Fatalf("tab %s: %v", tab, err)
		}
		title := regexp.MustCompile(`(?m)^  title: '([^']+)'`).FindStringSubmatch(string(src))
		if title == nil {
			t.Fatalf("tab %s: no title in %s.js", tab, file)
		}
		if !strings.Contains(help, "\n  "+title[1]+" ") {
			t.Errorf("serve --help does not name the tab %q", title[1])
		}
	}
}
