#!/usr/bin/env python3
"""Do two runs of one suite agree? Reads each run's summary.csv and prints, for every row with a
baseline, both runs' ratio to it with their 95% intervals, whether each run's median lies inside the
other run's interval, and the intervals' half widths; then the same for the server's CPU per answer
over the baseline's (cpuRatio). Usage: bench/two-runs.py RUN_DIR_1 RUN_DIR_2 [--markdown]"""
import csv
import sys


def rows(run):
    with open(run.rstrip('/') + '/summary.csv', newline='') as f:
        return {r['row']: r for r in csv.DictReader(f)}


def num(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def table(a, b, key, markdown):
    head = ['row', 'run 1 [95%]', 'run 2 [95%]', '1 in 2', '2 in 1', 'half widths']
    out, agree, total, widths = [], 0, 0, []
    for row, r1 in a.items():
        r2 = b.get(row)
        if r2 is None or r1.get('baseline') in (None, '') or r1['row'].startswith(r1['baseline'] + ' @'):
            continue
        m1, l1, h1 = num(r1[key]), num(r1[key + '.ci95Low']), num(r1[key + '.ci95High'])
        m2, l2, h2 = num(r2[key]), num(r2[key + '.ci95Low']), num(r2[key + '.ci95High'])
        if None in (m1, l1, h1, m2, l2, h2) or l1 == h1 == m1:  # the baseline itself (or its sequence's)
            continue
        total += 1
        in2, in1 = l2 <= m1 <= h2, l1 <= m2 <= h1
        agree += in2 and in1
        w1, w2 = (h1 - l1) / 2 / m1 * 100, (h2 - l2) / 2 / m2 * 100
        widths += [w1, w2]
        out.append([row, '%.2f [%.2f, %.2f]' % (m1, l1, h1), '%.2f [%.2f, %.2f]' % (m2, l2, h2),
                    'yes' if in2 else 'no', 'yes' if in1 else 'no', '±%.0f%%, ±%.0f%%' % (w1, w2)])
    if markdown:
        print('| ' + ' | '.join(head) + ' |')
        print('|' + '---|' * len(head))
        for o in out:
            print('| ' + ' | '.join(o) + ' |')
    else:
        cols = [max(len(str(x[i])) for x in out + [head]) for i in range(len(head))]
        for o in [head] + out:
            print('  '.join(str(v).ljust(cols[i]) for i, v in enumerate(o)))
    if total:
        widths.sort()
        print('\n%s: %d of %d rows agree both ways; half widths %.0f%%–%.0f%% (median %.0f%%)\n'
              % (key, agree, total, widths[0], widths[-1], widths[len(widths) // 2]))


def main():
    args = [x for x in sys.argv[1:] if not x.startswith('--')]
    if len(args) != 2:
        sys.exit(__doc__)
    a, b = rows(args[0]), rows(args[1])
    for key in ('ratio', 'cpuRatio'):
        table(a, b, key, '--markdown' in sys.argv)


main()
