# Times the judge drivers as processes: C references, BASE grundy and NOW grundy
# on each input, interleaved; prints a markdown row per problem (CPU ms medians).
import os, sys, subprocess, statistics, time
IN = os.environ.get('IN', 'in')
CDIR = os.environ.get('C', 'c')
BASE = os.environ.get('BASE', 'base/grundy')
NOW = os.environ.get('NOW', 'now/grundy')
probs = os.environ['PROBS'].split() if os.environ.get('PROBS') else sorted(os.listdir(IN))
def run(cmd, inp):
    with open(inp,'rb') as f:
        t0=time.perf_counter()
        p = subprocess.Popen(cmd, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = p.communicate()
        wall=time.perf_counter()-t0
        # rusage of this child
    return out, p.returncode, wall
def rus(cmd, inp):
    with open(inp,'rb') as f:
        pid = os.fork()
        if pid == 0:
            os.dup2(f.fileno(),0)
            fd=os.open('/dev/null',os.O_WRONLY); os.dup2(fd,1)
            os.execve(cmd[0], cmd, dict(os.environ))
        t0=time.perf_counter()
        _, st, ru = os.wait4(pid, 0)
        wall=time.perf_counter()-t0
    return ru.ru_utime+ru.ru_stime, wall, ru.ru_maxrss
R=int(sys.argv[1]) if len(sys.argv)>1 else 5
rows=[]
for pr in probs:
    inp=os.path.join(IN, pr)
    cmds={'C':[os.path.join(CDIR, pr)],'base':[BASE,'problem',pr],'now':[NOW,'problem',pr]}
    outs={k:run(v,inp) for k,v in cmds.items()}
    ok = outs['C'][0]==outs['now'][0]==outs['base'][0]
    res={k:[] for k in cmds}
    for r in range(R):
        for k,v in cmds.items():   # interleaved
            res[k].append(rus(v,inp))
    med={k:(statistics.median(x[0] for x in v)*1000, statistics.median(x[1] for x in v)*1000, max(x[2] for x in v)/1024) for k,v in res.items()}
    print(f"| {pr} | {os.path.getsize(inp)/1e6:.1f} MB | {med['C'][0]:.1f} | {med['base'][0]:.1f} | {med['now'][0]:.1f} | {med['base'][0]/max(med['C'][0],0.01):.2f} | {med['now'][0]/max(med['C'][0],0.01):.2f} | {med['now'][2]:.1f} | {'same' if ok else 'DIFFERENT'} |", flush=True)
