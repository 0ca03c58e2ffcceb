/* Reference solution of HDU 1730 (Northcott's game) as accepted solutions
 * read it: groups "n m, then n rows T J" to the end of the input; XOR the
 * gaps |T - J| - 1 of the rows: I WIN! when it is not 0. A row with both
 * pieces on one column adds -1; m is read and not used. */
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
	long long n, m, a, b;
	while (next(&n)) {
		m = need();
		if (n < 0 || m < 0) reject(3, "a negative number of rows or columns");
		long long res = 0;
		for (long long i = 0; i < n; i++) {
			a = need(), b = need();
			if (a < 0 || b < 0) reject(2, "a column below 0");
			if (a > INT_MAX || b > INT_MAX) reject(3, "beyond int");
			res ^= llabs(a - b) - 1;
		}
		puts(res ? "I WIN!" : "BAD LUCK!");
	}
	return 0;
}
