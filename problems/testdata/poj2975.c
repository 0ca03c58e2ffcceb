/* Straightforward C solution of POJ 2975 (the baseline of the benchmark and
 * the reference of the differential test): cases "n, then n piles" until a
 * line 0 or the end of the input; count the piles a with x ^ a < a, where x
 * is the XOR of all piles. */
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

static long long a[1 << 20];
int main(void) {
	long long n;
	while (next(&n) && n) {
		if (n < 0) reject(3, "a negative number of piles");
		if (n > 1 << 20) reject(3, "more piles than this program holds");
		long long x = 0, c = 0;
		for (long long i = 0; i < n; i++) {
			a[i] = need();
			if (a[i] < 0) reject(2, "a pile below 0");
			if (a[i] > INT_MAX) reject(3, "beyond int");
			x ^= a[i];
		}
		for (long long i = 0; i < n; i++) if ((x ^ a[i]) < a[i]) c++;
		printf("%lld\n", c);
	}
	return 0;
}
