/* Straightforward C solution of POJ 2975 (baseline for the benchmark). */
#include <stdio.h>
static int a[1 << 20];
int main(void) {
	int n;
	while (scanf("%d", &n) == 1 && n) {
		int x = 0, c = 0;
		for (int i = 0; i < n; i++) { scanf("%d", &a[i]); x ^= a[i]; }
		for (int i = 0; i < n; i++) if ((x ^ a[i]) < a[i]) c++;
		printf("%d\n", c);
	}
	return 0;
}
