# Inputs at the problems' limits (about 10^5 cases or lines each).
import random, os
r = random.Random(1)
import sys
D = sys.argv[1] if len(sys.argv) > 1 else 'in'
os.makedirs(D, exist_ok=True)
def w(name, s):
    open(f'{D}/{name}', 'w').write(s)
N = 100000
w('hdu1846', f'{N}\n' + ''.join(f'{r.randint(1,1000)} {r.randint(1,1000)}\n' for _ in range(N)))
w('hdu2149', ''.join(f'{r.randint(1,1099)} {r.randint(1,1099)}\n' for _ in range(20000)))
w('hdu2188', f'{N}\n' + ''.join(f'{r.randint(1,1000)} {r.randint(1,1000)}\n' for _ in range(N)))
w('hdu1517', ''.join(f'{4294967294 - r.randint(0, 1<<20)}\n' for _ in range(N)))
w('hdu1847', ''.join(f'{r.randint(1,1000)}\n' for _ in range(N)))
w('hdu2897', ''.join(f'{r.randint(1,10**6)} {r.randint(1,100)} {r.randint(100,1000)}\n' for _ in range(N)))
T = 5000
w('hdu1907', f'{T}\n' + ''.join(f'47\n' + ' '.join(str(r.randint(1,4747)) for _ in range(47)) + '\n' for _ in range(T)))
w('hdu1730', ''.join(f'1000 1000\n' + ''.join(f'{r.randint(1,499)} {r.randint(501,1000)}\n' for _ in range(1000)) for _ in range(100)))
w('hdu1850', ''.join('100\n' + ' '.join(str(r.randint(1,10**6)) for _ in range(100)) + '\n' for _ in range(2000)) + '0\n')
w('poj2975', ''.join('1000\n' + ' '.join(str(r.randint(1,10**9)) for _ in range(1000)) + '\n' for _ in range(100)) + '0\n')
w('hdu2176', '200000\n' + ' '.join(str(r.randint(1,1<<30)) for _ in range(200000)) + '\n0\n')
w('hdu1849', ''.join('100\n' + ' '.join(str(r.randint(1,10**6)) for _ in range(100)) + '\n' for _ in range(2000)) + '0\n')
def climb():
    n = 100
    xs = sorted(r.sample(range(1, 10**6), n))
    return f'{n} {r.randint(1,n)}\n' + ' '.join(map(str, xs)) + '\n'
w('hdu4315', ''.join(climb() for _ in range(2000)))
w('hdu2516', ''.join(f'{r.randint(2, (1<<31)-1)}\n' for _ in range(N)) + '0\n')
w('hdu3537', ''.join('100\n' + ' '.join(str(r.randint(0,10**8-1)) for _ in range(100)) + '\n' for _ in range(2000)))
n = 1000000
w('hihocoder1172', f'{n}\n' + ''.join(r.choice('HT') for _ in range(n)) + '\n')
