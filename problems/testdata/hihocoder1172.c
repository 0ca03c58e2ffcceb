/* Reference solution of hihoCoder 1172 (Turning Turtles) as accepted
 * solutions read it: scanf N and a row of N letters H/T; Alice wins when
 * the XOR of the 1-based positions of the heads is not 0. Empty input has
 * no test; what follows the row is not read. (Solutions differ on a row of
 * other letters or another length, which the judge never sends.) */
#include <string.h>
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

static char row[(1 << 20) + 2];
int main(void) {
	long long n;
	if (!next(&n)) return 0;
	if (n < 1) reject(2, "N below 1");
	if (n > 1 << 20) reject(3, "more coins than this program holds");
	if (scanf("%1048577s", row) != 1) reject(2, "no row");
	if ((long long)strlen(row) != n) reject(2, "the row is not N letters long");
	long long x = 0;
	for (long long i = 0; i < n; i++) {
		if (row[i] != 'H' && row[i] != 'T') reject(2, "a letter not H or T");
		if (row[i] == 'H') x ^= i + 1;
	}
	puts(x ? "Alice" : "Bob");
	return 0;
}
