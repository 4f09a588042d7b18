#!/usr/bin/env bash
# What a user's xpath: check costs the generator, this checkout against another commit's build (BASE,
# default HEAD~1): `load --wsdl` of a document/literal Add operation on nginx (one worker, answering the
# 300-byte SOAP answer node-soap gives, its result in a default namespace), 2 users, DURATION points,
# with no check and with `--check 'xpath://tns:AddResult = ${sum}'` (a row's value as an XPath variable).
# Each round runs the four (base and this build, each check or none) in a fresh random order (this machine
# drifts by minutes). Prints, per build and check, median (min-max) over the rounds of the generator's CPU
# per request (run.json's generator.cpuSeconds over the requests) and the client's checking time per
# answer, then this build over the base, paired by round. A benchmark, not a test.
#   [BASE=<commit>] bench/xpath-check.sh [ROUNDS=5] [DURATION=10s]
here=$(cd "$(dirname "$0")" && pwd)
source "$here/lib.sh"
rounds=${1:-5}; duration=${2:-10s}; base=${BASE:-HEAD~1}
bench_install nginx:nginx curl:curl
port=${PORT:-18098}
bench_nginx "$port" >/dev/null
answer='<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"  xmlns:tns="http://example.org/calc"><soap:Body><AddResponse xmlns="http://example.org/calc"><AddResult>3</AddResult></AddResponse></soap:Body></soap:Envelope>'
cat > "$bench_work/www/calc.wsdl" <<WSDL
<?xml version="1.0" encoding="UTF-8"?>
<definitions name="Calc" targetNamespace="http://example.org/calc" xmlns="http://schemas.xmlsoap.org/wsdl/"
  xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:tns="http://example.org/calc" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <types><xsd:schema targetNamespace="http://example.org/calc" elementFormDefault="qualified">
    <xsd:element name="Add"><xsd:complexType><xsd:sequence><xsd:element name="a" type="xsd:int"/><xsd:element name="b" type="xsd:int"/></xsd:sequence></xsd:complexType></xsd:element>
    <xsd:element name="AddResponse"><xsd:complexType><xsd:sequence><xsd:element name="AddResult" type="xsd:int"/></xsd:sequence></xsd:complexType></xsd:element>
  </xsd:schema></types>
  <message name="AddIn"><part name="parameters" element="tns:Add"/></message>
  <message name="AddOut"><part name="parameters" element="tns:AddResponse"/></message>
  <portType name="CalcPort"><operation name="Add"><input message="tns:AddIn"/><output message="tns:AddOut"/></operation></portType>
  <binding name="CalcBinding" type="tns:CalcPort"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <operation name="Add"><soap:operation soapAction="http://example.org/calc/Add"/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>
  </binding>
  <service name="CalcService"><port name="CalcPort" binding="tns:CalcBinding"><soap:address location="http://127.0.0.1:$port/calc"/></port></service>
</definitions>
WSDL
# nginx answers a POST to /calc with the fixed answer
sed -i "s#location / { root#location = /calc { default_type 'text/xml; charset=utf-8'; return 200 '$answer'; }\n    location / { root#" "$bench_work/nginx.conf"
kill -HUP "$(cat "$bench_work/nginx.pid")"; sleep 0.5
printf 'a,b,sum\n1,2,3\n' > "$bench_work/rows.csv"
bench_base "$base"
bench_build
: > "$bench_work/results.tsv"
run() { # BUILD CHECK
  local home; home=$([ "$1" = base ] && echo "$bench_base_dir" || echo "$bench_home")
  local check=(); [ "$2" = xpath ] && check=(--check 'xpath://tns:AddResult = ${sum}')
  "$home/wsbench" load --wsdl "http://127.0.0.1:$port/calc.wsdl" --operation Add --data "$bench_work/rows.csv" "${check[@]}" \
    -c 2 -d "$duration" --json > "$bench_work/out.json"
  python3 - "$1" "$2" "$r" "$bench_work/out.json" >> "$bench_work/results.tsv" <<'PY'
import json, sys
p = json.load(open(sys.argv[4])); g = p["generator"]
assert p["validated"] == p["requests"], "every answer valid: %s" % p["errors"]
print("\t".join([sys.argv[1], sys.argv[2], sys.argv[3], str(g["cpuSeconds"] * 1e6 / p["requests"]), str(g.get("checkMicrosPerRequest", 0))]))
PY
}
for r in $(seq 1 "$rounds"); do
  for pair in $(printf '%s\n' base:none base:xpath this:none this:xpath | shuf); do
    echo "round $r: ${pair%%:*} ${pair##*:} ..." >&2
    run "${pair%%:*}" "${pair##*:}"
  done
done
python3 - "$bench_work/results.tsv" "$base" <<'PY'
import sys, statistics as st
rows = [l.split("\t") for l in open(sys.argv[1]).read().split("\n") if l]
def fig(xs): return "%.1f (%.1f-%.1f)" % (st.median(xs), min(xs), max(xs))
print("build\tcheck\tgenerator CPU us/request\tcheck us/answer")
for b in ("base", "this"):
    for c in ("none", "xpath"):
        sel = [r for r in rows if r[0] == b and r[1] == c]
        print("%s\t%s\t%s\t%s" % (sys.argv[2] if b == "base" else "this", c, fig([float(r[3]) for r in sel]), fig([float(r[4]) for r in sel]) if c == "xpath" else "-"))
for c in ("none", "xpath"):
    ratios = []
    for r in set(x[2] for x in rows):
        a = [float(x[3]) for x in rows if x[0] == "base" and x[1] == c and x[2] == r]
        b = [float(x[3]) for x in rows if x[0] == "this" and x[1] == c and x[2] == r]
        if a and b: ratios.append(b[0] / a[0])
    print("this/base, generator CPU per request, %s: %.3f (%.3f-%.3f), paired by round" % (c, st.median(ratios), min(ratios), max(ratios)))
PY
