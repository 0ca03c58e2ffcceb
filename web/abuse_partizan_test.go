package web

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestAbusePartizan attacks the partizan endpoints (issue 46 §3) of a real
// `grundy serve --timeout 2s --max-concurrent 2`, as TestAbuse and
// TestAbuseSlotsAndMemory do the others':
//
//   - huge boards and pictures (Domineering 16×16, Amazons and Clobber
//     6×6, a Hackenbush string of 60 edges whose canonical form is
//     exponentially long, graphs of 64 vertices), huge numbers, nimbers
//     with 10^8 options, a sum with an impartial heap of 10^8, expressions
//     nested past the parser's bound, fields past the input limit: each a
//     4xx, or the deadline's 504, within a second of the deadline;
//   - many in parallel: three clients keep four heavy partizan questions
//     each in flight for 30 s while a cheap one (Clobber xox|ox., a value)
//     every 0.5 s from a fourth is answered within 2 s, right, and a
//     legitimate one (Domineering 4×5 = 1) every 5 s is answered, right;
//
// and throughout: no 500, every computation stopped within maxLate of its
// deadline (no slot held: the page's Hackenbush string held one for
// minutes before the formatter was bounded), the server's resident memory
// under its limit plus 128 MiB, the server alive at the end. It runs when
// GRUNDY_ABUSE=1, for about a minute and a half.
func TestAbusePartizan(t *testing.T) {
	if os.Getenv("GRUNDY_ABUSE") != "1" {
		t.Skip("set GRUNDY_ABUSE=1 to run the abuse suite against a grundy serve subprocess")
	}
	const (
		timeout     = 2 * time.Second
		memoryLimit = 384 << 20 // the default --memory-limit
		rssMargin   = 128 << 20
	)
	api := func(route string, kv ...string) string {
		v := url.Values{}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return "/api/partizan/" + route + "?" + v.Encode()
	}
	hack := strings.Repeat("elr", 20)
	srv := startGrundyServeArgs(t, "--timeout", timeout.String())
	rss := startRSS(t, srv)

	t.Run("limits", func(t *testing.T) {
		c := newAbuseClient(srv.base, "127.0.0.1")
		for _, k := range []struct {
			target string
			codes  string // the statuses allowed
			want   string // in the body
		}{
			{api("solve", "game", "domineering", "position", "16x16"), "422 504", ""},
			{api("solve", "game", "domineering", "position", "9x9", "all", "1"), "422 504", ""},
			{api("reply", "game", "domineering", "position", "16x16", "side", "left"), "422 504", ""},
			{api("solve", "game", "amazons", "position", "x.....|......|......|......|......|.....o"), "422 504", ""},
			{api("solve", "game", "clobber", "position", "xoxoxo|oxoxox|xoxoxo|oxoxox|xoxoxo|oxoxox"), "422 504", ""},
			{api("solve", "game", "konane", "position", "xoxoxoxo|oxoxoxox|xoxoxoxo|oxo..xox|xoxoxoxo|oxoxoxox|xoxoxoxo|oxoxoxox"), "422 504", ""},
			{api("solve", "game", "hackenbush", "position", hack), "422 504", ""},
			{api("solve", "game", "hackenbush", "position", hack, "all", "1"), "422 504", ""},
			// Its value is exponentially long to write (so solve stops at the
			// output budget), but a reply needs only a move: since the
			// caches grow when they thrash, the search takes about a second.
			{api("reply", "game", "hackenbush", "position", hack, "side", "right"), "200 422 504", ""},
			{api("solve", "game", "snort", "position", "cycle(64)"), "200 422 504", ""},
			{api("solve", "game", "col", "position", "path(65)"), "400", "at most 64"},
			{api("solve", "game", "cutcake", "position", "1000000x1000000"), "400", "sides 1..255"},
			// Options of one game past the move budget: a nimber's.
			{api("value", "expr", "*100000000 + {5|-5}"), "422", "move budget exhausted"},
			{api("solve", "game", "sum", "position", "domineering '..|..' + kayles 100000000"), "200 422", ""},
			{api("value", "expr", "99999999999999999999999999999/1024 + {1|*} + +-99999999999999999999"), "200", `"value":`},
			{api("value", "expr", "^<100> + ^<99> + ^<98> + {1|*}"), "200 422 504", ""},
			{api("value", "expr", "^<101>"), "400", ""},
			{api("value", "expr", strings.Repeat("{", 1000)+"|"+strings.Repeat("}", 1000)), "400", "nested more than 500 deep"},
			{api("value", "expr", strings.Repeat("{0|", 499)+strings.Repeat("}", 499)), "200 422 504", ""},
			{api("value", "expr", strings.TrimSuffix(strings.Repeat("+-7 + ", 2000), " + ")), "200", `"value":"0"`},
			{api("solve", "game", "domineering", "position", strings.Repeat(".", 17<<10)), "413", "too long"},
			{api("value", "expr", strings.Repeat("1+", 9000)), "413", "too long"},
			{api("solve", "game", "domineering", "position", strings.Repeat("....|", 2000)+"...."), "400 422 504", ""},
		} {
			code, text, elapsed := c.must(t, "GET", k.target, "")
			t.Logf("%.80s: %d in %v", k.target, code, elapsed.Round(time.Millisecond))
			if !strings.Contains(" "+k.codes+" ", " "+strconv.Itoa(code)+" ") || !strings.Contains(text, k.want) || elapsed > timeout+time.Second {
				t.Errorf("GET %.100s = %d after %v: %.300s\nwant %s with %q within %v", k.target, code, elapsed, text, k.codes, k.want, timeout+time.Second)
			}
		}
		// /api/partizan/format: pictures past the rulesets' bounds, past
		// the field's and the body's, not JSON, posted as the page posts
		// them; and the largest stalk it reads.
		for _, k := range []struct {
			form  string
			codes string
			want  string
		}{
			{formatForm("hackenbush", stalkJSON(300, 0)), "400", "301 vertices (at most 255)"},
			{formatForm("hackenbush", stalkJSON(254, 0)), "200", `"position":"` + strings.Repeat("l", 254) + `"`},
			{formatForm("hackenbush", stalkJSON(200, 900)), "400 413", ""},
			{formatForm("col", `{"kind":"graph","vertices":[`+strings.TrimSuffix(strings.Repeat(`{"label":"."},`, 65), ",")+`]}`), "400", "65 vertices (at most 64)"},
			{formatForm("col", `{"kind":"graph","vertices":[`+strings.Repeat("[", 5000)), "400", "not JSON"},
			{formatForm("hackenbush", strings.Repeat(" ", 70<<10)), "413", "too large"},
			{formatForm("domineering", `{"kind":"graph"}`), "400", "not pictures"},
		} {
			code, text, elapsed := c.must(t, "POST", "/api/partizan/format", k.form)
			t.Logf("format %.60s: %d in %v", k.form, code, elapsed.Round(time.Millisecond))
			if !strings.Contains(" "+k.codes+" ", " "+strconv.Itoa(code)+" ") || !strings.Contains(text, k.want) || elapsed > timeout+time.Second {
				t.Errorf("POST /api/partizan/format %.100s = %d after %v: %.300s\nwant %s with %q", k.form, code, elapsed, text, k.codes, k.want)
			}
		}
	})

	t.Run("parallel", func(t *testing.T) {
		heavy := []string{
			api("solve", "game", "domineering", "position", "8x8", "all", "1"),
			api("solve", "game", "hackenbush", "position", hack),
			api("reply", "game", "amazons", "position", "x.....|......|......|......|......|.....o", "side", "left"),
			api("value", "expr", "domineering 7x7 + clobber 'xoxoxo|oxoxox|xoxoxo|oxoxox'"),
		}
		cheap := newAbuseClient(srv.base, "127.0.0.5")
		cheapTargets := []string{api("solve", "game", "clobber", "position", "xox|ox."), api("value", "expr", "{3||2|1}"),
			"/api/partizan/format?" + formatForm("hackenbush", stalkJSON(3, 1))}
		idle := map[string]string{}
		for _, target := range cheapTargets {
			code, text, _ := cheap.must(t, "GET", target, "")
			if code != 200 {
				t.Fatalf("idle: %s = %d %s", target, code, text)
			}
			idle[target] = text
		}
		legitTarget := api("solve", "game", "domineering", "position", "4x5")
		legit := newAbuseClient(srv.base, "127.0.0.6")
		code, idleLegit, _ := legit.must(t, "GET", legitTarget, "")
		if code != 200 || !strings.Contains(idleLegit, `"value":"1"`) {
			t.Fatalf("idle: domineering 4x5 = %d %s (Wolfe: 1)", code, idleLegit)
		}
		ctx, stop := context.WithTimeout(context.Background(), 30*time.Second)
		defer stop()
		attackers := &statusTally{}
		var wg sync.WaitGroup
		for _, ip := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
			for i := range 4 {
				a := newAbuseClient(srv.base, ip)
				mine := append(append([]string(nil), heavy[i:]...), heavy[:i]...)
				wg.Go(func() { a.loop(ctx, mine, attackers) })
			}
		}
		var worst time.Duration
		var legitN int
		var lwg sync.WaitGroup
		var mu sync.Mutex
		next := time.Now()
		for i := 0; ctx.Err() == nil; i++ {
			if time.Now().After(next) {
				next = next.Add(5 * time.Second)
				lwg.Go(func() {
					code, text, elapsed, err := legit.do("GET", legitTarget, "")
					mu.Lock()
					defer mu.Unlock()
					legitN++
					if err != nil || code != 200 || text != idleLegit {
						t.Errorf("the legitimate request beside the attack: %d after %v, %v: %.200s", code, elapsed, err, text)
					}
				})
			}
			target := cheapTargets[i%len(cheapTargets)]
			code, text, elapsed, err := cheap.do("GET", target, "")
			worst = max(worst, elapsed)
			if err != nil || code != 200 || text != idle[target] {
				t.Errorf("the cheap question beside the attack: %s = %d after %v, %v: %.200s", target, code, elapsed, err, text)
			}
			select {
			case <-ctx.Done():
			case <-time.After(500 * time.Millisecond):
			}
		}
		wg.Wait()
		lwg.Wait()
		t.Logf("attackers: %s", attackers)
		t.Logf("cheap questions: slowest %v; legitimate heavy ones: %d answered", worst.Round(time.Millisecond), legitN)
		// 2 s, not the 1 s of TestAbuseSlotsAndMemory: the attackers' short
		// questions look cheap too, so a cheap one may wait for the fast
		// lane's slice (FastTimeout, 250 ms) of one of them, on a machine
		// that ran at a load of 38 on 2 cores when this was written
		// (slowest 1.6 s then).
		if worst > 2*time.Second {
			t.Errorf("a cheap question took %v beside the attack, want under 2 s", worst)
		}
		if n := attackers.count(500, ""); n > 0 {
			t.Errorf("%d answers 500 to the attackers", n)
		}
		if n := attackers.count(0, ""); n > 0 {
			t.Errorf("%d attacks without an answer (a transport error)", n)
		}
	})

	time.Sleep(time.Second) // a straggler's late line
	stoppedInTime(t, srv)
	if code, _, _, err := newAbuseClient(srv.base, "127.0.0.1").do("GET", "/api/partizan/rulesets", ""); err != nil || code != 200 {
		t.Errorf("after the attacks: /api/partizan/rulesets = %d, %v", code, err)
	}
	peak := rss.stop()
	t.Logf("server RSS: at most %.1f MiB (sampled every 200 ms)", float64(peak)/(1<<20))
	if peak > memoryLimit+rssMargin {
		t.Errorf("server RSS reached %d MiB, want under %d MiB", peak>>20, (memoryLimit+rssMargin)>>20)
	}
	srv.stop(t)
}

// stalkJSON is the JSON of a Hackenbush picture: a blue stalk of n edges,
// then extra red edges from the ground to its top.
func stalkJSON(n, extra int) string {
	var b strings.Builder
	b.WriteString(`{"kind":"hackenbush","vertices":[{"ground":true}`)
	b.WriteString(strings.Repeat(",{}", n))
	b.WriteString(`],"edges":[`)
	for v := 1; v <= n+extra; v++ {
		if v > 1 {
			b.WriteByte(',')
		}
		if v <= n {
			fmt.Fprintf(&b, `{"u":%d,"v":%d,"color":"l"}`, v-1, v)
		} else {
			fmt.Fprintf(&b, `{"u":0,"v":%d,"color":"r"}`, n)
		}
	}
	b.WriteString("]}")
	return b.String()
}

// formatForm is the form of /api/partizan/format for a picture.
func formatForm(game, picture string) string {
	return url.Values{"game": {game}, "picture": {picture}}.Encode()
}
