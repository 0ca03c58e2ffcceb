package main

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/grundy/grundy/web"
)

// The workbench's additions to the API print the CLI's --json bytes where
// the CLI has the same question: the value table of Wythoff's game, the
// component values of a sum.
func TestWorkbenchAPIMatchesCLI(t *testing.T) {
	h := web.New(web.Config{}).Handler()
	for _, c := range []struct {
		path string
		cli  []string
	}{
		{"/api/values?" + url.Values{"game": {"wythoff"}, "table": {"12"}}.Encode(), []string{"values", "wythoff", "--table", "12", "--json"}},
		{"/api/solve?" + url.Values{"game": {"kayles"}, "position": {"5 2 9"}}.Encode(), []string{"solve", "kayles", "5", "2", "9", "--json"}},
		{"/api/solve?" + url.Values{"game": {"coins:mock-turtles"}, "position": {"HTHHT"}}.Encode(), []string{"solve", "coins:mock-turtles", "HTHHT", "--json"}},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "http://localhost"+c.path, nil))
		out, errs, code := grundy(t, "", c.cli...)
		if code != 0 || errs != "" || rec.Code != 200 || rec.Body.String() != out {
			t.Errorf("%s = %d %s\ngrundy %v = %d %q %s", c.path, rec.Code, rec.Body.String(), c.cli, code, errs, out)
		}
	}
}
