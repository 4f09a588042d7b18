package io.wsbench.model.suite;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SuiteReaderTest {

    private static final Path FILE = Path.of("suites/x.yaml");

    private static String error(String yaml) {
        return assertThrows(SuiteException.class, () -> SuiteReader.parse(yaml, FILE)).getMessage();
    }

    /** A YAML syntax error says what SnakeYAML found and where, not only what it was doing ("while parsing a flow node"). */
    @Test
    void aYamlSyntaxErrorSaysWhatWasFoundAndWhere() {
        assertEquals("suites/x.yaml:5:1: YAML: expected ',' or '}', but got <stream end> (while parsing a flow mapping that"
                + " began at 3:5)", error("name: x\ntargets:\n  - { label: a, stack: direct\n  - b\n"));
        assertEquals("suites/x.yaml:3:1: YAML: expected the node content, but found '<stream end>'", error("name: x\ntargets: [\n"));
    }

    /** A value of the wrong kind says where it is, what goes there and what was found, in a suite's words, not Java's. */
    @Test
    void aValueOfTheWrongKindIsSaidInASuitesWords() {
        assertEquals("suites/x.yaml:2:10: targets: a list goes here, not a number", error("name: x\ntargets: 5\n"));
        assertEquals("suites/x.yaml:5:14: load[0].users: a whole number goes here, not the text 'abc'",
                error("name: x\ntargets:\n  - { label: a, stack: direct, protocol: soap11 }\nload:\n  - { users: abc }\n"));
        assertEquals("suites/x.yaml:3:5: targets[0]: a mapping of keys goes here, not the text 'hello'",
                error("name: x\ntargets:\n  - hello\n"));
        assertEquals("suites/x.yaml:1:7: name: text goes here, not a list", error("name: [1]\n"));
        assertEquals("suites/x.yaml:4:7: load: a list goes here, not a mapping of keys",
                error("name: x\ntargets:\n  - { label: a, stack: direct, protocol: soap11 }\nload: { users: 1 }\n"));
        assertEquals("suites/x.yaml:1:1: a suite is a mapping of keys (name:, targets:, load: ...) at its top level, not the text"
                + " 'just a string'", error("just a string\n"));
        assertEquals("suites/x.yaml:1:1: a suite is a mapping of keys (name:, targets:, load: ...) at its top level, not a list",
                error("[1, 2]\n"));
        assertEquals("suites/x.yaml:1:1: the file is empty", error(""));
    }

    @Test
    void aFileThatIsNotUtf8IsSaidToBeSo(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        Path file = java.nio.file.Files.write(dir.resolve("s.yaml"), new byte[] {'n', 'a', (byte) 0xff, (byte) 0xfe, '\n'});
        assertEquals(file + ": not UTF-8 text (a suite is a YAML file)",
                assertThrows(SuiteException.class, () -> SuiteReader.read(file)).getMessage());
        assertEquals(file + ": not UTF-8 text (a flow file is YAML)",
                assertThrows(SuiteException.class, () -> SuiteReader.readFlow(file)).getMessage());
        Path list = java.nio.file.Files.writeString(dir.resolve("f.yaml"), "- a\n- b\n");
        assertEquals(list + ":1:1: a flow file is a mapping of keys (label:, flow: ...) at its top level, not a list",
                assertThrows(SuiteException.class, () -> SuiteReader.readFlow(list)).getMessage());
    }

    /** A plain url with rows, checks or ${variables} is the flow of one step load URL makes of them; a body goes in a step. */
    @Test
    void aPlainUrlsRowsAndChecksMakeAFlowOfOneStep() {
        Suite s = SuiteReader.parse("""
                name: x
                targets:
                  - url: http://ann:pw@127.0.0.1:8080/items/${id}?full=1#top
                    data: items.csv
                    checks: ["jsonpath:$.id == ${id}"]
                    request: { headers: { X-Id: "${id}" }, expect: ok }
                  - { url: "http://127.0.0.1:8080/r/${random:1-9}" }
                load:
                  - { users: 1, duration: 1s }
                """, FILE);
        TargetSpec t = s.targets().get(0);
        assertEquals("http://ann:***@127.0.0.1:8080/items/${id}?full=1#top", t.label(), "named by the URL as written, no secret");
        assertEquals("http://ann:pw@127.0.0.1:8080", t.url());
        assertEquals("flow", t.protocol());
        StepSpec step = t.flow().steps().get(0);
        assertEquals("/items/${id}?full=1", step.path());
        assertEquals("GET", step.method());
        assertEquals("items.csv", step.data());
        assertEquals(List.of("jsonpath:$.id == ${id}", "contains:ok"), step.checks());
        assertEquals(java.util.Map.of("X-Id", "${id}"), step.headers());
        assertEquals(false, t.flow().cookies(), "as load URL: no cookies kept");
        assertEquals("/r/${random:1-9}", s.targets().get(1).flow().steps().get(0).path(), "built-in variables need no rows");

        assertTrue(error("name: x\ntargets:\n  - { url: 'http://h/a', data: d.csv, template: t.xml }\nload:\n  - { users: 1, duration: 1s }\n")
                .contains("writes its body in a flow's step"));
        assertTrue(error("name: x\ntargets:\n  - { url: 'http://${h}/a' }\nload:\n  - { users: 1, duration: 1s }\n")
                .contains("not its host"));
    }

    /**
     * A {@code oneOf} step (a traffic mix): its branches' steps laid out in its place, one branch after the other, and where
     * each lies kept as the flow's choice; a branch of no steps and a weight not given (1) allowed; what cannot be is one line.
     */
    @Test
    void aOneOfStepIsLaidOutAsItsBranchesSteps() {
        String flow = "name: x\ntargets:\n  - label: shop\n    url: http://h\n    flow:\n      steps:\n"
                + "        - { name: home, path: / }\n"
                + "        - name: mix\n          oneOf:\n"
                + "            - { weight: 3, steps: [ { name: browse, path: /b }, { name: more, path: /m } ] }\n"
                + "            - { steps: [ { name: buy, method: POST, path: /buy } ] }\n"
                + "            - { weight: 0.5, steps: [] }\n"
                + "        - { name: out, path: /out }\n"
                + "load:\n  - { users: 1, duration: 1s }\n";
        FlowSpec f = SuiteReader.parse(flow, FILE).targets().get(0).flow();
        assertEquals(List.of("home", "browse", "more", "buy", "out"), f.steps().stream().map(StepSpec::name).toList());
        assertEquals(List.of(new FlowSpec.Choice("mix", 1, List.of(2, 1, 0), List.of(3.0, 1.0, 0.5))), f.choices());
        String head = "name: x\ntargets:\n  - label: shop\n    url: http://h\n    flow:\n";
        String load = "load:\n  - { users: 1, duration: 1s }\n";
        assertTrue(error(head + "      steps:\n        - oneOf: [ { steps: [ { path: /a } ] } ]\n" + load)
                .contains("a 'oneOf' step has two branches or more"));
        assertTrue(error(head + "      steps:\n        - { path: /a, oneOf: [ { steps: [] }, { steps: [] } ] }\n" + load)
                .contains("a 'oneOf' step is its branches alone (and a name)"));
        assertTrue(error(head + "      steps:\n        - oneOf: [ { weight: 0, steps: [] }, { steps: [] } ] }\n" + load)
                .contains("suites/x.yaml:"));
        assertTrue(error(head + "      steps:\n        - oneOf: [ { weight: 0, steps: [] }, { steps: [] } ]\n" + load)
                .contains("a oneOf branch's weight is a number above 0, not 0.0"));
        assertTrue(error(head + "      steps:\n        - oneOf: [ { steps: [ { oneOf: [ { steps: [] }, { steps: [] } ] } ] }, { steps: [] } ]\n"
                + load).contains("a oneOf branch holds steps, not another oneOf"));
        assertTrue(error(head + "      setup:\n        - oneOf: [ { steps: [ { path: /a } ] }, { steps: [] } ]\n      steps:\n"
                + "        - { path: /b }\n" + load).contains("a 'oneOf' step goes in the iteration's 'steps', not in its setup or teardown"));
        assertTrue(error(head + "      steps:\n        - oneOf: [ { steps: [] }, { steps: [] } ]\n" + load)
                .contains("a flow needs 'steps'"));
    }

    /** Two targets of one label would be one row of the report, of compare and of the baseline: refused, naming it. */
    @Test
    void twoTargetsOfOneLabelAreRefused() {
        assertTrue(error("name: x\ntargets:\n  - { url: 'http://h/a', label: same }\n  - { url: 'http://h/b', label: same }\n"
                + "load:\n  - { users: 1, duration: 1s }\n").contains("two targets are labelled 'same'"));
        assertTrue(error("name: x\ntargets:\n  - { url: 'http://h/a', request: { body: a.xml } }\n"
                + "  - { url: 'http://h/a', request: { body: b.xml } }\nload:\n  - { users: 1, duration: 1s }\n")
                .contains("two targets are labelled 'http://h/a': give each a 'label' of its own"), "one URL with two bodies");
    }

    @Test
    void readsASuiteWithDefaults() {
        Suite s = SuiteReader.parse("""
                name: demo
                targets:
                  - { stack: direct, protocol: soap11 }
                  - { label: R, stack: direct, protocol: rest-xml, variant: inline }
                load:
                  - { users: 5, requestsPerUser: 100 }
                  - { rate: 500, users: 4, duration: 2s }
                """, FILE);
        assertEquals("hello", s.targets().get(0).operation());
        assertEquals(Security.PLAIN, s.targets().get(0).security());
        assertEquals("direct soap11", s.targets().get(0).label());
        assertEquals("open", s.load().get(1).model());
        assertEquals(500.0, s.load().get(1).toLoadSpec().rate());
        assertEquals(1, s.rounds().repeat());
        Suite q = s.quickened();
        assertEquals(100, q.load().get(0).requestsPerUser());
        assertEquals(java.time.Duration.ofSeconds(1), q.load().get(1).duration(), "read once, as a duration");
    }

    @Test
    void syntaxErrorsNameFileLineAndColumn() {
        String m = error("name: demo\ntargets:\n  - { stack: direct, protocol: soap11\nload: []\n");
        assertTrue(m.matches("suites/x\\.yaml:\\d+:\\d+: .*"), m);
        assertEquals(1, m.lines().count());
    }

    @Test
    void unknownKeysAndBadValuesNameTheirPlace() {
        String m = error("name: demo\ntargets:\n  - { stack: direct, protocol: soap11, colour: red }\nload:\n  - { users: 1, requestsPerUser: 1 }\n");
        assertTrue(m.startsWith("suites/x.yaml:3:"), m);
        assertTrue(m.contains("unknown key 'colour'"), m);
        // the parts a target and a suite are kept in are no keys of the file: they are refused, and never offered
        for (String part : List.of("service: x", "http2: x", "flowSteps: x")) {
            m = error("name: demo\ntargets:\n  - { stack: direct, protocol: soap11, " + part + " }\nload:\n  - { users: 1, requestsPerUser: 1 }\n");
            assertTrue(m.contains("unknown key '" + part.substring(0, part.indexOf(':')) + "'"), m);
            String known = m.substring(m.indexOf("(known:"));
            assertTrue(known.contains("wsdl") && !known.contains("service") && !known.contains("http2") && !known.contains("flowSteps"), m);
        }
        for (String part : List.of("rounds: 3", "warming: auto", "source: x")) {
            m = error("name: demo\n" + part + "\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { users: 1, requestsPerUser: 1 }\n");
            assertTrue(m.contains("unknown key '" + part.substring(0, part.indexOf(':')) + "'"), m);
            String known = m.substring(m.indexOf("(known:"));
            assertTrue(known.contains("warmupMax") && !known.contains("rounds") && !known.contains("warming") && !known.contains("source"), m);
        }
        m = error("name: demo\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { users: 1, duration: 10 parsecs }\n");
        assertTrue(m.startsWith("suites/x.yaml:5:"), m);
        assertTrue(m.contains("not a duration: '10 parsecs'"), m);
        m = error("name: demo\ntargets: []\nload: []\n");
        assertTrue(m.contains("at least one entry under 'targets'"), m);
        m = error("name: demo\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { users: many }\n");
        assertTrue(m.startsWith("suites/x.yaml:5:"), m);
    }

    @Test
    void securityIsOneOfTheSeedsWordsAndAnyOtherNamesItsPlace() {
        Suite s = SuiteReader.parse("name: demo\ntargets:\n  - { stack: cxf, protocol: soap11, security: signencr }\n"
                + "load:\n  - { users: 1, requestsPerUser: 1 }\n", FILE);
        assertEquals(Security.SIGNENCR, s.targets().get(0).security());
        assertEquals("cxf soap11 signencr", s.targets().get(0).label());
        String m = error("name: demo\ntargets:\n  - { stack: cxf, protocol: soap11, security: sing }\n"
                + "load:\n  - { users: 1, requestsPerUser: 1 }\n");
        assertEquals("suites/x.yaml:3:47: unknown security configuration 'sing' (known: plain, username, sign, signencr)", m);
    }

    @Test
    void jvmOptionsAreAListOrWordsAndWhatAUserStackDeclares() {
        Suite s = SuiteReader.parse("""
                name: demo
                stackOptions:
                  cxf: { version: 4.1.5, jvmOptions: [-Xmx2g, "-Dconfig=/etc/x.yaml"] }
                stacks:
                  petstore: { war: petstore.war, directory: conf, environment: { MODE: test }, jvmOptions: [-Xmx256m] }
                targets:
                  - { stack: cxf, protocol: soap11 }
                  - { stack: cxf, protocol: soap11, stackOptions: { jvmOptions: -Xmx1g -XX:+UseZGC } }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """, FILE);
        assertEquals("-Xmx2g -Dconfig=/etc/x.yaml", s.optionsFor(s.targets().get(0)).get("jvmOptions"));
        // a target's own replace the suite's, as any option's do
        assertEquals(java.util.Map.of("version", "4.1.5", "jvmOptions", "-Xmx1g -XX:+UseZGC"), s.optionsFor(s.targets().get(1)));
        UserStack petstore = s.stacks().get("petstore");
        assertEquals(java.util.List.of("-Xmx256m"), petstore.jvmOptions());
        assertEquals("conf", petstore.directory());
        assertEquals(java.util.Map.of("MODE", "test"), petstore.environment());
        String m = error("name: demo\nstackOptions:\n  cxf: { version: [4, 5] }\ntargets:\n  - { stack: cxf, protocol: soap11 }\n"
                + "load:\n  - { users: 1, requestsPerUser: 1 }\n");
        assertEquals("suites/x.yaml:3:19: only jvmOptions takes a list: give 'version' one value", m);
    }

    @Test
    void aPointMayBeStagesWrittenAsTextOrAsK6sList() {
        Suite s = SuiteReader.parse("""
                name: ramps
                targets:
                  - { stack: direct, protocol: soap11 }
                load:
                  - { users: 8, stages: "10s:100/s,30s:1000/s,10s:0/s" }
                  - model: closed
                    stages:
                      - { duration: 30s, target: 50 }
                      - { duration: 0s, target: 80 }
                      - { duration: 1m, target: 80 }
                """, FILE);
        LoadPointSpec open = s.load().get(0);
        assertEquals("open", open.model());
        assertEquals(50, open.toLoadSpec().duration().toSeconds());
        assertEquals(1000.0, open.toLoadSpec().rate());
        assertEquals("10s:100/s,30s:1000/s,10s:0/s", open.toRecord().stages());
        assertEquals("ramp 10s:100/s,30s:1000/s,10s:0/s, 8 conns", open.toRecord().describe());
        LoadPointSpec closed = s.load().get(1);
        assertEquals(80, closed.toLoadSpec().connections(), "a closed ramp has as many users as its highest target");
        assertEquals("30s:50,0s:80,60s:80", closed.toRecord().stages());
        assertEquals(closed, s.quickened().load().get(1), "--quick keeps a profile's shape");
    }

    @Test
    void aBadStageNamesItsPlace() {
        String m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { stages: '10s:100/s,:5/s' }\n");
        assertTrue(m.startsWith("suites/x.yaml:5:"), m);
        assertTrue(m.contains("it has no duration"), m);
        m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { stages: '10s:100/s', duration: 5s }\n");
        assertTrue(m.contains("stages set the point's load and length"), m);
        m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - { model: closed, stages: '10s:100/s' }\n");
        assertTrue(m.contains("go with model open"), m);
        m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\nload:\n  - stages: [ { duration: 5s } ]\n");
        assertTrue(m.contains("each stage has a duration and a target"), m);
        assertEquals(1, m.lines().count());
    }

    @Test
    void aCapacitySearchNeedsNoLoadPointsAndABadSloNamesItsPlace() {
        Suite s = SuiteReader.parse("""
                name: cap
                targets:
                  - { stack: direct, protocol: soap11 }
                capacity:
                  slo: ['p99<20ms', 'errors<0.1%']
                  probe: 3s
                """, FILE);
        assertEquals(List.of(), s.load());
        assertEquals(List.of("p99<20ms", "errors<0.1%"), s.capacity().slo());
        assertEquals("3s", s.capacity().probe());
        assertEquals(100.0, s.capacity().startRate(), "the defaults");
        assertEquals("1s", s.quickened().capacity().probe(), "--quick probes for a second");
        String m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\ncapacity:\n  slo: ['p99<']\n");
        assertTrue(m.startsWith("suites/x.yaml:"), m);
        assertTrue(m.contains("not an assertion: 'p99<'"), m);
        m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\ncapacity: { slo: ['p99<5ms'], rate: 5 }\n");
        assertTrue(m.contains("unknown key 'rate'"), m);
        m = error("name: d\ntargets:\n  - { stack: direct, protocol: soap11 }\n");
        assertTrue(m.contains("at least one entry under 'load' (or a 'capacity' search)"), m);
    }

    @Test
    void aUrlWithoutAProtocolIsLoadedAsIsAndTakesNothingThatNeedsOne() {
        Suite s = SuiteReader.parse("""
                name: urls
                operation: matchQuakes
                targets:
                  - { label: w, url: "http://127.0.0.1:8080/" }
                  - { url: "https://example.org/items" }
                load:
                  - { users: 2, requestsPerUser: 10 }
                """, FILE);
        TargetSpec w = s.targets().get(0);
        assertTrue(w.asIs());
        assertEquals("http", w.protocol(), "the protocol run.json names for wsbench load URL too");
        assertEquals(null, w.operation(), "the suite's operation is a protocol's: not this target's");
        assertEquals("https://example.org/items", s.targets().get(1).label(), "named by its URL, as wsbench load names it");
        String m = error("name: d\ntargets:\n  - { url: 'http://127.0.0.1:8080/', sequence: small }\nload:\n  - { users: 1 }\n");
        assertTrue(m.startsWith("suites/x.yaml:3:"), m);
        assertTrue(m.contains("a 'url' (or a stack's 'path') without a 'protocol' is loaded as 'wsbench load URL' loads it (a GET,"
                + " any 2xx valid): its 'operation', 'variant', 'sequence', 'client' and 'security' need a 'protocol'"), m);
        m = error("name: d\ntargets:\n  - { url: 'http://127.0.0.1:8080/', security: sign }\nload:\n  - { users: 1 }\n");
        assertTrue(m.contains("need a 'protocol'"), m);
        m = error("name: d\ntargets:\n  - { stack: direct }\nload:\n  - { users: 1 }\n");
        assertTrue(m.contains("a target on a 'stack' needs a 'protocol', or the 'path' to load as 'wsbench load URL' loads a URL"), m);
        // a stack's path without a protocol: loaded as load URL loads a URL, named by its stack and path
        TargetSpec onStack = SuiteReader.parse("""
                name: d
                targets:
                  - { stack: mine, path: /api/version, request: { headers: { Accept: application/json } } }
                load:
                  - { users: 1, requestsPerUser: 10 }
                """, FILE).targets().get(0);
        assertTrue(onStack.asIs(), onStack.toString());
        assertEquals("http", onStack.protocol());
        assertEquals("mine /api/version", onStack.label());
    }

    @Test
    void aFlowTargetIsCopiedUnderAnotherLabelAsAbLabelsItsTargets() {
        Suite s = SuiteReader.parse("""
                name: demo
                targets:
                  - label: echo
                    stack: direct
                    flow:
                      steps:
                        - { name: hello, path: /hello }
                load:
                  - { users: 1, requestsPerUser: 1 }
                """, FILE);
        TargetSpec a = s.targets().get(0).as("A", java.util.Map.of("version", "1"));
        assertEquals("A", a.label());
        assertEquals(s.targets().get(0).protocol(), a.protocol());
        assertEquals(s.targets().get(0).flow(), a.flow());
    }
}
