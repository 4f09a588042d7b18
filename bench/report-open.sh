#!/usr/bin/env bash
# Does report.html stay small and open fast for a big suite? Makes a run.json of 100 points
# (25 targets × 4 user counts, so every target is also a sweep) out of a real run's points, without
# sending any load, renders it with `wsbench report`, prints the page's size with and without the
# inlined Apache ECharts, then opens it in headless Chromium OPENS times, each with a fresh profile,
# and prints the time from navigation start until every chart is drawn (min, median, max), next to
# the same for the run it was made from. A benchmark, not a test: the machine's other load moves
# these figures.
#   bench/report-open.sh [RUN_DIR (default: a new `wsbench run --quick --repeat 1`)] [OPENS=5]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
template=${1:-}; opens=${2:-5}
bench_install /usr/bin/chromium:chromium
bench_build
if [ -z "$template" ]; then
  echo "running the default suite once (--quick --repeat 1) for a template ..." >&2
  template=$bench_work/template
  "$bench_home/wsbench" run --quick --repeat 1 --out "$template" > "$bench_work/template.log" 2>&1 \
    || { tail -n 20 "$bench_work/template.log" >&2; exit 1; }
fi
[ -f "$template/run.json" ] || { echo "no run.json in $template" >&2; exit 2; }
mkdir -p "$bench_work/template-copy" && cp "$template/run.json" "$bench_work/template-copy/"  # its own report stays as it is

# 100 points: target i and user count j take the histogram and series of a template point of the
# same target and load (cycling), under a new label and user count, so each one is its own point
mkdir -p "$bench_work/hundred"
python3 - "$template/run.json" "$bench_work/hundred/run.json" <<'PY'
import copy, json, sys
TARGETS, USERS = 25, [1, 5, 10, 50]
run = json.load(open(sys.argv[1]))
first = [p for p in run["points"] if p["repeat"] == 1]
labels = list(dict.fromkeys(p["target"]["label"] for p in first))
def load_key(p):
    return json.dumps(p["load"], sort_keys=True)
loads = list(dict.fromkeys(load_key(p) for p in first))
by = {(p["target"]["label"], load_key(p)): p for p in first}
points = []
for i in range(TARGETS):
    label = labels[i % len(labels)]
    for j, users in enumerate(USERS):
        p = copy.deepcopy(by.get((label, loads[j % len(loads)])) or next(q for q in first if q["target"]["label"] == label))
        p["target"]["label"] = f"{label} {i // len(labels) + 1}"
        p["load"]["users"] = users
        points.append(p)
run["points"] = points
# each new target warms up as its template target did
for key in ("warmups", "warmup"):
    made = []
    for i in range(TARGETS):
        for w in run.get(key) or []:
            label = w["target"]["label"] if key == "warmups" else w["target"]
            if label == labels[i % len(labels)]:
                w = copy.deepcopy(w)
                if key == "warmups":
                    w["target"]["label"] = f"{label} {i // len(labels) + 1}"
                else:
                    w["target"] = f"{label} {i // len(labels) + 1}"
                made.append(w)
    if run.get(key):
        run[key] = made
run["suite"] = run["suite"] + " ×100"
json.dump(run, open(sys.argv[2], "w"))
print(f"template: {len(first)} points ({len(labels)} targets × {len(loads)} loads); made {len(points)} points", file=sys.stderr)
PY
for dir in "$bench_work/template-copy" "$bench_work/hundred"; do
  "$bench_home/wsbench" report "$dir" > "$bench_work/report.log" 2>&1 || { cat "$bench_work/report.log" >&2; exit 1; }
done

# the timing script: at 'load', the time since navigation start and how many charts have a canvas.
# As a reader opens it, 'load' comes when the page is shown with the charts in view drawn (charts.js
# draws the others in slices after it); with wsbenchDrawAll set, charts.js draws every chart first,
# so 'load' times them all.
probe='window.addEventListener("load", function () { var pre = document.createElement("pre"); pre.id = "timing"; pre.textContent = performance.now().toFixed(1) + " " + document.querySelectorAll("div.plot canvas").length + " " + document.querySelectorAll("div.plot").length; document.body.appendChild(pre); });'
lib=$(ls "$bench_home"/cli/target/lib/echarts-*.jar | head -n 1)
for dir in "$bench_work/template-copy" "$bench_work/hundred"; do
  for how in shown all; do
    : > "$bench_work/times-$how"
    flag=""; [ "$how" = all ] && flag="window.wsbenchDrawAll = true;"
    sed "0,/<head>/s||<head><script>$flag$probe</script>|" "$dir/report.html" > "$bench_work/timed.html"
    for r in $(seq 1 "$opens"); do
      profile=$(mktemp -d -p "$bench_work")
      chromium --headless --no-sandbox --disable-gpu --user-data-dir="$profile" --dump-dom "file://$bench_work/timed.html" \
          2>/dev/null | sed -n 's|.*<pre id="timing">\([^<]*\)</pre>.*|\1|p' >> "$bench_work/times-$how"
      rm -rf "$profile"
    done
  done
  python3 - "$dir/report.html" "$lib" "$bench_work/times-shown" "$opens" "$bench_work/times-all" <<'PY'
import re, statistics, sys, zipfile
page = open(sys.argv[1], "rb").read()
jar = zipfile.ZipFile(sys.argv[2])
name = next(n for n in jar.namelist() if n.endswith("/echarts.min.js"))
lib = jar.read(name)
assert page.find(lib) >= 0, "the page does not hold " + name
points = re.search(rb"<th>points</th><td>(\d+)", page)
runs = [l.split() for l in open(sys.argv[3]) if l.strip()]
shown = [float(r[0]) for r in runs]
every = [l.split() for l in open(sys.argv[5]) if l.strip()]
ms = [float(r[0]) for r in every]
drawn = {f"{r[1]} of {r[2]}" for r in every}
print(f"{points.group(1).decode() if points else '?'} points: report.html {len(page):,} bytes = ECharts "
      f"{name.split('/')[-2]} {len(lib):,} + the page {len(page) - len(lib):,}")
if min(len(ms), len(shown)) < int(sys.argv[4]):
    print(f"  only {len(shown)} and {len(ms)} of {sys.argv[4]} opens wrote their timing")
if ms and shown:
    print(f"  open, with the charts in view drawn: median {statistics.median(shown):.0f} ms ({min(shown):.0f}-{max(shown):.0f}); "
          f"every chart drawn: median {statistics.median(ms):.0f} ms ({min(ms):.0f}-{max(ms):.0f}), "
          f"{len(ms)} opens; charts with a canvas: {', '.join(sorted(drawn))}")
PY
done
