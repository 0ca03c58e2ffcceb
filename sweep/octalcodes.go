package sweep

// The codes of an octal sweep: reading one (octal or tb:), its canonical
// key and octal equivalent, and the families a sweep enumerates.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/grundy/grundy/octal"
)

// ParseSweepCode reads a code of an octal sweep: an octal code ("0.77",
// ".77") or a take-and-break code in CGSuite's syntax after "tb:"
// ("tb:4!.0", Grundy's game; octal.ParseTB). It returns the code's
// canonical name and its game. A syntax error names the column in s.
func ParseSweepCode(s string) (string, octal.Game, error) {
	if inner, ok := strings.CutPrefix(s, "tb:"); ok {
		c, err := octal.ParseTB(inner)
		if err != nil {
			var se *octal.SyntaxError
			if errors.As(err, &se) {
				e := *se
				e.Input = s
				if e.Offset >= 0 {
					e.Offset += len("tb:")
				}
				return "", octal.Game{}, &e
			}
			return "", octal.Game{}, err
		}
		return "tb:" + c.String(), octal.NewTB(c), nil
	}
	c, err := octal.ParseCode(s)
	if err != nil {
		return "", octal.Game{}, err
	}
	return c.String(), octal.New(c), nil
}

// SplitCodes splits a list of codes at the commas outside braces: a tb:
// code may hold a comma ("tb:0.{2,5}").
func SplitCodes(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth = max(0, depth-1)
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}

// isTB reports whether a canonical code is a take-and-break code (tb:).
func isTB(code string) bool { return strings.HasPrefix(code, "tb:") }

// octalEquivalent returns the octal code a tb: code is written as, if its
// digits are octal ones (tb:0.77 is 0.77), for the published tables.
func octalEquivalent(code string) (string, bool) {
	inner, ok := strings.CutPrefix(code, "tb:")
	if !ok {
		return code, true
	}
	c, err := octal.ParseCode(inner)
	if err != nil || c.String() != inner {
		return "", false
	}
	return inner, true
}

// codeKey is the name of a code's part file: an octal code as it is, a tb:
// code as "tb-" and its code with every character but letters, digits and
// . ! = + , _ - written %XX, so that the name is a file name on every file
// system and no glob pattern ("tb:0.[3]" is tb-0.%5B3%5D).
func codeKey(code string) string {
	inner, ok := strings.CutPrefix(code, "tb:")
	if !ok {
		return code
	}
	var b strings.Builder
	b.WriteString("tb-")
	for i := 0; i < len(inner); i++ {
		ch := inner[i]
		switch {
		case ch >= 'a' && ch <= 'z', ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9', strings.IndexByte(".!=+,_-", ch) >= 0:
			b.WriteByte(ch)
		default:
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}

// Limits of an octal sweep: 4 digits are 4,095 codes; To bounds each
// code's time and memory (about 6 bytes a value: 6 GiB at 2^30, and
// Options.MaxMemory bounds the codes computing at once).
const (
	MaxOctalDigits = 4
	MaxOctalTo     = 1 << 30
	// MaxOctalCodes bounds a list of codes (--codes).
	MaxOctalCodes = 10_000
	// Max0n7 is the largest n of the family 0.0n7 (Flammenkamp's tables
	// cover n ≤ 25).
	Max0n7 = 25
)

// OctalFamilies are the families of codes an octal sweep enumerates.
var OctalFamilies = []string{"0", "4", "0.0n7"}

// FamilyCodes lists the codes of the families (nil: "0"), each family in
// its order (OctalCodes, OctalCodes4, Codes0n7), a code listed once (the
// first three codes of 0.0n7 are 0.7, 0.07 and 0.007).
func FamilyCodes(families []string, digits int) []string {
	if len(families) == 0 {
		families = []string{"0"}
	}
	var out []string
	seen := map[string]bool{}
	for _, f := range families {
		var codes []string
		switch f {
		case "0":
			codes = OctalCodes(digits)
		case "4":
			codes = OctalCodes4(digits)
		case "0.0n7":
			codes = Codes0n7(Max0n7)
		}
		for _, c := range codes {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	return out
}

// OctalCodes lists the codes 0.d1…dk with 1 ≤ k ≤ digits and dk ≠ 0, by
// length and then value: 7, 63 and 511 codes for 1, 2 and 3 digits.
func OctalCodes(digits int) []string { return codesAfter("0.", digits) }

// OctalCodes4 lists the codes with d0 = 4 (a move may split a heap in two
// without removing any token): 4.0, then 4.d1…dk with 1 ≤ k ≤ digits and
// dk ≠ 0, by length and then value: 8, 64 and 512 codes for 1, 2 and 3
// digits, as Czajka's and Flammenkamp's tables list the 4.xxx codes.
func OctalCodes4(digits int) []string { return append([]string{"4.0"}, codesAfter("4.", digits)...) }

func codesAfter(prefix string, digits int) []string {
	var out []string
	for k := 1; k <= digits; k++ {
		n := 1
		for range k {
			n *= 8
		}
		for v := 1; v < n; v++ {
			if v%8 == 0 {
				continue
			}
			s := strconv.FormatInt(int64(v), 8)
			out = append(out, prefix+strings.Repeat("0", k-len(s))+s)
		}
	}
	return out
}

// Codes0n7 lists Flammenkamp's family 0.0n7 for n = 1..maxN: the code whose
// only non-zero digit is d_n = 7 (remove exactly n tokens, leaving 0, 1 or
// 2 heaps): 0.7, 0.07 (Dawson's Kayles), 0.007 (Treblecross), 0.0007, ….
func Codes0n7(maxN int) []string {
	out := make([]string, 0, maxN)
	for n := 1; n <= maxN; n++ {
		out = append(out, "0."+strings.Repeat("0", n-1)+"7")
	}
	return out
}
