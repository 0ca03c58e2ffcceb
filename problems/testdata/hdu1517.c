/* Straightforward C solution of HDU 1517 (seed 002; baseline). */
#include <stdio.h>
int main(void) {
	double n;
	while (scanf("%lf", &n) == 1) {
		while (n > 18) n /= 18;
		printf(n <= 9 ? "Stan wins.\n" : "Ollie wins.\n");
	}
	return 0;
}
