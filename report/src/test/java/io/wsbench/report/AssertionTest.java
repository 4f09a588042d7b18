package io.wsbench.report;

import io.wsbench.model.record.Assertion;
import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AssertionTest {

    @Test
    void latenciesAreReadInTheirUnitAndKeptInMicroseconds() {
        assertEquals(new Assertion("p99<50ms", "p99", "<", 50_000, "ms"), Assertion.parse("p99<50ms"));
        assertEquals(2_000, Assertion.parse("p50<=2ms").limit());
        assertEquals(1_500, Assertion.parse("mean < 1.5ms").limit());
        assertEquals(250, Assertion.parse("p90<250us").limit());
        assertEquals(250, Assertion.parse("p90<250µs").limit());
        assertEquals(2_000_000, Assertion.parse("max<2s").limit());
        assertEquals("p999", Assertion.parse("p99.9<10ms").metric());
    }

    @Test
    void countsRatesAndCpuTakeNoUnit() {
        Assertion errors = Assertion.parse("errors==0");
        assertEquals("errors", errors.metric());
        assertEquals("==", errors.operator());
        assertEquals(0, errors.limit());
        assertEquals(">=", Assertion.parse("throughput>=1000").operator());
        assertEquals(1000, Assertion.parse("throughput>=1000").limit());
        assertEquals("validation", Assertion.parse(" validation == 0 ").metric());
        assertEquals(150, Assertion.parse("cpu<150").limit());
        assertEquals(150, Assertion.parse("cpu<150%").limit());
        assertTrue(Assertion.parse("cpu<150").needsServer());
    }

    @Test
    void mistakesAreOneLineThatSaysWhatIsWrong() {
        assertEquals("not an assertion: 'p99 50ms' (write METRIC OP NUMBER, e.g. p99<50ms, errors==0, throughput>=1000)",
                message("p99 50ms"));
        assertTrue(message("p99=<50ms").startsWith("not an assertion: 'p99=<50ms'"));
        assertTrue(message("").startsWith("not an assertion: ''"));
        assertEquals("unknown metric 'latency' in assertion 'latency<5ms' (known: p50, p90, p99, p999, mean, max,"
                + " throughput, errors, validation, unfinished, cpu)", message("latency<5ms"));
        assertEquals("assertion 'p99<50': a latency needs a unit, us, ms or s", message("p99<50"));
        assertEquals("assertion 'p99<50min': a latency needs a unit, us, ms or s (not 'min')", message("p99<50min"));
        assertEquals("assertion 'errors==0ms': errors takes no unit 'ms'", message("errors==0ms"));
        for (String bad : List.of("p99<-5ms", "throughput>=1e3", "p99<<5ms", "<5ms")) {
            assertFalse(message(bad).isBlank(), bad);
            assertFalse(message(bad).contains("\n"), bad);
        }
    }

    @Test
    void countsAreSummedOverRepeatsAndTheRestTakesTheMedian() {
        List<PointRecord> repeats = List.of(point(1, 900, 1000, 0, 120), point(2, 1000, 3000, 2, 140),
                point(3, 1100, 2000, 0, 100));

        assertEquals(2, Assertion.parse("errors==0").measure(repeats), "one repeat with 2 errors fails errors==0");
        assertEquals(1, Assertion.parse("validation==0").measure(repeats));
        assertEquals(1000, Assertion.parse("throughput>=1000").measure(repeats));
        assertEquals(2000, Assertion.parse("p50<=2ms").measure(repeats));
        assertEquals(120, Assertion.parse("cpu<150").measure(repeats));
    }

    @Test
    void everyAssertionIsCheckedOnEveryTargetAndLoad() {
        PointRecord soap = point(1, 900, 1000, 0, 120);
        TargetRecord restTarget = new TargetRecord("REST", "direct", "rest-xml", null, "hello", "plain", null);
        PointRecord rest = PointRecordBuilder.builder().target(restTarget).load(soap.load()).repeat(1).requests(1000)
                .durationSeconds(1)
                .throughput(2000).latencyMicros(soap.latencyMicros()).errors(ErrorCounts.NONE).validated(1000).build();

        List<Assertion.Check> checks = Assertion.checkAll(
                List.of(Assertion.parse("throughput>=1000"), Assertion.parse("cpu<150")), List.of(soap, rest));

        assertEquals(4, checks.size());
        assertEquals("FAIL  SOAP @ 5 users  throughput>=1000  (throughput = 900, wanted >= 1000)", checks.get(0).line());
        assertEquals("PASS  SOAP @ 5 users  cpu<150  (cpu = 120%, wanted < 150%)", checks.get(1).line());
        assertTrue(checks.get(2).passed());
        assertEquals("FAIL  REST @ 5 users  cpu<150  (cpu = not measured (no server process was sampled),"
                + " wanted < 150%)", checks.get(3).line());
    }

    @Test
    void junitXmlHasATestcasePerCheckAndFailuresCarryTheMeasuredValue(@TempDir Path dir) throws Exception {
        List<Assertion.Check> checks = Assertion.checkAll(List.of(Assertion.parse("p99<50ms"), Assertion.parse("p50<1ms")),
                List.of(point(1, 900, 1500, 0, 120)));
        Path file = dir.resolve("reports/junit.xml");

        JUnitXml.write("soap <&> rest", checks, file);

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
        assertEquals("soap <&> rest", suite.getAttribute("name"));
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        NodeList cases = doc.getElementsByTagName("testcase");
        assertEquals(2, cases.getLength());
        Element passed = (Element) cases.item(0);
        assertEquals("SOAP @ 5 users", passed.getAttribute("classname"));
        assertEquals("p99<50ms", passed.getAttribute("name"));
        assertEquals(0, passed.getElementsByTagName("failure").getLength());
        Element failure = (Element) ((Element) cases.item(1)).getElementsByTagName("failure").item(0);
        assertEquals("p50 = 1.5ms, wanted < 1ms", failure.getAttribute("message"));
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> Assertion.parse(text)).getMessage();
    }

    /** SOAP at 5 users; p99 is three times p50. */
    private static PointRecord point(int repeat, double throughput, long p50Micros, long validationErrors, double cpu) {
        return PointRecordBuilder.builder().target(new TargetRecord("SOAP", "direct", "soap11", null, "hello", "plain", null))
                .load(ComparisonTest.FIVE_USERS).repeat(repeat).requests(1000).durationSeconds(1).throughput(throughput)
                .latencyMicros(new LatencyRecord(p50Micros, p50Micros, 2 * p50Micros, 3 * p50Micros, 4 * p50Micros, 5 * p50Micros, 1))
                .traffic(new PointRecord.Traffic(400, 500))
                .errors(ErrorCounts.of(validationErrors / 2, 0, 0, validationErrors - validationErrors / 2, 0, 0))
                .validated(1000 - validationErrors).server(new ServerRecord(1L, cpu, cpu, 0, 1 << 26, 10, 0, cpu)).build();
    }

    @Test
    void errorsWithAPercentReadTheShareOfFailedRequests() {
        Assertion share = Assertion.parse("errors<0.1%");
        assertEquals("errors%", share.metric());
        PointRecord p = PointRecordBuilder.builder()
                .target(new TargetRecord("t", null, "http", null, null, null, null, "http://127.0.0.1:1/"))
                .repeat(1).requests(2000).durationSeconds(1).throughput(2000)
                .latencyMicros(new LatencyRecord(1, 1, 1, 1, 1, 1, 0)).errors(ErrorCounts.of(1, 0, 0, 0, 0, 0)).validated(1999)
                .build();
        assertEquals(0.05, share.measure(List.of(p)), 1e-9, "1 error in 2,000 requests");
        assertTrue(share.holds(share.measure(List.of(p))));
        assertEquals("0.05%", share.show(0.05));
        assertThrows(IllegalArgumentException.class, () -> Assertion.parse("errors<5ms"));
    }

    /** A point none of whose requests passed has no latency: its max of 0 ms passed {@code max<=200ms} (an imported suite's bound). */
    @Test
    void aLatencyBoundIsNotMetByAPointWithNoAnswerThatPassed() {
        Assertion bound = Assertion.parse("max<=200ms");
        PointRecord failed = PointRecordBuilder.builder()
                .target(new TargetRecord("t", null, "http", null, null, null, null, "http://127.0.0.1:1/"))
                .repeat(1).requests(50).durationSeconds(1).throughput(0)
                .latencyMicros(new LatencyRecord(0, 0, 0, 0, 0, 0, 0)).errors(ErrorCounts.of(50, 0, 0, 0, 0, 0)).validated(0)
                .build();
        double measured = bound.measure(List.of(failed));
        assertTrue(Double.isNaN(measured) && !bound.holds(measured), "measured " + measured);
        assertEquals("not measured (no answer passed)", bound.show(measured));
    }
}
