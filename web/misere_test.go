package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/catalog/families"
)

func getJSON(t *testing.T, s *Server, url string) (int, map[string]any, string) {
	t.Helper()
	code, body := get(t, s, url)
	var v map[string]any
	json.Unmarshal([]byte(body), &v)
	return code, v, body
}

// The API answers what the library computes, byte for byte as the CLI's
// --json (one encoder, internal/jsonout).
func TestMisereAPI(t *testing.T) {
	s := New(Config{})
	code, v, body := getJSON(t, s, "/api/misere/quotient?game=octal:0.75&heaps=30")
	if code != 200 || v["size"] != 8.0 || v["status"] != "proved" {
		t.Fatalf("quotient: %d %s", code, body)
	}
	g, _ := families.Parse("octal:0.75")
	want, err := catalog.SolveMisereQuotient(t.Context(), g, 30, 0, catalog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lib := encode(t, want); body != lib {
		t.Errorf("API %s\nlibrary %s", body, lib)
	}
	// A quotient stopped by a limit is answered with what was reached, its
	// status and the reason, as the CLI prints it before its error line.
	code, v, body = getJSON(t, s, "/api/misere/quotient?game=octal:0.6&max_size=50")
	if stop, _ := v["stop"].(map[string]any); code != 200 || v["status"] != "stopped" || v["heaps"] != 14.0 || stop["heap"] != 15.0 ||
		!strings.Contains(stop["reason"].(string), "the quotient grows past 50 elements at heap 15") {
		t.Errorf("0.6 past 50 elements: %d %s", code, body)
	}
	// Without heaps=, until proved.
	code, v, body = getJSON(t, s, "/api/misere/quotient?game=octal:0.115")
	if code != 200 || v["status"] != "proved" || v["size"] != 42.0 {
		t.Errorf("0.115 until proved: %d %.300s", code, body)
	}
	for _, ep := range []string{"form", "genus"} {
		code, v, body := getJSON(t, s, "/api/misere/"+ep+"?game=octal:0.312&position=4")
		if code != 200 || v["form"] != "*(2#,1)" || v["genus"] != "2^1420" {
			t.Errorf("%s: %d %s", ep, code, body)
		}
	}
	for _, c := range []struct {
		url  string
		code int
		msg  string
	}{
		{"/api/misere/quotient?game=wythoff", 400, "need a heap game"},
		{"/api/misere/quotient?game=kayles&heaps=5000", 400, `"heaps" must be a whole number in 0..1000`},
		{"/api/misere/quotient?game=kayles&max_size=0", 400, `"max_size"`},
		{"/api/misere/quotient?game=kayles&heaps=-1", 400, `"heaps" must be a whole number in 0..1000`},
		{"/api/misere/form?game=nim", 400, `missing parameter "position"`},
		{"/api/misere/form?game=coins:mock-turtles&position=3+70", 422, "first 64 coins"},
		{"/api/misere/form?game=nim&position=x", 400, "heap size"},
	} {
		code, v, body := getJSON(t, s, c.url)
		msg, _ := v["error"].(string)
		if code != c.code || !strings.Contains(msg, c.msg) {
			t.Errorf("%s: %d %s, want %d and %q", c.url, code, body, c.code, c.msg)
		}
	}
}
