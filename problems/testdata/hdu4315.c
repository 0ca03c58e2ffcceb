/* Reference solution of HDU 4315 (Climbing the Hill) as accepted solutions
 * read it: cases "N k, then N positions from the top" to the end of the
 * input. Seed 002's program, with its k = 2 case corrected: Alice wins at
 * once when the king is first; otherwise pair the people from the top (the
 * first with the top when N is odd, with gap a1, or a1 - 1 when the king is
 * second) and XOR the gaps within pairs: Alice wins when it is not 0. */
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

static long long h[1 << 16];
int main(void) {
	long long n, k;
	while (next(&n)) {
		k = need();
		if (n < 1 || k < 1 || k > n) reject(2, "not 1 <= k <= N");
		if (n > 1 << 16) reject(3, "more people than this program holds");
		for (long long i = 1; i <= n; i++) {
			h[i] = need();
			if (h[i] < 0 || (i > 1 && h[i] <= h[i - 1] && h[i] != 0)) reject(2, "positions not increasing");
			if (h[i] == 0) reject(3, "someone already at the top");
			if (h[i] > INT_MAX) reject(3, "beyond int");
		}
		if (k == 1) {
			puts("Alice");
			continue;
		}
		long long x = 0, i = 1;
		if (n % 2 == 1) {
			x = k == 2 ? h[1] - 1 : h[1];
			i = 2;
		}
		for (; i + 1 <= n; i += 2) x ^= h[i + 1] - h[i] - 1;
		puts(x ? "Alice" : "Bob");
	}
	return 0;
}
