package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/grundy/grundy/partizan/games"
)

// postForm sends a POST form to the server's handler and returns the
// status and body.
func postForm(t *testing.T, s *Server, path, form string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	r := newRequest(http.MethodPost, path, strings.NewReader(form))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	s.Handler().ServeHTTP(rec, r)
	return rec.Code, rec.Body.String()
}

// /api/partizan/format writes the position a picture draws as the library
// does (games.FormatPicture), for the pictures /api/partizan/solve gives
// and for pictures edited from them; GET and POST alike.
func TestPartizanFormatAPI(t *testing.T) {
	s := New(Config{})
	for _, c := range []struct{ game, position string }{
		{"hackenbush", "lrl(r;l)"}, {"hackenbush", "ee:Aeeee:A"}, {"hackenbush", "."},
		{"col", "path(5)"}, {"snort", "L-.-.-.-L"}, {"clobber-graph", "x:A-o:B-x:C;o:D-x:E;x:A-o:D;o:B-x:E"}, {"col", "empty"},
	} {
		code, body := get(t, s, "/api/partizan/solve?"+q("game", c.game, "position", c.position))
		var a games.Analysis
		if code != 200 || json.Unmarshal([]byte(body), &a) != nil || a.Picture == nil {
			t.Fatalf("%s %s: %d %.200s", c.game, c.position, code, body)
		}
		edited := *a.Picture
		if edited.Kind == "hackenbush" {
			edited.Vertices = append(edited.Vertices, games.PictureVertex{})
			edited.Edges = append(edited.Edges, games.PictureEdge{U: 0, V: len(edited.Vertices) - 1, Color: "r"})
		} else {
			edited.Vertices = append(edited.Vertices, games.PictureVertex{Label: "."})
		}
		for _, pic := range []*games.Picture{a.Picture, &edited} {
			raw, _ := json.Marshal(pic)
			want, err := games.FormatPicture(c.game, pic)
			if err != nil {
				t.Fatalf("%s %s: %v", c.game, raw, err)
			}
			if pic == a.Picture && want != a.Position {
				t.Errorf("%s %s: the picture of %q is written %q", c.game, c.position, a.Position, want)
			}
			wantBody := encode(t, &PartizanFormat{Game: c.game, Position: want})
			form := q("game", c.game, "picture", string(raw))
			if code, body := get(t, s, "/api/partizan/format?"+form); code != 200 || body != wantBody {
				t.Errorf("GET %s %s: %d %s, want %s", c.game, raw, code, body, wantBody)
			}
			if code, body := postForm(t, s, "/api/partizan/format", form); code != 200 || body != wantBody {
				t.Errorf("POST %s %s: %d %s, want %s", c.game, raw, code, body, wantBody)
			}
		}
	}
}

// The largest picture a ruleset reads (Hackenbush: 255 vertices, 1024
// edges) fits in a POST form of the default configuration, as the page
// sends it.
func TestPartizanFormatAPILargest(t *testing.T) {
	pic := games.Picture{Kind: "hackenbush", Vertices: make([]games.PictureVertex, 255)}
	pic.Vertices[0].Ground = true
	for i := range 1024 {
		pic.Edges = append(pic.Edges, games.PictureEdge{U: i % 254, V: i%254 + 1, Color: "l"})
	}
	raw, _ := json.Marshal(pic)
	want, err := games.FormatPicture("hackenbush", &pic)
	if err != nil {
		t.Fatal(err)
	}
	form := q("game", "hackenbush", "picture", string(raw))
	if code, body := postForm(t, New(Config{}), "/api/partizan/format", form); code != 200 || body != encode(t, &PartizanFormat{Game: "hackenbush", Position: want}) {
		t.Errorf("a form of %d bytes: %d %.200s", len(form), code, body)
	}
}

// A picture that is not one is one clear 4xx naming the problem.
func TestPartizanFormatAPIErrors(t *testing.T) {
	s := New(Config{})
	stalk := func(n int) string { // a Hackenbush stalk of n edges, as JSON
		pic := games.Picture{Kind: "hackenbush", Vertices: []games.PictureVertex{{Ground: true}}}
		for v := 1; v <= n; v++ {
			pic.Vertices = append(pic.Vertices, games.PictureVertex{})
			pic.Edges = append(pic.Edges, games.PictureEdge{U: v - 1, V: v, Color: "l"})
		}
		raw, _ := json.Marshal(pic)
		return string(raw)
	}
	for _, c := range []struct {
		game, picture string
		code          int
		msg           string
	}{
		{"hackenbush", "", 400, `parameter "picture": empty`},
		{"hackenbush", `{"kind": "hackenbush"`, 400, `parameter "picture": not JSON: it ends early`},
		{"hackenbush", `{kind: 1}`, 400, `parameter "picture": not JSON (at byte 2): invalid character 'k'`},
		{"hackenbush", `{"kind": 1}`, 400, `parameter "picture": "kind" is a JSON number, not a string`},
		{"hackenbush", `{"kind": "hackenbush", "vertices": [{"ground": "yes"}]}`, 400, `"vertices.ground" is a JSON string, not true or false`},
		{"hackenbush", `{"kind": "hackenbush", "edges": [{"u": 1.5}]}`, 400, `"edges.u" is a JSON number 1.5, not a whole number`},
		{"hackenbush", `[]`, 400, `parameter "picture": it is a JSON array, not an object`},
		{"hackenbush", `{"kind": "hackenbush", "colour": "l"}`, 400, `parameter "picture": unknown field "colour"`},
		{"hackenbush", `{"kind": "hackenbush"} {}`, 400, `parameter "picture": more after the JSON value`},
		{"hackenbush", `null`, 400, `hackenbush picture: the kind is "", not "hackenbush"`},
		{"hackenbush", `{"kind": "hackenbush", "vertices": [{"ground": true}, {}], "edges": [{"u": 0, "v": 2, "color": "l"}]}`, 400, "hackenbush picture: edge 0 joins 0 and 2, but the vertices are numbered from 0 to 1"},
		{"hackenbush", `{"kind": "hackenbush", "vertices": [{"ground": true}, {}, {}], "edges": [{"u": 0, "v": 1, "color": "l"}]}`, 400, "vertex 2 does not reach the ground"},
		{"hackenbush", stalk(300), 400, "hackenbush picture: 301 vertices (at most 255)"},
		{"col", `{"kind": "graph", "vertices": [{"label": "x"}]}`, 400, `col picture: vertex 0: label "x" (., L, R)`},
		{"col", `{"kind": "graph", "vertices": [{}, {}], "edges": [{"u": 0, "v": 1}, {"u": 1, "v": 0}]}`, 400, "col picture: edge 1 joins 1 and 0 again"},
		{"col", `{"kind": "graph", "vertices": [` + strings.TrimSuffix(strings.Repeat(`{},`, 65), ",") + `]}`, 400, "col picture: 65 vertices (at most 64)"},
		{"domineering", `{"kind": "graph"}`, 400, "domineering picture: its positions are not pictures (its board is grid)"},
		{"hackenbus", `{"kind": "hackenbush"}`, 400, `unknown partizan ruleset "hackenbus"; did you mean "hackenbush"? (the rulesets: /api/partizan/rulesets)`},
		{"hackenbush", strings.Repeat(" ", 65<<10), 413, `parameter "picture" too long: 66560 bytes (at most 65536)`},
	} {
		code, body := postForm(t, New(Config{MaxBodyBytes: 1 << 20}), "/api/partizan/format", q("game", c.game, "picture", c.picture))
		var e ErrorBody
		if code != c.code || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, c.msg) {
			t.Errorf("%s %.80s = %d %.300s, want %d containing %q", c.game, c.picture, code, body, c.code, c.msg)
		}
	}
	for _, target := range []string{"/api/partizan/format?" + q("game", "hackenbush"), "/api/partizan/format?" + q("picture", "{}")} {
		if code, body := get(t, s, target); code != 400 || !strings.Contains(body, "missing parameter") {
			t.Errorf("GET %s = %d %s", target, code, body)
		}
	}
}

// FuzzPartizanFormat sends any picture parameter: the answer is JSON, a
// 200 or a 400 or 413 with its message, never a 500 or a panic.
func FuzzPartizanFormat(f *testing.F) {
	f.Add("hackenbush", `{"kind":"hackenbush","vertices":[{"ground":true},{}],"edges":[{"u":0,"v":1,"color":"l"}]}`)
	f.Add("col", `{"kind":"graph","vertices":[{"label":"L"},{}],"edges":[{"u":0,"v":1}]}`)
	f.Add("clobber-graph", `{"kind":"graph","vertices":[{"label":"x"},{"label":"o"}],"edges":[{"u":1,"v":0}]}`)
	f.Add("hackenbush", `{"kind":"hackenbush","edges":[{"u":-1}]} x`)
	f.Add("snort", `{"vertices":[[]]}`)
	s := New(Config{MaxInput: 1000})
	f.Fuzz(func(t *testing.T, game, picture string) {
		code, body := postForm(t, s, "/api/partizan/format", q("game", game, "picture", picture))
		var e ErrorBody
		if json.Unmarshal([]byte(body), &e) != nil || (code != 200) != (e.Error != "") || (code != 200 && code != 400 && code != 413) {
			t.Fatalf("%q %q: %d %s", game, picture, code, body)
		}
	})
}
