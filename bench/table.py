"""Prints the bench/ results table: one line per tool, median (min-max), and the ratios to wrk.
Input: TSV lines of tool, requests, user CPU s, system CPU s, peak RSS KB, seconds."""
import statistics as st
import sys

rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
by = {}
for tool, reqs, u, s, rss, secs in rows:
    reqs, cpu = float(reqs or 0), float(u) + float(s)
    by.setdefault(tool, []).append(dict(rps=reqs / float(secs), cpu100k=100000 * cpu / reqs if reqs else 0,
                                        per_cpu=reqs / cpu if cpu else 0, rss=int(rss) / 1024))


def fmt(vals, f="{:,.0f}"):
    return f"{f.format(st.median(vals))} ({f.format(min(vals))}-{f.format(max(vals))})"


print(f"{'tool':13} {'req/s':>26} {'CPU-s per 100k req':>22} {'req per CPU-s':>28} {'peak RSS MB':>12} {'x wrk req/s':>12} {'x wrk per CPU-s':>16}")
wrk = by.get("wrk")
for tool, rs in by.items():
    ratio = eff = ""
    if wrk:
        n = min(len(rs), len(wrk))
        ratio = f"{st.median([rs[i]['rps'] / wrk[i]['rps'] for i in range(n)]):.2f}"
        eff = f"{st.median([rs[i]['per_cpu'] / wrk[i]['per_cpu'] for i in range(n)]):.2f}"
    print(f"{tool:13} {fmt([r['rps'] for r in rs]):>26} {fmt([r['cpu100k'] for r in rs], '{:.2f}'):>22} "
          f"{fmt([r['per_cpu'] for r in rs]):>28} {st.median([r['rss'] for r in rs]):>12.0f} {ratio:>12} {eff:>16}")
print("client CPU and RSS are the whole process's (for wsbench: JVM start and JIT included);"
      " ratios are medians of per-round ratios")
if "wsbench-point" in by:
    print("wsbench-point: the same wsbench runs, with the CPU of the point only (run.json's generator.cpuSeconds:"
          " first request to last, JIT included, JVM start left out)")
