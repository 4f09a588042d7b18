package io.wsbench.service.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The thread groups of JMeter's plugins (BlazeMeter's Concurrency Thread Group, which Taurus writes; jp@gc's Stepping and
 * Ultimate Thread Groups) as the closed loop's stages their schedules make. A plan with one was refused whole ("this kind's
 * schedule is a plugin's"): 8 of the 46 JMeter plans of a corpus of others' files.
 */
class JmeterSchedulesTest {

    private static final String SAMPLER = """
            <hashTree><HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="home">
              <stringProp name="HTTPSampler.domain">shop.test</stringProp><stringProp name="HTTPSampler.path">/</stringProp>
              <stringProp name="HTTPSampler.method">GET</stringProp></HTTPSamplerProxy><hashTree/></hashTree>
            """;

    private static String imported(Path dir, String group) throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.jmx"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="plan"/>
                  <hashTree>%s%s</hashTree>
                </hashTree></jmeterTestPlan>
                """.formatted(group, SAMPLER));
        return Imports.read(plan, new Imports.Options(null, null, "plan-files")).yaml();
    }

    @Test
    void aConcurrencyThreadGroupRampsInItsSteps(@TempDir Path dir) throws Exception {
        String yaml = imported(dir, """
                <com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup testname="bzm">
                  <stringProp name="TargetLevel">10</stringProp><stringProp name="RampUp">1</stringProp>
                  <stringProp name="Steps">2</stringProp><stringProp name="Hold">2</stringProp><stringProp name="Unit">M</stringProp>
                </com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup>""");
        assertTrue(yaml.contains("stages: \"0s:5,30s:5,0s:10,30s:10,120s:10\""), yaml);
    }

    @Test
    void aSteppingThreadGroupStartsAndStopsItsBatches(@TempDir Path dir) throws Exception {
        String yaml = imported(dir, """
                <kg.apc.jmeter.threads.SteppingThreadGroup testname="steps">
                  <stringProp name="ThreadGroup.num_threads">10</stringProp><stringProp name="Threads initial delay">5</stringProp>
                  <stringProp name="Start users count">4</stringProp><stringProp name="Start users period">10</stringProp>
                  <stringProp name="rampUp">2</stringProp><stringProp name="flighttime">60</stringProp>
                  <stringProp name="Stop users count">5</stringProp><stringProp name="Stop users period">3</stringProp>
                </kg.apc.jmeter.threads.SteppingThreadGroup>""");
        assertTrue(yaml.contains("stages: \"5s:0,2s:4,8s:4,2s:8,8s:8,2s:10,8s:10,60s:10,0s:5,3s:5,0s:0\""), yaml);
    }

    @Test
    void anUltimateThreadGroupSumsItsRows(@TempDir Path dir) throws Exception {
        // 20 threads from 0 s, started over 5 s, held 20 s; 100 more from 25 s at once, held 20 s, stopped over 10 s
        String yaml = imported(dir, """
                <kg.apc.jmeter.threads.UltimateThreadGroup testname="ultimate">
                  <collectionProp name="ultimatethreadgroupdata">
                    <collectionProp name="1"><stringProp name="a">20</stringProp><stringProp name="b">0</stringProp>
                      <stringProp name="c">5</stringProp><stringProp name="d">20</stringProp><stringProp name="e">0</stringProp></collectionProp>
                    <collectionProp name="2"><stringProp name="a">100</stringProp><stringProp name="b">25</stringProp>
                      <stringProp name="c">0</stringProp><stringProp name="d">20</stringProp><stringProp name="e">10</stringProp></collectionProp>
                  </collectionProp>
                </kg.apc.jmeter.threads.UltimateThreadGroup>""");
        assertTrue(yaml.contains("stages: \"5s:20,20s:20,0s:100,20s:100,10s:0\""), yaml);
    }

    @Test
    void anArrivalsThreadGroupIsAnOpenLoopOfIterationsASecond(@TempDir Path dir) throws Exception {
        // 150 arrivals a minute (2.5 a second), reached over a minute, held two; at most 20 at once
        String yaml = imported(dir, """
                <com.blazemeter.jmeter.threads.arrivals.ArrivalsThreadGroup testname="arrivals">
                  <stringProp name="TargetLevel">150</stringProp><stringProp name="RampUp">1</stringProp>
                  <stringProp name="Hold">2</stringProp><stringProp name="Unit">M</stringProp>
                  <stringProp name="ConcurrencyLimit">20</stringProp>
                </com.blazemeter.jmeter.threads.arrivals.ArrivalsThreadGroup>""");
        assertTrue(yaml.contains("stages: \"60s:2.5/s,120s:2.5/s\"") && yaml.contains("users: 20"), yaml);
    }

    @Test
    void aScheduleOfTheRunsOwnFunctionsIsSkippedWithItsReason(@TempDir Path dir) throws Exception {
        Path plan = Files.writeString(dir.resolve("fb.jmx"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2"><hashTree><TestPlan testname="fb"/><hashTree>
                  <com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup testname="feedback">
                    <stringProp name="TargetLevel">${__tstFeedback(tst,1,100,2)}</stringProp><stringProp name="Hold">5</stringProp>
                  </com.blazemeter.jmeter.threads.concurrency.ConcurrencyThreadGroup>%s
                  <ThreadGroup testname="plain"><stringProp name="ThreadGroup.num_threads">2</stringProp>
                    <elementProp name="ThreadGroup.main_controller" elementType="LoopController"><stringProp name="LoopController.loops">3</stringProp></elementProp>
                  </ThreadGroup>%s
                </hashTree></hashTree></jmeterTestPlan>
                """.formatted(SAMPLER, SAMPLER));
        SuiteDraft.Result r = Imports.read(plan, new Imports.Options(null, null, "fb-files"));
        assertTrue(r.skipped().stream().anyMatch(l -> l.startsWith("ConcurrencyThreadGroup 'feedback': its TargetLevel is no number")),
                r.skipped().toString());
        assertTrue(r.yaml().contains("iterationsPerUser: 3"), r.yaml());
    }

    @Test
    void aSamplerWithoutAServerGoesToUrl(@TempDir Path dir) throws Exception {
        // as JMeter's template simple-http-request-test-plan.jmx leaves its server for the user to fill
        Path plan = Files.writeString(dir.resolve("plan.jmx"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="plan"/>
                  <hashTree><ThreadGroup testname="users"><stringProp name="ThreadGroup.num_threads">2</stringProp></ThreadGroup>
                  <hashTree><HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="home">
                    <stringProp name="HTTPSampler.domain"></stringProp><stringProp name="HTTPSampler.port"></stringProp>
                    <stringProp name="HTTPSampler.path">/hello.xml</stringProp></HTTPSamplerProxy><hashTree/></hashTree></hashTree>
                </hashTree></jmeterTestPlan>
                """);
        String yaml = Imports.read(plan, new Imports.Options(null, "http://127.0.0.1:8080", "plan-files")).yaml();
        assertTrue(yaml.contains("url: http://127.0.0.1:8080") && yaml.contains("path: /hello.xml"), yaml);
        io.wsbench.service.own.OwnServiceException none = org.junit.jupiter.api.Assertions.assertThrows(io.wsbench.service.own.OwnServiceException.class,
                () -> Imports.read(plan, new Imports.Options(null, null, "plan-files")));
        assertTrue(none.getMessage().contains("no server name, here or in HTTP Request Defaults (give the server's address with --url)"),
                none.getMessage());
    }
}
