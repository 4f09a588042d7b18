#!/usr/bin/env python3
"""Which points of a run of rounds were measured where their round's order put them, and which moved.

Each round's order is drawn from the run's seed (run.json's order.seed) as wsbench draws it: the slots
(each process of each server, each target, each load, in that order) shuffled by java.util.Random with
Collections.shuffle. This draws it again and compares each point's round.position with it: measured
where drawn, earlier or later (put off, -Dwsbench.coreDistance=putoff), or again at its round's end.
Prints, per run and load, each kind's count and its points' throughput against their row's median
(mean and SD of the log ratio, in %).
    bench/order-moved.py RUN_DIR...
"""
import json
import math
import statistics
import sys
from collections import defaultdict


class JavaRandom:
    """java.util.Random: the 48-bit linear congruential generator and its nextInt(bound)."""

    def __init__(self, seed):
        self.s = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)

    def next(self, bits):
        self.s = (self.s * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
        r = self.s >> (48 - bits)
        return r - (1 << 32) if r & (1 << 31) else r

    def next_int(self, bound):
        r = self.next(31)
        m = bound - 1
        if bound & m == 0:
            return (bound * r) >> 31
        u = r
        while True:
            r = u % bound
            if u - r + m < (1 << 31):
                return r
            u = self.next(31)


def shuffle(items, rnd):
    """Collections.shuffle of a random-access list."""
    for i in range(len(items) - 1, 0, -1):
        j = rnd.next_int(i + 1)
        items[i], items[j] = items[j], items[i]


def main():
    for d in sys.argv[1:]:
        run = json.load(open(d.rstrip('/') + '/run.json'))
        order = run['order']
        targets, instances = order['targets'], order.get('instances') or 1
        loads = []
        for p in run['points']:
            if p['load']['users'] not in loads:
                loads.append(p['load']['users'])
        loads.sort()  # the suite's loads, assumed listed by users as the seed suites list them
        slots = [(i, t, u) for i in range(1, instances + 1) for t in targets for u in loads]
        rnd = JavaRandom(order['seed'])
        rows = defaultdict(list)
        for p in run['points']:
            rows[(p['target']['label'], p['load']['users'])].append(math.log(p['throughput']))
        median = {k: statistics.median(v) for k, v in rows.items()}
        by_round = defaultdict(dict)
        for p in run['points']:
            r = p['round']
            by_round[r['index']][(r.get('instance', 1), p['target']['label'], p['load']['users'])] = p
        kinds = defaultdict(list)
        for index in sorted(by_round):
            drawn = list(slots)
            shuffle(drawn, rnd)
            place = {s: k + 1 for k, s in enumerate(drawn)}
            for s, p in by_round[index].items():
                pos = p['round']['position']
                kind = 'again' if pos > p['round']['points'] else 'as drawn' if pos == place[s] else \
                    'later' if pos > place[s] else 'earlier'
                kinds[(s[2], kind)].append(math.log(p['throughput']) - median[(s[1], s[2])])
        print(d)
        for (users, kind), v in sorted(kinds.items()):
            sd = statistics.pstdev(v) * 100 if len(v) > 1 else 0
            print(f"  {users} users  {kind:8}  {len(v):3} points  {statistics.mean(v) * 100:+.1f}% (SD {sd:.1f}%)")


if __name__ == '__main__':
    main()
