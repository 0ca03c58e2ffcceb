package sweep

import (
	"context"
	"encoding/json"
)

// unitRow computes one code as the unit of a sweep of that code alone
// does (octalTask.run, the pipeline's unit function), without an executor
// or a directory: its row and its frequency tables. The check against the
// tables is the merge's (OctalRow.Compare).
func unitRow(code string, b OctalBudget) (OctalRow, []FreqTable, error) {
	t, err := newOctalTask(OctalSpec{Codes: []string{code}, To: b.To, PlainTo: b.PlainTo, MaxWork: b.MaxWork})
	if err != nil {
		return OctalRow{}, nil, err
	}
	data, err := t.run(context.Background(), 0)
	if err != nil {
		return OctalRow{}, nil, err
	}
	var p octalPart
	err = json.Unmarshal(data, &p)
	return p.OctalRow, p.Frequencies, err
}
