/* The independent check of the census's new periods (README.md): G(0..N) of an octal
   code d0.d1d2…, the mex over every move, one value a line.
     cc -O2 -o oct brute-force.c && ./oct 4.364 24000 > g.txt */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  const char *code = argv[1]; int N = atoi(argv[2]);
  int d[16] = {0}, nd = 0;
  d[0] = code[0] - '0';
  for (const char *p = strchr(code, '.') + 1; *p; p++) d[++nd] = *p - '0';
  int *g = calloc(N + 1, sizeof(int)); char *seen = malloc(1 << 16);
  for (int n = 1; n <= N; n++) {
    memset(seen, 0, 1 << 16);
    for (int k = 0; k <= nd && k <= n; k++) {
      int m = n - k; /* tokens left */
      if (k > 0 && (d[k] & 1) && m == 0) seen[0] = 1;
      if (k > 0 && (d[k] & 2) && m > 0) seen[g[m]] = 1;
      if ((d[k] & 4) && m >= 2) for (int a = 1; 2 * a <= m; a++) seen[g[a] ^ g[m - a]] = 1;
    }
    int v = 0; while (seen[v]) v++; g[n] = v;
  }
  for (int n = 0; n <= N; n++) printf("%d\n", g[n]);
  return 0;
}
