/* Reference solution of HDU 1846 (Bash's game) as accepted solutions read it
 * (seed 002): scanf the number of cases C, then C lines "n m"; output first
 * when n mod (m+1) is not 0. Empty input has no cases; what follows the C
 * cases is not read. */
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
	long long c, n, m;
	if (!next(&c)) return 0;
	if (c < 0) reject(2, "a negative number of cases");
	while (c--) {
		n = need(), m = need();
		if (n < 0 || m < 1) reject(2, "a heap below 0 or a take below 1");
		if (n > INT_MAX || m >= INT_MAX) reject(3, "beyond int");
		puts(n % (m + 1) ? "first" : "second");
	}
	return 0;
}
