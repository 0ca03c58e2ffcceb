package main

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// countValue is an int flag that takes a count as people write it: 1000000,
// 1_000_000 or 1e6 (issue 44 §4); anything else is refused in words, not
// with strconv's message.
type countValue struct{ p *int }

func (c countValue) String() string { return strconv.Itoa(*c.p) }
func (c countValue) Type() string   { return "int" }

func (c countValue) Set(s string) error {
	n, err := parseCount(s)
	if err != nil {
		return err
	}
	*c.p = n
	return nil
}

// parseCount reads a whole number: digits (with _ between them), or a
// mantissa and a power of ten (1e6, 2.5e3) whose value is whole.
func parseCount(s string) (int, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if n, err := strconv.ParseInt(t, 10, 0); err == nil {
		return int(n), nil
	}
	var r big.Rat
	if t != "" && strings.ContainsAny(t, "eE") && !strings.ContainsAny(t, "/xXpP") {
		if _, ok := r.SetString(t); ok && r.IsInt() && r.Num().IsInt64() && int64(int(r.Num().Int64())) == r.Num().Int64() {
			return int(r.Num().Int64()), nil
		}
	}
	return 0, fmt.Errorf("not a whole number: write it as 1000000, 1_000_000 or 1e6")
}

// countVar defines a count flag (see countValue).
func countVar(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(countValue{p}, name, usage)
}
