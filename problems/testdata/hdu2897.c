/* Reference solution of HDU 2897 (take p..q, the last taker loses) as
 * accepted solutions read it (seed 002): lines "n p q" to the end of the
 * input; with r = n mod (p+q), LOST when 1 <= r <= p, else WIN. */
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
	long long n, p, q;
	while (next(&n)) {
		p = need(), q = need();
		if (n < 0 || p < 1 || q < p) reject(2, "not 0 <= n and 1 <= p <= q");
		if (n > INT_MAX || p + q > INT_MAX) reject(3, "beyond int");
		long long r = n % (p + q);
		puts(r >= 1 && r <= p ? "LOST" : "WIN");
	}
	return 0;
}
