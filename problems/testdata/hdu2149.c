/* Reference solution of HDU 2149 (Bash's game on a price) as accepted
 * solutions read it (seed 002): lines "M N" to the end of the input; print
 * the winning first bids M..N when M <= N, else M mod (N+1) when it is not
 * 0, else none. */
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
	long long m, n;
	while (next(&m)) {
		n = need();
		if (m < 1 || n < 1) reject(2, "a price or a raise below 1");
		if (m > INT_MAX || n > 4096) reject(3, "beyond int, or more bids than a driver lists");
		if (m <= n) {
			for (long long i = m; i <= n; i++) printf(i == n ? "%lld\n" : "%lld ", i);
		} else if (m % (n + 1) == 0) {
			puts("none");
		} else {
			printf("%lld\n", m % (n + 1));
		}
	}
	return 0;
}
