/* Reference solution of HDU 1907 (misere Nim) as accepted solutions read it
 * (seed 002): scanf T, then T tests "N, then N boxes"; when some box holds
 * more than one candy, Brother wins on a XOR of 0, else Brother wins when N
 * is odd. Empty input has no tests; what follows the T tests is not read.
 * The judge has boxes of at least one candy: for an empty box that formula
 * counts it in N, and is wrong. */
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
	long long t, n, x;
	if (!next(&t)) return 0;
	if (t < 0) reject(2, "a negative number of tests");
	while (t--) {
		n = need();
		if (n < 0) reject(2, "a negative number of boxes");
		long long ans = 0, flag = 0, empty = 0, big = 0;
		for (long long i = 0; i < n; i++) {
			x = need();
			if (x < 0) reject(2, "a box below 0");
			if (x == 0) empty = 1;
			if (x > INT_MAX) big = 1;
			ans ^= x;
			if (x > 1) flag = 1;
		}
		if (empty || big) reject(3, "an empty box, or beyond int");
		if (flag) puts(ans == 0 ? "Brother" : "John");
		else puts(n & 1 ? "Brother" : "John");
	}
	return 0;
}
