package sweep

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"reflect"
)

// writeTable writes NAME.csv (header, then records) and NAME.jsonl (one
// JSON object a row, from rows, a slice) atomically, and returns their
// names.
func writeTable(ctx context.Context, st *store, name string, header []string, records [][]string, rows any) ([]string, error) {
	var c bytes.Buffer
	w := csv.NewWriter(&c)
	w.Write(header)
	w.WriteAll(records)
	if err := w.Error(); err != nil {
		return nil, err
	}
	var j bytes.Buffer
	enc := json.NewEncoder(&j)
	enc.SetEscapeHTML(false)
	v := reflect.ValueOf(rows)
	for i := range v.Len() {
		if err := enc.Encode(v.Index(i).Interface()); err != nil {
			return nil, err
		}
	}
	files := []string{name + ".csv", name + ".jsonl"}
	for i, data := range [][]byte{c.Bytes(), j.Bytes()} {
		if err := st.write(ctx, st.join(files[i]), data); err != nil {
			return nil, fmt.Errorf("sweep: %w", err)
		}
	}
	return files, nil
}
