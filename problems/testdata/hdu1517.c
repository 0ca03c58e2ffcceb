/* Straightforward C solution of HDU 1517 (seed 002; the baseline of the
 * benchmark and the reference of the differential test): one n per line to
 * the end of the input; divide n by 18 while it is above 18: Stan wins when
 * it ends at most 9. (Seed 002 reads n as a double with %lf; the judge's n
 * are integers, read here as such and divided as doubles, which are exact
 * below the judge's 2^32.) */
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
	long long x;
	while (next(&x)) {
		if (x < 0) reject(2, "a target below 0");
		if (x < 2 || x >= 4294967295LL) reject(3, "outside the judge's 1 < n < 2^32 - 1");
		double n = x;
		while (n > 18) n /= 18;
		printf(n <= 9 ? "Stan wins.\n" : "Ollie wins.\n");
	}
	return 0;
}
