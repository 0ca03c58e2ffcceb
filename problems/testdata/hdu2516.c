/* Straightforward C solution of HDU 2516 (seed 002; baseline). */
#include <stdio.h>
int main(void) {
	long long f[100];
	int k = 2;
	f[0] = 1; f[1] = 2;
	while (f[k - 1] < (1LL << 62) / 2) { f[k] = f[k - 1] + f[k - 2]; k++; }
	long long n;
	while (scanf("%lld", &n) == 1 && n) {
		int fib = 0;
		for (int i = 0; i < k; i++) if (f[i] == n) fib = 1;
		printf(fib ? "Second win\n" : "First win\n");
	}
	return 0;
}
