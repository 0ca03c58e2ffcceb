/* Reference solution of HDU 3537 (Mock Turtles) as accepted solutions read it
 * (seed 003): cases "n, then n positions" to the end of the input; a coin
 * listed twice is one head; the value of a head x is 2x, plus 1 when x has
 * an even number of 1 bits; Yes (the first player loses) when their XOR is
 * 0. */
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

static long long x[1 << 16];
static int cmp(const void *a, const void *b) {
	long long d = *(const long long *)a - *(const long long *)b;
	return (d > 0) - (d < 0);
}
int main(void) {
	long long n;
	while (next(&n)) {
		if (n < 0) reject(2, "a negative number of heads");
		if (n > 1 << 16) reject(3, "more heads than this program holds");
		for (long long i = 0; i < n; i++) {
			x[i] = need();
			if (x[i] < 0) reject(2, "a position below 0");
			if (x[i] > 100000000) reject(3, "beyond the judge's positions");
		}
		qsort(x, n, sizeof x[0], cmp);
		long long ret = 0;
		for (long long i = 0; i < n; i++) {
			if (i > 0 && x[i] == x[i - 1]) continue;
			ret ^= __builtin_popcountll(x[i]) % 2 ? 2 * x[i] : 2 * x[i] + 1;
		}
		puts(ret == 0 ? "Yes" : "No");
	}
	return 0;
}
