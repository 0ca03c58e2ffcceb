package sweep

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/grundy/grundy/octal"
)

// A unit's budget is work: a code the plain kernel computes (0.007,
// Treblecross) stops at the plain cap and says so; a code whose proof is
// in reach (0.156: period 349 from 3479, Kenyon 1967, through Czajka's
// SolvedGames.md) is proved under the same budget; a sparse code without
// a period goes on to --to (0.16 before its bound, 360163).
func TestOctalUnitBudget(t *testing.T) {
	for _, c := range []struct {
		code           string
		to, plainTo    int
		stop, status   string
		computedTo     int
		period, preper int
	}{
		{"0.007", 100000, 4096, "plain_to", "none", 4096, 0, 0},
		{"0.007", 3000, 4096, "to", "none", 3000, 0, 0},
		{"0.156", 100000, 2048, "proved", "proved", 8192, 349, 3479},
		{"0.16", 20000, 2048, "to", "none", 20000, 0, 0},
		{"4.344", 100000, 1024, "proved", "proved", 2100, 51, 998},
	} {
		r, _, err := unitRow(c.code, OctalBudget{To: c.to, PlainTo: c.plainTo})
		if err != nil {
			t.Fatal(err)
		}
		if r.Stop != c.stop || r.Status != c.status || r.ComputedTo != c.computedTo || r.Period != c.period || r.Preperiod != c.preper {
			t.Errorf("%s to %d, plain to %d: %+v, want stop %s, status %s at %d, period %d from %d", c.code, c.to, c.plainTo, r, c.stop, c.status, c.computedTo, c.period, c.preper)
		}
	}
}

// A row depends on the code and the budget only: the same units computed
// one at a time and eight at once (the machine as loaded as the test can
// make it) give the same rows, but for the seconds.
func TestOctalUnitIgnoresLoad(t *testing.T) {
	codes := []string{"0.007", "0.04", "0.156", "0.16", "0.6", "0.77", "4.344", "0.0007"}
	row := func(code string) OctalRow {
		r, _, err := unitRow(code, OctalBudget{To: 12000, PlainTo: 3000})
		if err != nil {
			t.Error(err)
		}
		r.Seconds, r.CPUSeconds = 0, 0
		return r
	}
	alone := make([]OctalRow, len(codes))
	for i, c := range codes {
		alone[i] = row(c)
	}
	together := make([]OctalRow, len(codes))
	var wg sync.WaitGroup
	for i, c := range codes {
		wg.Add(1)
		go func() { defer wg.Done(); together[i] = row(c) }()
	}
	wg.Wait()
	for i := range codes {
		if alone[i] != together[i] {
			t.Errorf("%s: alone %+v, with seven others %+v", codes[i], alone[i], together[i])
		}
	}
	if alone[0].Stop != "plain_to" || alone[2].Stop != "proved" {
		t.Errorf("0.007 %+v, 0.156 %+v: want stopped at the plain cap and proved", alone[0], alone[2])
	}
}

// The families: 0.d1…dk (7, 63, 511 codes), 4.0 and 4.d1…dk (8, 64, 512)
// and Flammenkamp's 0.0n7 (25 codes: 0.7, 0.07, …, the 7 at place n), a
// code listed once.
func TestFamilyCodes(t *testing.T) {
	for _, c := range []struct {
		families []string
		digits   int
		n        int
		first    string
		last     string
	}{
		{nil, 1, 7, "0.1", "0.7"},
		{[]string{"0"}, 3, 511, "0.1", "0.777"},
		{[]string{"4"}, 1, 8, "4.0", "4.7"},
		{[]string{"4"}, 2, 64, "4.0", "4.77"},
		{[]string{"4"}, 3, 512, "4.0", "4.777"},
		{[]string{"0.0n7"}, 3, 25, "0.7", "0." + strings.Repeat("0", 24) + "7"},
		{[]string{"0", "0.0n7"}, 3, 511 + 22, "0.1", "0." + strings.Repeat("0", 24) + "7"},
	} {
		codes := FamilyCodes(c.families, c.digits)
		if len(codes) != c.n || codes[0] != c.first || codes[len(codes)-1] != c.last {
			t.Errorf("%v, %d digits: %d codes %s … %s, want %d, %s … %s", c.families, c.digits, len(codes), codes[0], codes[len(codes)-1], c.n, c.first, c.last)
		}
		seen := map[string]bool{}
		for _, code := range codes {
			if seen[code] {
				t.Errorf("%v: %s twice", c.families, code)
			}
			seen[code] = true
		}
	}
}

// The spec as recorded: a plain cap at or past --to is no cap, the
// default family is left out, codes are canonical; so a sweep of before
// the budget (sweep.json {"digits":3,"to":100000}) is the same sweep as
// --plain-to 100000 now.
func TestOctalSpecCanonical(t *testing.T) {
	for _, c := range []struct {
		in   OctalSpec
		want string
	}{
		{OctalSpec{Digits: 3, To: 100000}, `{"digits":3,"to":100000}`},
		{OctalSpec{Digits: 3, To: 100000, PlainTo: 100000, Families: []string{"0"}}, `{"digits":3,"to":100000}`},
		{OctalSpec{Digits: 3, To: 100000, PlainTo: 65536}, `{"digits":3,"to":100000,"plain_to":65536}`},
		{OctalSpec{Digits: 3, To: 100000, SolvedTo: 100000}, `{"digits":3,"to":100000}`},
		{OctalSpec{Digits: 3, To: 100000, SolvedTo: 1 << 25}, `{"digits":3,"to":100000,"solved_to":33554432}`},
		{OctalSpec{Digits: 2, To: 10, Families: []string{"0.0n7", "4", "0"}}, `{"digits":2,"to":10,"families":["0","4","0.0n7"]}`},
		{OctalSpec{Digits: 3, To: 10, Codes: []string{".16", "0.160", "4.3"}}, `{"digits":0,"to":10,"codes":["0.16","4.3"]}`},
	} {
		got, err := c.in.canonical()
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(got); string(b) != c.want {
			t.Errorf("%+v: %s, want %s", c.in, b, c.want)
		}
	}
	for _, bad := range []OctalSpec{{Digits: 1, To: 10, Families: []string{"5"}}, {To: 10, Codes: []string{"0.9"}},
		{Digits: 1, To: 10, Codes: []string{"0.1"}, Families: []string{"4"}}} {
		if _, err := newOctalTask(bad); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// A directory of a sweep from before the budget (its sweep.json and parts
// without plain_to, rows without stop) is the sweep the same command
// with --plain-to at --to makes: its parts are read back, not computed
// again, and the merge fills in why each row stopped.
func TestOctalOldSweepLoads(t *testing.T) {
	dir := t.TempDir()
	old := Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 300}}
	if _, err := Run(context.Background(), old, Options{Out: dir}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "sweep.json")); string(data) != `{"kind":"octal","octal":{"digits":1,"to":300}}` {
		t.Fatalf("sweep.json %s", data)
	}
	// Make every part one of before the budget: a row without stop, with a
	// mark in seconds to see it read back.
	task, _ := old.task()
	for i := range task.units() {
		name := filepath.Join(dir, "parts", task.key(i)+".json")
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var p part
		var row map[string]any
		if err := json.Unmarshal(data, &p); err != nil || json.Unmarshal(p.Result, &row) != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(p.Unit), "plain_to") {
			t.Errorf("%s: unit %s", name, p.Unit)
		}
		delete(row, "stop")
		row["seconds"] = 777
		result, _ := json.Marshal(row)
		data, err = encodePart(task, i, result)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(name, data, 0o644)
	}
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: 1, To: 300, PlainTo: 300}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl"))
	for _, r := range rows {
		want := "to"
		if r.Status == "proved" {
			want = "proved"
		}
		if r.Seconds != 777 || r.Stop != want {
			t.Errorf("%s: %+v, want read back (seconds 777), stop %s", r.Code, r, want)
		}
	}
	if sum.Proved != 6 || sum.StopTo != 1 {
		t.Errorf("summary %+v", sum)
	}
}

// The 4.xxx codes against Czajka's tables: every published period
// reproduced (GameLookup.md's representatives, TrivialGames.md's
// periods in real heap sizes), the unsolved ones not proved. The codes
// with up to two digits here; all 512 with GRUNDY_SWEEP_LONG=1 (about
// 10 s of CPU), where 4.344, which UnsolvedGames.md lists, is proved
// (period 51 from 998) and confirmed by the plain kernel, and so are its
// equivalents.
func TestOctalSweepFamily4(t *testing.T) {
	digits, units, published, to := 2, 64, 56, 3000
	var unlisted []string
	if os.Getenv("GRUNDY_SWEEP_LONG") == "1" {
		digits, units, published, to = 3, 512, 380, 20000
		unlisted = []string{"4.344", "4.346", "4.354", "4.356"}
	}
	dir := t.TempDir()
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &OctalSpec{Digits: digits, To: to, PlainTo: 2048, Families: []string{"4"}}}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Units != units || sum.Published != published || sum.Agree != published || len(sum.Disagree) != 0 || !slices.Equal(sum.Unlisted, unlisted) {
		t.Errorf("summary %+v", sum)
	}
}

// A code the tables list as unsolved and proved here is unlisted (a
// period the tables consulted do not give; not called new) only if the
// plain kernel's values prove the same period: 4.344 is; a row claiming
// a period for 0.6 (Officers, unsolved) is not, and disagrees.
func TestCompareUnlisted(t *testing.T) {
	r, _, err := unitRow("4.344", OctalBudget{To: 10000, PlainTo: 4096})
	if err != nil {
		t.Fatal(err)
	}
	if r.Plain != "same" {
		t.Errorf("4.344: the unit's plain check %q, want same", r.Plain)
	}
	r.Compare()
	if r.Check != "unlisted" || !strings.Contains(r.Note, "no period in the tables consulted") {
		t.Errorf("4.344: %+v", r)
	}
	// The same row with one value changed: its checksum is no longer the
	// plain kernel's.
	wrong := r
	wrong.Checksum = strings.Repeat("0", len(r.Checksum))
	g, _ := octal.ParseCode("4.344")
	if wrong.Plain, err = plainCheck(context.Background(), octal.New(g), &wrong); err != nil || wrong.Plain != "differs" {
		t.Errorf("4.344 with a wrong checksum: the plain check %q %v", wrong.Plain, err)
	}
	if wrong.Compare(); wrong.Check != "disagrees" {
		t.Errorf("4.344 with a wrong checksum: %+v", wrong)
	}
	fake := OctalRow{Code: "0.6", ComputedTo: 2000, Period: 2, Preperiod: 5, Status: "proved", Stop: "proved"}
	c, _ := octal.ParseCode("0.6")
	if fake.Plain, err = plainCheck(context.Background(), octal.New(c), &fake); err != nil || fake.Plain != "differs" {
		t.Errorf("the plain check of a false period of 0.6: %q %v", fake.Plain, err)
	}
	fake.Compare()
	if fake.Check != "disagrees" {
		t.Errorf("a false period of 0.6: %+v", fake)
	}
	// Past the plain kernel's reach the period is unconfirmed: not
	// a disagreement, and not computed (the check would take hours).
	far := OctalRow{Code: "4.064", ComputedTo: plainConfirmMax + 1, Period: 16132, Preperiod: 94272, Status: "proved", Stop: "proved"}
	if far.Plain, err = plainCheck(context.Background(), octal.Game{}, &far); err != nil || far.Plain != "beyond" {
		t.Errorf("4.064 past the plain kernel's reach: the plain check %q %v", far.Plain, err)
	}
	if far.Compare(); far.Check != "unconfirmed" || !strings.Contains(far.Note, "independent program") {
		t.Errorf("a period past the plain kernel's reach: %+v", far)
	}
	// A row no plain kernel checked (a part from before the check) is not
	// called unlisted.
	old := OctalRow{Code: "4.344", ComputedTo: r.ComputedTo, Period: r.Period, Preperiod: r.Preperiod, Status: "proved"}
	if old.Compare(); old.Check != "unconfirmed" {
		t.Errorf("a row no plain kernel checked: %+v", old)
	}
}

// 4.064, which UnsolvedGames.md lists as unsolved, has period 16132 from
// heap 94272 (results/octal-sparse-to16777216): its unit proves it at
// G(220810) and the plain kernel gives the same values, so it is
// unlisted.
// With GRUNDY_SWEEP_LONG=1 (about a minute of one core: the plain kernel
// examines some 10^10 pairs of heaps).
func TestUnlisted4064(t *testing.T) {
	if os.Getenv("GRUNDY_SWEEP_LONG") == "" {
		t.Skip("the plain kernel to 220810: set GRUNDY_SWEEP_LONG=1")
	}
	r, _, err := unitRow("4.064", OctalBudget{To: 1 << 20, PlainTo: 4096})
	if err != nil {
		t.Fatal(err)
	}
	r.Compare()
	if r.Status != "proved" || r.Period != 16132 || r.Preperiod != 94272 || r.ComputedTo != 220810 || r.Plain != "same" || r.Check != "unlisted" {
		t.Errorf("4.064: %+v", r)
	}
}

// The lookup of the 4.xxx codes.
func TestLookup4(t *testing.T) {
	for code, want := range map[string]Published{
		"4.0":   {Rep: "4", Preperiod: 0, Period: 2, Shifted: true},
		"4.12":  {Rep: "4.12", Preperiod: 6, Period: 7},
		"4.346": {Rep: "4.344", Unsolved: true},
		"4.1":   {Rep: ".51", Preperiod: 1, Period: 1, Shifted: true},
		"4.777": {Rep: "4.766", Preperiod: 19, Period: 20},
	} {
		got, ok := Lookup(code)
		got.Source = ""
		if !ok || got != want {
			t.Errorf("Lookup(%s) = %+v %v, want %+v", code, got, ok, want)
		}
	}
	if RepCode(".51") != "0.51" || RepCode("4") != "4.0" || RepCode("4.12") != "4.12" {
		t.Error("RepCode")
	}
}

// SolvedTo takes a code the tables list as solved past To until its
// period is proved (.16: period 149459 from 105351, Gangolli–Plambeck
// 1989 through Czajka's SolvedGames.md, Guy–Smith bound 360163), while an
// unsolved code (.6, Officers, on the plain kernel at 4096) stops at its
// budget as without SolvedTo and a solved code proved before To
// (.156) is unchanged; a solved code whose proof lies past SolvedTo too
// stops there, stop solved_to. Only the solved codes' units name SolvedTo.
func TestOctalSweepSolvedTo(t *testing.T) {
	dir := t.TempDir()
	spec := OctalSpec{To: 20000, PlainTo: 4096, SolvedTo: 600000, Codes: []string{"0.16", "0.6", "0.156"}}
	sum, err := Run(context.Background(), Spec{Kind: "octal", Octal: &spec}, Options{Out: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"0.16":  "524288 149459 105351 proved proved agrees",
		"0.6":   "4096 0 0 none plain_to open",
		"0.156": "8192 349 3479 proved proved agrees",
	}
	for _, r := range readJSONL[OctalRow](t, filepath.Join(dir, "results.jsonl")) {
		if got := strings.Join([]string{itoa(r.ComputedTo), itoa(r.Period), itoa(r.Preperiod), r.Status, r.Stop, r.Check}, " "); got != want[r.Code] {
			t.Errorf("%s: %s, want %s", r.Code, got, want[r.Code])
		}
	}
	if sum.Proved != 2 || sum.StopPlainTo != 1 || sum.StopSolvedTo != 0 {
		t.Errorf("summary %+v", sum)
	}
	part, _ := os.ReadFile(filepath.Join(dir, "parts", "0.6.json"))
	if !strings.HasPrefix(string(part), `{"unit":{"kind":"octal","code":"0.6","to":20000,"plain_to":4096},`) {
		t.Errorf("0.6's part: %.100s", part)
	}
	part, _ = os.ReadFile(filepath.Join(dir, "parts", "0.16.json"))
	if !strings.HasPrefix(string(part), `{"unit":{"kind":"octal","code":"0.16","to":20000,"plain_to":4096,"solved_to":600000},`) {
		t.Errorf("0.16's part: %.100s", part)
	}
	short := t.TempDir()
	spec.SolvedTo, spec.Codes = 300000, []string{"0.16"}
	if sum, err = Run(context.Background(), Spec{Kind: "octal", Octal: &spec}, Options{Out: short}); err != nil {
		t.Fatal(err)
	}
	rows := readJSONL[OctalRow](t, filepath.Join(short, "results.jsonl"))
	if sum.StopSolvedTo != 1 || rows[0].ComputedTo != 300000 || rows[0].Stop != "solved_to" || rows[0].Check != "unproved" {
		t.Errorf("0.16 to 300000: %+v, summary %+v", rows[0], sum)
	}
}
