package octal_test

import (
	"context"
	"fmt"

	"github.com/grundy/grundy/octal"
)

func ExampleParseCode() {
	c, err := octal.ParseCode(".137")
	fmt.Println(c, err)
	_, err = octal.ParseCode("0.18")
	fmt.Println(err)
	// Output:
	// 0.137 <nil>
	// code "0.18": column 4: digit 8 is not an octal digit (0-7) (use hex:0.18 for hexadecimal codes)
}

func ExampleComputer() {
	c, _ := octal.ParseCode("0.77") // Kayles
	comp := octal.NewComputer(octal.New(c), octal.Auto)
	if err := comp.Extend(context.Background(), 15); err != nil {
		panic(err)
	}
	fmt.Println(comp.AppendValues(nil, 0, 16))
	// Output: [0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7]
}

func ExampleFindPeriod() {
	c, _ := octal.ParseCode("0.77") // Kayles
	res, _, err := octal.FindPeriod(context.Background(), octal.New(c), 10_000, octal.Auto)
	fmt.Println(res.Period, res.Preperiod, res.Status, err)
	// Output: 12 71 proved <nil>
}
