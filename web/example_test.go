package web_test

import (
	"fmt"
	"net/http/httptest"

	"github.com/grundy/grundy/web"
)

// The API answers with the CLI's --json bytes; errors are JSON with a 4xx
// status. Requests must name the server by an allowed host (localhost here;
// see Config.AllowedHosts).
func ExampleServer_Handler() {
	h := web.New(web.Config{}).Handler()
	for _, target := range []string{
		"http://localhost/api/solve?game=nim&position=3+4+5",
		"http://localhost/api/reply?game=subtract:1,3,4&position=9",
		"http://localhost/api/move?game=nim&position=3&to=5",
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", target, nil))
		fmt.Print(rec.Code, " ", rec.Body)
	}
	// Output:
	// 200 {"game":"nim","position":"3 4 5","misere":false,"value":2,"component_values":[3,4,5],"outcome":"N","winning_moves":[{"to":"1 4 5","move":"take 2 from heap 1"}]}
	// 200 {"game":"subtract:1,3,4","position":"9","misere":false,"move":{"to":"8","move":"take 1 from heap 1"},"over":false}
	// 422 {"error":"nim: no legal move from 3 to 5"}
}
