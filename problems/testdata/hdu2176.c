/* Straightforward C solution of HDU 2176 (baseline for the benchmark). */
#include <stdio.h>
static int a[200005];
int main(void) {
	int m;
	while (scanf("%d", &m) == 1 && m) {
		int x = 0;
		for (int i = 0; i < m; i++) { scanf("%d", &a[i]); x ^= a[i]; }
		if (x == 0) { printf("No\n"); continue; }
		printf("Yes\n");
		for (int i = 0; i < m; i++) {
			int s = x ^ a[i];
			if (s < a[i]) printf("%d %d\n", a[i], s);
		}
	}
	return 0;
}
