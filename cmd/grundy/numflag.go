package main

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// wholeFlag is an int flag that reads a count the way a person writes
// one: 1000000, 1_000_000, 1e6 or 2.5e3 (issue 44: --to 1e6 was refused
// with "strconv.ParseInt: parsing "1e6": invalid syntax").
type wholeFlag struct{ p *int }

// intFlag defines an int flag read by wholeFlag.
func intFlag(fs *pflag.FlagSet, p *int, name string, def int, usage string) *pflag.Flag {
	*p = def
	fs.Var(wholeFlag{p}, name, usage)
	f := fs.Lookup(name)
	f.DefValue = strconv.Itoa(def)
	return f
}

func (f wholeFlag) String() string {
	if f.p == nil {
		return "0"
	}
	return strconv.Itoa(*f.p)
}

func (wholeFlag) Type() string { return "int" }

func (f wholeFlag) Set(s string) error {
	n, err := parseWhole(s)
	if err != nil {
		return err
	}
	*f.p = n
	return nil
}

// parseWhole reads a whole number, written plainly, with _ between digits,
// or in scientific notation (1e6) when that is a whole number.
func parseWhole(s string) (int, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if n, err := strconv.ParseInt(t, 10, strconv.IntSize); err == nil {
		return int(n), nil
	} else if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return 0, fmt.Errorf("%s is too large (at most %d)", s, math.MaxInt)
	}
	if strings.ContainsAny(t, "eE") {
		if r, ok := new(big.Rat).SetString(t); ok {
			if !r.IsInt() {
				return 0, fmt.Errorf("%s is not a whole number", s)
			}
			if !r.Num().IsInt64() || r.Num().Int64() > math.MaxInt || r.Num().Int64() < math.MinInt {
				return 0, fmt.Errorf("%s is too large (at most %d)", s, math.MaxInt)
			}
			return int(r.Num().Int64()), nil
		}
	}
	return 0, fmt.Errorf("not a whole number (write it as 1000000, 1_000_000 or 1e6)")
}
