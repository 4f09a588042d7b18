#!/usr/bin/env bash
# The time `wsbench import` takes on a 5 MB SoapUI project: the test's own calc project with its test
# case copied until the file passes 5 MB (each copy renamed), imported 5 times in the same JVM as
# `wsbench import` would run it (a fresh JVM per run, as a user runs it, is timed too). Prints each
# time and the median; the issue's goal is under 3 s.
source "$(dirname "$0")/lib.sh"
cd "$bench_home"
./wsbench --help >/dev/null  # builds on first use
project=interop-tests/src/test/resources/imports/calc-soapui-project.xml
big="$bench_work/big-soapui-project.xml"
python3 - "$project" "$big" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
case = re.search(r'(<con:testCase [^>]*name="Add twice".*?</con:testCase>)', s, re.S).group(1)
copies, n = [], 0
while len(s) + sum(map(len, copies)) < 5 * 1024 * 1024 + 1:
    n += 1
    copies.append(case.replace('name="Add twice"', 'name="Add twice %d"' % n))
i = s.index('</con:testSuite>')
open(sys.argv[2], 'w').write(s[:i] + ''.join(copies) + s[i:])
print("project: %.1f MB, %d test cases" % ((len(s) + sum(map(len, copies))) / 1048576, n + 2))
PY
times=()
for run in 1 2 3 4 5; do
  start=$(date +%s.%N)
  ./wsbench import "$big" --out "$bench_work/big.yaml" --url http://127.0.0.1:8080 >/dev/null
  end=$(date +%s.%N)
  t=$(echo "$end - $start" | bc -l)
  times+=("$t")
  printf 'run %d: %.2f s (a fresh JVM, wsbench import as a user runs it)\n' "$run" "$t"
done
printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "median: %.2f s of %d runs (goal: under 3 s)\n", a[int((NR+1)/2)], NR}'
printf 'suite: %s bytes\n' "$(wc -c < "$bench_work/big.yaml")"
