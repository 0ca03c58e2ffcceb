# The independent check of a period found by the sweep (README.md): reads the
# values brute-force.c prints (one a line), compares their checksum with the
# sweep's (SHA-256 of the values as 8-byte little-endian words) and checks
# G(n + p) = G(n) from the pre-period n0 to the end, and G(n0 - 1) != G(n0 - 1 + p).
#   cc -O2 -o oct ../octal-census-to100000/brute-force.c && ./oct 4.406 588284 > g.txt
#   python3 check-period.py 4.406 g.txt 294097 44 sha256:1d4c…
import sys,hashlib,struct
code,path,n0,p,want=sys.argv[1],sys.argv[2],int(sys.argv[3]),int(sys.argv[4]),sys.argv[5]
g=[int(x) for x in open(path)]
N=len(g)-1
h=hashlib.sha256(b''.join(struct.pack('<Q',v) for v in g)).hexdigest()
print(code,'N',N,'checksum match',('sha256:'+h)==want)
bad=[n for n in range(n0,N+1-p) if g[n]!=g[n+p]]
print(' G(n+p)=G(n) for n0<=n<=N-p:',not bad, 'first bad',bad[:3])
print(' G(n0-1) != G(n0-1+p):', g[n0-1]!=g[n0-1+p], 'max value', max(g))
