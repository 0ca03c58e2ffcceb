package nimber

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/grundy/grundy/impartial"
	"github.com/grundy/grundy/notation"
)

func TestEval(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{"8*8", "13"},
		{"2*2", "3"}, {"4 * 4", "6"}, {"16⊗16", "24"},
		{"3+5", "6"}, {"3-5", "6"}, {"3 ⊕ 5", "6"},
		{"*3 * *5", "15"}, {"∗2∗∗2", "3"},
		{"1/2", "3"}, {"2^-1", "3"}, {"(5+6)/7^2", "10"},
		{"sqrt(2)", "3"}, {"√(3)", "2"}, {"sqrt(3)*sqrt(3)", "3"},
		{"2^0", "1"}, {"0^0", "1"}, {"0^5", "0"},
		{"2^64", "2"}, // GF(2^64): x^(2^64) = x
		{"0x10", "16"}, {"0b1010", "10"},
		{"21508*42689", "35202"},
		{"0x10000000000000000*0x10000000000000000", "27670116110564327424"}, // F⊗F = 3F/2, F = 2^64
		{"(1+2)*(3+4)", "14"}, // 3 ⊗ 7, OEIS A051775
	} {
		got, err := Eval(c.expr, Settings{})
		if err != nil {
			t.Errorf("Eval(%q): %v", c.expr, err)
			continue
		}
		if got.String() != c.want {
			t.Errorf("Eval(%q) = %v, want %s", c.expr, got, c.want)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	for _, c := range []struct {
		expr string
		col  int // 0: the whole expression
		msg  string
	}{
		{"", 0, "empty"},
		{"1/0", 2, "division by 0"},
		{"1/(2+2)", 2, "division by 0"},
		{"0^-1", 2, "0 has no inverse"},
		{"((3)", 5, "missing )"},
		{"3)", 2, "unmatched )"},
		{"3 +", 4, "unexpected end"},
		{"3 $ 4", 3, `unexpected '$'`},
		{"2^(3)", 3, "exponent"},
		{"2^3^2", 4, "a second ^"},
		{"x+1", 1, "x is a variable"},
		{"foo(2)", 1, `unknown name "foo"`},
		{"sqrt 2", 6, "parentheses"},
		{"12a", 3, "not a digit"},
		{"0x", 1, "needs digits"},
		{"2" + strings.Repeat("0", 1300), 1, "too large"},
		{"0x1" + strings.Repeat("0", 1024), 1, "too large"},
		{strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300), 201, "nested too deeply"},
	} {
		_, err := Eval(c.expr, Settings{})
		if got, want := errors.Is(err, ErrVariable), c.msg == "x is a variable"; got != want {
			t.Errorf("Eval(%q): errors.Is(err, ErrVariable) = %v", c.expr, got)
		}
		var se *notation.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Eval(%q): %v, want a *notation.SyntaxError", c.expr, err)
			continue
		}
		if se.Offset+1 != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Eval(%q): column %d %q, want column %d with %q", c.expr, se.Offset+1, se.Msg, c.col, c.msg)
		}
	}
}

func TestEvalBudget(t *testing.T) {
	big4096 := "0x" + strings.Repeat("f", 1024)
	_, err := Eval(big4096+"^"+strings.Repeat("9", 1000), Settings{MaxWork: 1e6})
	var be *impartial.BudgetError
	if !errors.As(err, &be) || be.Limit != impartial.LimitWork || be.Max != 1e6 {
		t.Fatalf("a 4096-bit power with a 1000-digit exponent under a budget of 10^6: %v, want a budget error", err)
	}
	// The same question gets the same answer: the budget counts work.
	_, err2 := Eval(big4096+"^"+strings.Repeat("9", 1000), Settings{MaxWork: 1e6})
	if err2 == nil || err2.Error() != err.Error() {
		t.Errorf("second run: %v", err2)
	}
	// A large product within the default budget.
	v, err := Eval(big4096+"*"+big4096, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	x, _ := new(big.Int).SetString(big4096[2:], 16)
	if v.Cmp(MulBig(x, x)) != 0 {
		t.Error("Eval of a 4096-bit product differs from MulBig")
	}
}

func TestSolve(t *testing.T) {
	for _, c := range []struct {
		poly string
		want []uint64
	}{
		{"x^2 + x + 1", []uint64{2, 3}}, // GF(4) = {0, 1, 2, 3}
		{"x^2+x+2", []uint64{4, 5}},
		{"x^2 + 2", []uint64{3}},              // √2 = 3
		{"x^2 + x + 0x8000000000000000", nil}, // Trace(2^63) = 1: no root in GF(2^64)
		{"x^2 + x + 8", []uint64{16, 17}},
		{"(x+5)*(x+7)*(x+123456789)", []uint64{5, 7, 123456789}},
		{"x^3 + x", []uint64{0, 1}},
		{"(x+3)^2", []uint64{3}},
		{"x/2 + 1", []uint64{2}},
		{"sqrt(2)*x + 1", []uint64{2}}, // 1/3 = 2
	} {
		s, err := Solve(c.poly, Settings{})
		if err != nil {
			t.Errorf("Solve(%q): %v", c.poly, err)
			continue
		}
		if len(s.Roots) != len(c.want) || len(c.want) > 0 && !equal(s.Roots, c.want) {
			t.Errorf("Solve(%q) = %v, want %v", c.poly, s.Roots, c.want)
		}
		p, _ := Polynomial(c.poly, Settings{})
		for _, x := range s.Roots {
			v := uint64(0)
			for i := len(p) - 1; i >= 0; i-- {
				v = Mul(v, x) ^ p[i]
			}
			if v != 0 {
				t.Errorf("Solve(%q): %d is not a root", c.poly, x)
			}
		}
	}
	for _, c := range []struct{ poly, msg string }{
		{"x^40", "degree past 32"},
		{"1/x", "division by a polynomial"},
		{"x^-1", "negative power"},
		{"sqrt(x)", "not a polynomial"},
		{"0x10000000000000000*x", "at most 64 bits"},
		{"x + x", "every nimber is a root"},
		{"y", `unknown name "y"`},
	} {
		_, err := Solve(c.poly, Settings{})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Solve(%q): %v, want an error with %q", c.poly, err, c.msg)
		}
	}
}

func TestTable(t *testing.T) {
	tab, err := Table(16)
	if err != nil {
		t.Fatal(err)
	}
	def := mexTable(16)
	for a := range 16 {
		for b := range 16 {
			if tab[a][b] != def[a][b] {
				t.Fatalf("Table(16)[%d][%d] = %d, the mex definition gives %d", a, b, tab[a][b], def[a][b])
			}
		}
	}
	for _, n := range []int{0, MaxTable + 1} {
		if _, err := Table(n); err == nil {
			t.Errorf("Table(%d): want an error", n)
		}
	}
}

// FuzzEval: any input either evaluates or fails with a syntax error
// naming a column inside the input (or the input as a whole) or a budget
// error; an expression that evaluates gives the same value written with
// spaces around it, and doubling it (e + e) gives 0.
func FuzzEval(f *testing.F) {
	for _, s := range []string{"8*8", "sqrt(2)+3", "(5+6)/7^2", "*3 * *5", "2^-1", "1/0", "((3)", "0x1f*0b11",
		"√(3)⊗2⊕1", "x^2+x+1", "2^3^2", "", ")", "sqrt(", "9^99999999999999999999", "0x" + strings.Repeat("f", 300)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Eval(s, Settings{MaxWork: 1 << 18})
		if err != nil {
			var se *notation.SyntaxError
			var be *impartial.BudgetError
			switch {
			case errors.As(err, &se):
				if se.Offset < -1 || se.Offset > len(s) {
					t.Fatalf("Eval(%q): column %d outside the input", s, se.Offset+1)
				}
			case errors.As(err, &be):
			default:
				t.Fatalf("Eval(%q): unexpected error type %T: %v", s, err, err)
			}
			return
		}
		if v.Sign() < 0 {
			t.Fatalf("Eval(%q) = %v < 0", s, v)
		}
		v2, err := Eval(" ( "+s+" ) ", Settings{MaxWork: 1 << 19})
		if err == nil && v2.Cmp(v) != 0 {
			t.Fatalf("Eval(%q) = %v but in parentheses %v", s, v, v2)
		}
		v3, err := Eval("("+s+")+("+s+")", Settings{MaxWork: 1 << 20})
		if err == nil && v3.Sign() != 0 {
			t.Fatalf("(%s)+(%s) = %v, want 0", s, s, v3)
		}
	})
}
