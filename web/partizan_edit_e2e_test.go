package web

import (
	"context"
	"fmt"
	neturl "net/url"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/grundy/grundy/partizan/games"
	"github.com/grundy/grundy/partizan/graph"
	"github.com/grundy/grundy/partizan/hackenbush"
)

// shape is a picture up to the numbering of its vertices: each vertex's
// label ("" in Hackenbush) and each edge's two ends and colour ("" in a
// graph). In Hackenbush vertex 0 is the ground, which a numbering keeps.
type shape struct {
	hb     bool
	labels []string
	edges  []shapeEdge
}

type shapeEdge struct {
	U, V  int
	Color string
}

// sameShape says whether a and b are the same picture up to the numbering
// of their vertices (the ground staying the ground), by trying every
// numbering: the pictures of these tests have at most 8 vertices.
func sameShape(a, b shape) bool {
	n := len(a.labels)
	if n != len(b.labels) || len(a.edges) != len(b.edges) {
		return false
	}
	key := func(es []shapeEdge, perm []int) []string {
		out := make([]string, len(es))
		for i, e := range es {
			u, v := perm[e.U], perm[e.V]
			out[i] = fmt.Sprintf("%d %d %s", min(u, v), max(u, v), e.Color)
		}
		slices.Sort(out)
		return out
	}
	id := make([]int, n)
	for i := range id {
		id[i] = i
	}
	want := key(b.edges, id)
	perm := make([]int, n)
	used := make([]bool, n)
	var try func(v int) bool
	try = func(v int) bool {
		if v == n {
			return slices.Equal(key(a.edges, perm), want)
		}
		for w := range n {
			if used[w] || a.labels[v] != b.labels[w] || (a.hb && (v == 0) != (w == 0)) {
				continue
			}
			used[w], perm[v] = true, w
			if try(v + 1) {
				return true
			}
			used[w] = false
		}
		return false
	}
	return try(0)
}

// shapeOf is the shape of the position text t of ruleset game, read by
// the library.
func shapeOf(t *testing.T, game, text string) shape {
	t.Helper()
	if game == "hackenbush" {
		p, err := hackenbush.Parse(text)
		if err != nil {
			t.Fatalf("hackenbush %q: %v", text, err)
		}
		s := shape{hb: true, labels: []string{""}}
		for _, e := range p.Edges() {
			for len(s.labels) <= int(max(e.U, e.V)) {
				s.labels = append(s.labels, "")
			}
			s.edges = append(s.edges, shapeEdge{int(e.U), int(e.V), e.Color.String()})
		}
		return s
	}
	var p graph.Position
	var err error
	names := []string{".", "L", "R"}
	switch game {
	case "col":
		p, err = graph.Col{}.ParsePosition(text)
	case "snort":
		p, err = graph.Snort{}.ParsePosition(text)
	case "clobber-graph":
		p, err = graph.Clobber{}.ParsePosition(text)
		names = []string{".", "x", "o"}
	}
	if err != nil {
		t.Fatalf("%s %q: %v", game, text, err)
	}
	var s shape
	for v := range p.NumVertices() {
		s.labels = append(s.labels, names[p.Label(v)])
		for w := v + 1; w < p.NumVertices(); w++ {
			if p.Neighbours(v)&(1<<w) != 0 {
				s.edges = append(s.edges, shapeEdge{v, w, ""})
			}
		}
	}
	return s
}

// clickEdge clicks edge i of the picture shown half-way along it (a
// curved edge's box has its centre off the edge).
func clickEdge(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	xy := eval[[]float64](t, ctx, "edge middle", fmt.Sprintf(`(() => {
		const p = document.querySelector('#pz-picture [data-edge="%d"] path.line');
		p.scrollIntoView({block: 'center', inline: 'center'}); // the click is at screen coordinates
		const q = p.getPointAtLength(p.getTotalLength() / 2);
		const m = p.getScreenCTM();
		return [m.a * q.x + m.c * q.y + m.e, m.b * q.x + m.d * q.y + m.f];
	})()`, i))
	run(t, ctx, "click edge", chromedp.MouseClickXY(xy[0], xy[1]))
}

// The editor applies the text of the last edit only, whatever order the
// server's answers come in (pedit.js's editor, with a host whose format
// answers when the test says): two edits whose texts come back in reverse
// order leave the second's; Undo gives the first's back, then the text
// before; an answer that comes after the position changed otherwise
// (reset) is not applied; a refusal is shown, not applied.
func TestBrowserPartizanEditOrder(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position=."))
	waitJS(t, ctx, "ready", `document.getElementById('pz-result')?.dataset.asked === '.'`)
	got := eval[[]string](t, ctx, "order", `Promise.all([import('/pedit.js'), import('/dom.js'), import('/pgraph.js')]).then(async ([m, dom, pg]) => {
		const log = [];
		const answers = [];
		const tick = () => new Promise((r) => setTimeout(r, 0));
		const host = {
			picture: () => ({ kind: 'hackenbush', vertices: [{ ground: true }], edges: [] }),
			text: () => '.',
			format: (p) => new Promise((ok, no) => answers.push({ ok, no, edges: p.edges.length })),
			apply: (t) => log.push('apply ' + t),
			refused: (e) => log.push('refused ' + e.message),
			redraw: () => {}, moving: () => {},
		};
		const ed = m.editor(host, { h: dom.h, clear: dom.clear, view: pg.view });
		const btn = (id) => ed.element.querySelector('#' + id);
		ed.ruleset({ name: 'hackenbush', board: 'hackenbush' });
		btn('pz-click-edit').click();
		btn('pz-grow').click();
		btn('pz-grow').click();
		log.push('asked ' + answers.map((a) => a.edges).join(',') + ' pending ' + (ed.element.dataset.pending ?? 'no'));
		answers[1].ok('two');
		await tick();
		answers[0].ok('one');
		await tick();
		log.push('pending ' + (ed.element.dataset.pending ?? 'no'));
		btn('pz-undo').click();
		await tick();
		btn('pz-undo').click();
		await tick();
		btn('pz-grow').click();
		ed.reset();
		answers[2].ok('late');
		await tick();
		btn('pz-grow').click();
		answers[3].no(new Error('no'));
		await tick();
		return log;
	})`, chromedp.EvalAwaitPromise)
	want := []string{"asked 1,2 pending true", "apply two", "pending no", "apply one", "apply .", "refused no"}
	if !slices.Equal(got, want) {
		t.Errorf("the editor did %q, want %q", got, want)
	}
}

// The page edits Hackenbush pictures and the graphs of Col, Snort and
// Clobber by clicks (pedit.js): after each edit the position's text is
// the picture built (the library reads it so) and the value shown is the
// library's for that text; Undo takes the last edit back; back on moves,
// a click on an edge plays the option the library says cuts it. At 1400
// and 400 px.
func TestBrowserPartizanEdit(t *testing.T) {
	url := serve(t, New(Config{}))
	ctx := browser(t)
	for _, size := range widths {
		run(t, ctx, "viewport", chromedp.EmulateViewport(size.w, size.h), chromedp.Navigate("about:blank"))
		// check waits for the value of the text shown and holds the text
		// and the value to the library's reading of it.
		check := func(game, step string, want shape) string {
			t.Helper()
			waitJS(t, ctx, step+": written", `!document.getElementById('pz-editor').dataset.pending`)
			txt := eval[string](t, ctx, "text", `document.getElementById('pz-position').value`)
			// the library's own text: the server wrote it (/api/partizan/format)
			rs, _ := games.Lookup(games.Rulesets(), game)
			if p, err := rs.Parse(txt); err != nil || p.String() != txt {
				t.Errorf("at %d px, %s %s: the text %q is not the library's (it writes %q, %v)", size.w, game, step, txt, p.String(), err)
			}
			a := analyzeAll(t, game, txt)
			waitJS(t, ctx, step, fmt.Sprintf(`(() => { const r = document.getElementById('pz-result'); return r.dataset.asked === %q && !r.classList.contains('busy') && document.getElementById('pz-value')?.textContent === %q; })()`, txt, a.Value))
			if got := shapeOf(t, game, txt); !sameShape(got, want) {
				t.Errorf("at %d px, %s %s: the text %q is %+v, the picture built %+v", size.w, game, step, txt, got, want)
			}
			if n := eval[int](t, ctx, "drawn", `document.querySelectorAll('#pz-picture .pedge').length`); n != len(want.edges) {
				t.Errorf("at %d px, %s %s: %d edges drawn, %d built", size.w, game, step, n, len(want.edges))
			}
			return txt
		}
		part := func(p string) string { return fmt.Sprintf(`#pz-picture [data-part="%s"]`, p) }
		tapJS := func(what, p string) { // the ground is a long line under the edges: tap it by script
			eval[chromedp.Void](t, ctx, what, fmt.Sprintf(`document.querySelector(%q).dispatchEvent(new MouseEvent('click', {bubbles: true}))`, part(p)))
		}
		// tap taps the picture's parts in turn, each once the editor has
		// its last edit's text and the result is drawn: the picture is
		// redrawn when they come, and a tap found before a redraw and
		// sent after it would miss (chromedp: "Could not find node").
		tap := func(what string, ps ...string) {
			for _, p := range ps {
				waitJS(t, ctx, what+": settled", `!document.getElementById('pz-editor').dataset.pending && !document.getElementById('pz-result').classList.contains('busy')`)
				tapJS(what, p)
			}
		}

		// Hackenbush, from the bare ground.
		run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position=."))
		waitJS(t, ctx, "ground", `document.getElementById('pz-result').dataset.asked === '.' && !!document.getElementById('pz-picture')`)
		run(t, ctx, "edit", click("#pz-click-edit"))
		hb := shape{hb: true, labels: []string{""}}
		grow := func(from int, c string) {
			hb.labels = append(hb.labels, "")
			hb.edges = append(hb.edges, shapeEdge{from, len(hb.labels) - 1, c})
		}
		run(t, ctx, "grow blue", click("#pz-grow")) // from the ground
		grow(0, "l")
		check("hackenbush", "a blue edge", hb)
		run(t, ctx, "red", click("#pz-tool-r"), click("#pz-grow")) // from the vertex grown
		grow(1, "r")
		check("hackenbush", "a red edge on it", hb)
		run(t, ctx, "green", click("#pz-tool-e"))
		tapJS("ground", "v0") // vertex 2 is picked: join it to the ground
		hb.edges = append(hb.edges, shapeEdge{2, 0, "e"})
		check("hackenbush", "a green edge closing a cycle", hb)
		run(t, ctx, "grow green", click("#pz-grow")) // the ground is picked
		grow(0, "e")
		tap("let go", "v3", "v1", "v3")
		hb.edges = append(hb.edges, shapeEdge{1, 3, "e"})
		check("hackenbush", "a second cycle", hb)
		run(t, ctx, "recolour", click("#pz-tool-l"))
		clickEdge(t, ctx, 3)
		hb.edges[3].Color = "l"
		before := check("hackenbush", "an edge recoloured", hb)
		// Erasing the blue edge on the ground leaves the rest standing on
		// the green one; erasing that one too, everything falls.
		run(t, ctx, "erase", click("#pz-tool-erase"))
		clickEdge(t, ctx, 0)
		check("hackenbush", "an edge erased", shape{hb: true, labels: hb.labels, edges: hb.edges[1:]})
		run(t, ctx, "undo", click("#pz-undo"))
		if got := check("hackenbush", "undone", hb); got != before {
			t.Errorf("at %d px: undo gives %q, the text before the edit was %q", size.w, got, before)
		}
		// Back on moves, a click on an edge is the move that cuts it.
		run(t, ctx, "moves", click("#pz-click-move"))
		a := analyzeAll(t, "hackenbush", before)
		waitJS(t, ctx, "move picture", fmt.Sprintf(`document.getElementById('pz-picture')?.dataset.position === %q && !document.getElementById('pz-picture').classList.contains('editing')`, a.Position))
		m := a.RightOptions[0]
		clickEdge(t, ctx, m.Changes[0])
		waitJS(t, ctx, "cut", fmt.Sprintf(`document.getElementById('pz-position').value === %q`, m.To))

		// Col and Snort, from the graph with no vertex; Clobber on a graph.
		for _, game := range []string{"col", "snort"} {
			run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game="+game+"&position=empty"))
			waitJS(t, ctx, "empty", `document.getElementById('pz-result').dataset.asked === 'empty'`)
			run(t, ctx, "edit", click("#pz-click-edit"))
			g := shape{}
			add := func(label string, from int) {
				g.labels = append(g.labels, label)
				if from >= 0 {
					g.edges = append(g.edges, shapeEdge{from, len(g.labels) - 1, ""})
				}
			}
			run(t, ctx, "path", click("#pz-grow"), click("#pz-grow"), click("#pz-grow"))
			add(".", -1)
			add(".", 0)
			add(".", 1)
			check(game, "a path of three", g)
			run(t, ctx, "tint", click("#pz-tool-L"))
			tap("tint", "v2")
			g.labels[2] = "L"
			run(t, ctx, "join", click("#pz-tool-join"))
			tap("join", "v0")
			g.edges = append(g.edges, shapeEdge{2, 0, ""})
			run(t, ctx, "grow", click("#pz-grow"))
			add(".", 0)
			run(t, ctx, "tint R", click("#pz-tool-R"))
			tap("tint R", "v1")
			g.labels[1] = "R"
			before := check(game, "a triangle with a tail", g)
			// Part two vertices by tapping them (join), remove a vertex by
			// the keyboard (Delete on it).
			run(t, ctx, "part", click("#pz-tool-join"))
			tap("part", "v0") // v1 is picked: tapping v0 parts them
			g.edges = slices.Delete(g.edges, 0, 1)
			check(game, "an edge parted", g)
			waitJS(t, ctx, "focus: settled", `!document.getElementById('pz-editor').dataset.pending && !document.getElementById('pz-result').classList.contains('busy')`)
			run(t, ctx, "focus", chromedp.Focus(chromedp.CSS(part("v3"))), chromedp.KeyEvent(kb.Delete))
			g = shape{labels: g.labels[:3], edges: g.edges[:2]}
			check(game, "a vertex deleted by the keyboard", g)
			run(t, ctx, "undo twice", click("#pz-undo"), click("#pz-undo"))
			waitJS(t, ctx, "undone", `!document.getElementById('pz-editor').dataset.pending`)
			if got := eval[string](t, ctx, "undone", `document.getElementById('pz-position').value`); got != before {
				t.Errorf("at %d px, %s: two undos give %q, the text before was %q", size.w, game, got, before)
			}
			run(t, ctx, "clear", click("#pz-edit-clear"))
			check(game, "cleared", shape{})
		}
		run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game=clobber-graph&position="+neturl.QueryEscape("x-o")))
		waitJS(t, ctx, "x-o", `document.getElementById('pz-result').dataset.asked === 'x-o' && !!document.getElementById('pz-picture')`)
		run(t, ctx, "edit", click("#pz-click-edit"), click("#pz-tool-x"))
		tap("x", "v1")
		run(t, ctx, "grow", click("#pz-tool-o"), click("#pz-grow"))
		check("clobber-graph", "x-x-o", shape{labels: []string{"x", "x", "o"}, edges: []shapeEdge{{0, 1, ""}, {1, 2, ""}}})
		if w := eval[float64](t, ctx, "scroll width", `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("at %d px: the page scrolls sideways by %v px", size.w, w)
		}
	}

	// A text the server refuses, typed while editing, leaves the tools:
	// Move then shows no picture, and Clear (back on Edit) starts again
	// from the bare ground. No script error on the way.
	run(t, ctx, "open", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position=lr"))
	waitJS(t, ctx, "lr", `document.getElementById('pz-result').dataset.asked === 'lr' && !!document.getElementById('pz-picture')`)
	eval[chromedp.Void](t, ctx, "listen", `window.pzErrors = []; window.addEventListener('error', (e) => window.pzErrors.push(e.message))`)
	run(t, ctx, "edit", click("#pz-click-edit"))
	eval[chromedp.Void](t, ctx, "type", `(() => { const x = document.getElementById('pz-position'); x.value = 'l('; x.dispatchEvent(new Event('input')); })()`)
	waitJS(t, ctx, "refused", `!!document.getElementById('pz-error')`)
	run(t, ctx, "move", click("#pz-click-move"))
	waitJS(t, ctx, "no picture", `!!document.getElementById('pz-error') && !document.getElementById('pz-picture')`)
	run(t, ctx, "edit, clear", click("#pz-click-edit"), click("#pz-edit-clear"))
	waitJS(t, ctx, "cleared", fmt.Sprintf(`document.getElementById('pz-result').dataset.asked === '.' && document.getElementById('pz-value')?.textContent === %q`, analyzeAll(t, "hackenbush", ".").Value))
	if errs := eval[[]string](t, ctx, "errors", `window.pzErrors`); len(errs) > 0 {
		t.Errorf("script errors: %q", errs)
	}

	// Playing against the perfect player, clicks are moves: the switch
	// and the tools are gone until the game is stopped, and come back on
	// Move.
	run(t, ctx, "play", chromedp.Navigate(url+"/#/partizan?game=hackenbush&position=lr&mode=left&first=left"))
	waitJS(t, ctx, "ready", `document.getElementById('pz-result').dataset.asked === 'lr' && !document.getElementById('pz-click').hidden`)
	run(t, ctx, "edit then start", click("#pz-click-edit"), click("#pz-start"))
	// (and the first turn shown: until then the page moves under a click)
	waitJS(t, ctx, "playing", `document.getElementById('pz-click').hidden && document.getElementById('pz-edit').hidden && !document.getElementById('pz-picture').classList.contains('editing') && !document.getElementById('pz-result').classList.contains('busy') && document.getElementById('pz-status').textContent.startsWith('Your move')`)
	run(t, ctx, "stop", click("#pz-stop"))
	waitJS(t, ctx, "stopped", `!document.getElementById('pz-click').hidden && document.getElementById('pz-click-move').getAttribute('aria-pressed') === 'true'`)
}
