/* Straightforward C solution of HDU 2516 (seed 002; the baseline of the
 * benchmark and the reference of the differential test): one n per line
 * until a line 0 or the end of the input; Second win when n is a Fibonacci
 * number (1, 2, 3, 5, ...). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

/* Exit statuses: 0, answered (a driver must print the same); 2, rejected:
 * input on which accepted solutions read garbage (a token that is not a
 * number, a case cut short by the end of the input), which a driver must
 * reject too; 3, outside the judge's limits, where accepted solutions
 * answer by an arithmetic the game does not define (a driver may answer or
 * reject). */
static void reject(int status, const char *why) {
	fprintf(stderr, "reject: %s\n", why);
	exit(status);
}

/* next reads a number as scanf("%lld") does; at the end of the input it
 * returns 0. */
static inline int next(long long *x) {
	errno = 0;
	int r = scanf("%lld", x);
	if (r == EOF) return 0;
	if (r != 1 || errno == ERANGE) reject(2, "not a number");
	return 1;
}

/* need reads a number that must be there. */
static inline long long need(void) {
	long long x;
	if (!next(&x)) reject(2, "the input ends inside a case");
	return x;
}

int main(void) {
	long long f[100];
	int k = 2;
	f[0] = 1; f[1] = 2;
	while (f[k - 1] < (1LL << 62) / 2) { f[k] = f[k - 1] + f[k - 2]; k++; }
	long long n;
	while (next(&n) && n) {
		if (n < 0) reject(2, "a pile below 0");
		if (n >= 1LL << 62) reject(3, "beyond this table");
		int fib = 0;
		for (int i = 0; i < k; i++) if (f[i] == n) fib = 1;
		printf(fib ? "Second win\n" : "First win\n");
	}
	return 0;
}
