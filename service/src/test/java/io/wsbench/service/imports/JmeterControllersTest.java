package io.wsbench.service.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Controllers and plugins found in others' plans (High5Apps' load test, Taurus's and grafana's fixtures): a Module
 * Controller runs the controller it names (often in a Test Fragment) as if written in its place; a Critical Section
 * runs its samplers in order, its lock named in a note; jp@gc's JSON Path Extractor and Assertion are JMeter's own.
 * Each was skipped with its samplers ("no module logic"), which left High5Apps' plan without its user's creation.
 */
class JmeterControllersTest {

    private static String sampler(String name, String path, String inside) {
        return """
                <HTTPSamplerProxy guiclass="HttpTestSampleGui" testclass="HTTPSamplerProxy" testname="%s">
                  <stringProp name="HTTPSampler.domain">shop.test</stringProp><stringProp name="HTTPSampler.path">%s</stringProp>
                  <stringProp name="HTTPSampler.method">GET</stringProp></HTTPSamplerProxy><hashTree>%s</hashTree>
                """.formatted(name, path, inside);
    }

    private static String module(String name, String... path) {
        StringBuilder names = new StringBuilder();
        for (String p : path) {
            names.append("<stringProp name=\"1\">").append(p).append("</stringProp>");
        }
        return """
                <ModuleController guiclass="ModuleControllerGui" testclass="ModuleController" testname="%s">
                  <collectionProp name="ModuleController.node_path">%s</collectionProp></ModuleController><hashTree/>
                """.formatted(name, names);
    }

    private static SuiteDraft.Result imported(Path dir, String groupTree) throws Exception {
        Path plan = Files.writeString(dir.resolve("plan.jmx"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="Test Plan"/>
                  <hashTree>
                    <TestFragmentController guiclass="TestFragmentControllerGui" testclass="TestFragmentController" testname="Fragments" enabled="false"/>
                    <hashTree>
                      <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="Login"/>
                      <hashTree>%s%s</hashTree>
                    </hashTree>
                    <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="Users">
                      <stringProp name="ThreadGroup.num_threads">2</stringProp>
                      <elementProp name="ThreadGroup.main_controller" elementType="LoopController"><stringProp name="LoopController.loops">-1</stringProp></elementProp>
                    </ThreadGroup>
                    <hashTree>%s</hashTree>
                  </hashTree>
                </hashTree></jmeterTestPlan>
                """.formatted(sampler("login form", "/login", ""), sampler("login post", "/session", """
                <com.atlantbh.jmeter.plugins.jsonutils.jsonpathextractor.JSONPathExtractor testclass="com.atlantbh.jmeter.plugins.jsonutils.jsonpathextractor.JSONPathExtractor" testname="token">
                  <stringProp name="VAR">token</stringProp><stringProp name="JSONPATH">$.token</stringProp>
                  <stringProp name="DEFAULT">none</stringProp><stringProp name="SUBJECT">BODY</stringProp>
                </com.atlantbh.jmeter.plugins.jsonutils.jsonpathextractor.JSONPathExtractor><hashTree/>
                <com.atlantbh.jmeter.plugins.jsonutils.jsonpathassertion.JSONPathAssertion testclass="com.atlantbh.jmeter.plugins.jsonutils.jsonpathassertion.JSONPathAssertion" testname="ok">
                  <stringProp name="JSON_PATH">$.ok</stringProp><stringProp name="EXPECTED_VALUE">true</stringProp>
                  <boolProp name="JSONVALIDATION">true</boolProp><boolProp name="EXPECT_NULL">false</boolProp>
                  <boolProp name="INVERT">false</boolProp><boolProp name="ISREGEX">false</boolProp>
                </com.atlantbh.jmeter.plugins.jsonutils.jsonpathassertion.JSONPathAssertion><hashTree/>
                """), groupTree));
        return Imports.read(plan, new Imports.Options(null, null, "plan-files"));
    }

    @Test
    void aModuleControllerRunsTheControllerItNamesInItsPlace(@TempDir Path dir) throws Exception {
        // JMeter's path: the tree's root, the Test Plan, then down to the controller
        SuiteDraft.Result r = imported(dir, module("log in", "Test Plan", "Test Plan", "Fragments", "Login")
                + sampler("orders", "/orders?t=${token}", "") + module("again", "Test Plan", "Fragments", "Login"));
        String yaml = r.yaml();
        assertEquals(5, r.steps(), yaml);
        int form = yaml.indexOf("name: login form");
        int orders = yaml.indexOf("name: orders");
        assertTrue(form > 0 && yaml.indexOf("name: login post") > form && orders > yaml.indexOf("name: login post"), yaml);
        assertTrue(yaml.indexOf("name: \"login form #2\"") > orders, "a path from the Test Plan also found: " + yaml);
        assertTrue(yaml.contains("token: jsonpath:$.token"), yaml);
        assertTrue(yaml.contains("jsonpath:$.ok == true"), yaml);
        assertTrue(yaml.contains("/orders?t=${token}"), yaml);
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());
    }

    @Test
    void aModuleThatIsNotThereOrRunsItselfIsSaid(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, """
                <GenericController guiclass="LogicControllerGui" testclass="GenericController" testname="Loop"/>
                <hashTree>%s%s</hashTree>%s""".formatted(sampler("home", "/", ""),
                module("self", "Test Plan", "Test Plan", "Users", "Loop"), module("gone", "Test Plan", "Test Plan", "Users", "Nowhere")));
        assertTrue(r.skipped().contains("ModuleController 'self': it runs Loop, which holds it (JMeter would not end)"), r.skipped().toString());
        assertTrue(r.skipped().contains("ModuleController 'gone': the controller it runs (Test Plan > Test Plan > Users > Nowhere) is not in the plan"),
                r.skipped().toString());
        assertEquals(1, r.steps(), r.yaml());
    }

    @Test
    void aCriticalSectionsSamplersAreStepsAndItsLockIsNamed(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, """
                <CriticalSectionController guiclass="CriticalSectionControllerGui" testclass="CriticalSectionController" testname="one at a time">
                  <stringProp name="CriticalSectionController.lockName">stock</stringProp></CriticalSectionController>
                <hashTree>%s</hashTree>""".formatted(sampler("reserve", "/reserve", ""))
                + controller("RandomOrderController", "shuffled", "", sampler("a", "/a", "") + sampler("b", "/b", "")));
        assertEquals(List.of("reserve", "a", "b"), flow(r).steps().stream().map(io.wsbench.model.suite.StepSpec::name).toList());
        assertTrue(r.notes().contains("RandomOrderController 'shuffled': its samplers are steps in the plan's order; JMeter shuffles"
                + " them each iteration"), r.notes().toString());
        assertTrue(r.yaml().contains("name: reserve"), r.yaml());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("CriticalSectionController 'one at a time': its samplers are steps in order,"
                + " without its lock (\"stock\")")), r.notes().toString());
        assertFalse(r.skipped().stream().anyMatch(s -> s.contains("one at a time")), r.skipped().toString());
    }
    private static String controller(String kind, String name, String props, String inside) {
        return """
                <%s guiclass="x" testclass="%s" testname="%s">%s</%s><hashTree>%s</hashTree>
                """.formatted(kind, kind, name, props, kind, inside);
    }

    /** The suite as {@code run} reads it: its flow's steps laid out and its choices. */
    private static io.wsbench.model.suite.FlowSpec flow(SuiteDraft.Result r) {
        return io.wsbench.model.suite.SuiteReader.parse(r.yaml(), Path.of("plan.yaml")).targets().get(0).flow();
    }

    /**
     * JMeter's Random, Throughput (percent), Switch and Interleave Controllers as a flow's {@code oneOf}: udaiyan's load test (a
     * Switch on {@code ${__Random(0,3)}} over four samplers) imported nothing ("no switch logic"); Taurus's fixture lost 4 of
     * its 12 samplers.
     */
    @Test
    void controllersThatRunOnePathAnIterationBecomeAOneOf(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, controller("RandomController", "pick", "", sampler("a", "/a", "")
                + controller("GenericController", "two", "", sampler("b1", "/b1", "") + sampler("b2", "/b2", "")))
                + controller("ThroughputController", "some",
                        "<intProp name=\"ThroughputController.style\">1</intProp><FloatProperty><name>ThroughputController.percentThroughput</name>"
                        + "<value>30.0</value></FloatProperty>", sampler("c", "/c", ""))
                + controller("SwitchController", "sw", "<stringProp name=\"SwitchController.value\">${__Random(0,3)}</stringProp>",
                        sampler("d0", "/d0", "") + sampler("d1", "/d1", ""))
                + controller("SwitchController", "fixed", "<stringProp name=\"SwitchController.value\">e1</stringProp>",
                        sampler("e0", "/e0", "") + sampler("e1", "/e1", ""))
                + controller("InterleaveControl", "turns", "", sampler("f0", "/f0", "") + sampler("f1", "/f1", "")));
        var f = flow(r);
        assertEquals(List.of("a", "b1", "b2", "c", "d0", "d1", "e1", "f0", "f1"),
                f.steps().stream().map(io.wsbench.model.suite.StepSpec::name).toList(), r.yaml());
        assertEquals(List.of(
                new io.wsbench.model.suite.FlowSpec.Choice("pick", 0, List.of(1, 2), List.of(1.0, 1.0)),
                new io.wsbench.model.suite.FlowSpec.Choice("some", 3, List.of(1, 0), List.of(30.0, 70.0)),
                // ${__Random(0,3)} over two children: 0 and 1 run theirs, 2 and 3 are out of range and run the first
                new io.wsbench.model.suite.FlowSpec.Choice("sw", 4, List.of(1, 1), List.of(3.0, 1.0)),
                new io.wsbench.model.suite.FlowSpec.Choice("turns", 7, List.of(1, 1), List.of(1.0, 1.0))), f.choices(), r.yaml());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("InterleaveControl 'turns': JMeter runs one of its children an"
                + " iteration, in turn")), r.notes().toString());
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());
    }

    @Test
    void aPathKnownOnlyAsJmeterRunsIsSaid(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, sampler("home", "/", "")
                + controller("SwitchController", "by var", "<stringProp name=\"SwitchController.value\">${kind}</stringProp>",
                        sampler("x", "/x", "") + sampler("y", "/y", ""))
                + controller("ThroughputController", "total", "<intProp name=\"ThroughputController.style\">0</intProp>",
                        sampler("z", "/z", "")));
        assertEquals(List.of("home"), flow(r).steps().stream().map(io.wsbench.model.suite.StepSpec::name).toList());
        assertTrue(r.skipped().stream().anyMatch(l -> l.startsWith("SwitchController 'by var' and the samplers in it: its value ${kind}"
                + " is known only as JMeter runs")), r.skipped().toString());
        assertTrue(r.skipped().stream().anyMatch(l -> l.startsWith("ThroughputController 'total' and the samplers in it: it runs them"
                + " a number of times in all")), r.skipped().toString());
    }
    private static String include(String name, String path) {
        return controller("IncludeController", name, "<stringProp name=\"IncludeController.includepath\">" + path + "</stringProp>", "");
    }

    /** A plan of a Test Fragment holding {@code inside}, as JMeter saves one to be included. */
    private static String fragment(String inside) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0"><hashTree>
                  <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="fragment"/>
                  <hashTree>
                    <TestFragmentController guiclass="TestFragmentControllerGui" testclass="TestFragmentController" testname="f"/>
                    <hashTree>%s</hashTree>
                  </hashTree>
                </hashTree></jmeterTestPlan>
                """.formatted(inside);
    }

    /** An Include Controller runs the Test Fragment of the plan it names, found beside the plan (as written, or by its name). */
    @Test
    void anIncludeControllerRunsTheFragmentOfThePlanItNames(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("checkout.jmx"), fragment(sampler("cart", "/cart", "") + sampler("pay", "/pay", "")));
        Files.writeString(dir.resolve("loop.jmx"), fragment(sampler("again", "/again", "") + include("self", "loop.jmx")));
        SuiteDraft.Result r = imported(dir, sampler("home", "/", "") + include("buy", "checkout.jmx")
                + include("buy again", "C:\\plans\\checkout.jmx") + include("gone", "missing.jmx") + include("loop", "loop.jmx"));
        assertEquals(List.of("home", "cart", "pay", "cart #2", "pay #2", "again"),
                flow(r).steps().stream().map(io.wsbench.model.suite.StepSpec::name).toList(), r.yaml());
        assertTrue(r.skipped().contains("IncludeController 'gone' and the samplers of missing.jmx: that file is not beside the plan (copy"
                + " it there and import again)"), r.skipped().toString());
        assertTrue(r.skipped().contains("IncludeController 'self': loop.jmx includes itself (JMeter would not end)"), r.skipped().toString());
    }
    /**
     * A CSV Data Set named by its author's path (MustafaMH1's Web Tours plan: C:/Users/.../Data.csv) is read from the copy
     * beside the plan; a plan of Test Fragments alone says whose it is to run.
     */
    @Test
    void aFileNamedOnItsAuthorsMachineIsReadBesideThePlan(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Data.csv"), "ann,pw1\nbob,pw2\n");
        SuiteDraft.Result r = imported(dir, """
                <CSVDataSet guiclass="TestBeanGUI" testclass="CSVDataSet" testname="users">
                  <stringProp name="filename">C:/Users/musta/Desktop/Web Tours/Data.csv</stringProp>
                  <stringProp name="variableNames">username,password</stringProp><stringProp name="delimiter">,</stringProp>
                </CSVDataSet><hashTree/>""" + sampler("login", "/login?u=${username}", ""));
        assertEquals("plan-files/Data.csv", flow(r).steps().get(0).data(), r.yaml());
        assertEquals("username,password\nann,pw1\nbob,pw2\n",
                new String(r.files().get("plan-files/Data.csv"), java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());

        Path fragments = Files.writeString(dir.resolve("fragments.jmx"), fragment(sampler("x", "/x", "")));
        SuiteDraft.NothingToLoad none = org.junit.jupiter.api.Assertions.assertThrows(SuiteDraft.NothingToLoad.class,
                () -> Imports.read(fragments, new Imports.Options(null, null, "f-files")));
        assertTrue(none.getMessage().contains("Test Fragment 'f': run by another plan's Include or Module Controller (import that plan)"),
                none.getMessage());
    }
    /**
     * A Constant Throughput Timer's samples a minute over the samplers an iteration sends on average: a 50% Throughput
     * Controller's two count as one. 600 a minute per thread, 2 threads, 1 + 0.5 x 2 samplers: 10 iterations a second.
     */
    @Test
    void aPacedPlansRateCountsAChoicesSamplersByTheirShare(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, """
                <ConstantThroughputTimer guiclass="TestBeanGUI" testclass="ConstantThroughputTimer" testname="pace">
                  <intProp name="calcMode">0</intProp><doubleProp><name>throughput</name><value>600.0</value></doubleProp>
                </ConstantThroughputTimer><hashTree/>""" + sampler("one", "/one", "")
                + controller("ThroughputController", "half",
                        "<intProp name=\"ThroughputController.style\">1</intProp><stringProp name=\"ThroughputController.percentThroughput\">50</stringProp>",
                        sampler("two", "/two", "") + sampler("three", "/three", "")));
        assertTrue(r.yaml().contains("rate: 10.0"), r.yaml());
    }
    /**
     * JMeter's ${__time(…)} and ${__RandomString(…)} (in ONLYOFFICE's, Zimbra's and a dubbing service's plans) as the values a
     * flow makes each iteration; the variable a function names keeps its value for later reads.
     */
    @Test
    void theClockAndRandomTextAreTheFlowsOwnValues(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, sampler("t", "/t?a=${__time()}&amp;b=${__time(/1000,)}&amp;c=${__time(yyyy-MM-dd,day)}"
                + "&amp;d=${__RandomString(8,abc,rid)}&amp;e=${rid}&amp;f=${__RandomString(4,,)}&amp;g=${day}", ""));
        assertEquals("/t?a=${time}&b=${time:unix}&c=${time:yyyy-MM-dd}&d=${text:8:abc}&e=${text:8:abc}&f=${text:4}&g=${time:yyyy-MM-dd}",
                flow(r).steps().get(0).path(), r.yaml());
        assertTrue(r.skipped().isEmpty(), r.skipped().toString());
    }
    private static String when(String name, String condition, String inside) {
        return controller("IfController", name, "<stringProp name=\"IfController.condition\">" + condition + "</stringProp>", inside);
    }

    /**
     * An If Controller on ${JMeterThread.last_sample_ok} (13 of the 35 in two corpora of others' plans) runs its samplers as
     * steps; one on the plan's own values (ONLYOFFICE's ${SocketIO}, "${clean_portal}" == "1") is decided at import; one on
     * a value known only as JMeter runs is still named.
     */
    @Test
    void anIfControllerIsDecidedWhereThePlansOwnValuesDecideIt(@TempDir Path dir) throws Exception {
        SuiteDraft.Result r = imported(dir, """
                <Arguments guiclass="ArgumentsPanel" testclass="Arguments" testname="vars"><collectionProp name="Arguments.arguments">
                  <elementProp name="SocketIO" elementType="Argument"><stringProp name="Argument.name">SocketIO</stringProp>
                    <stringProp name="Argument.value">false</stringProp></elementProp>
                  <elementProp name="portal" elementType="Argument"><stringProp name="Argument.name">portal</stringProp>
                    <stringProp name="Argument.value">1</stringProp></elementProp>
                </collectionProp></Arguments><hashTree/>"""
                + sampler("login", "/login", "")
                + when("ok?", "${JMeterThread.last_sample_ok}", sampler("after", "/after", ""))
                + when("socket?", "${SocketIO}", sampler("socket", "/socket", ""))
                + when("clean?", "&quot;${portal}&quot; == &quot;1&quot;", sampler("clean", "/clean", ""))
                + when("other?", "${__jexl3(&quot;${portal}&quot; == &quot;2&quot;)}", sampler("other", "/other", ""))
                + when("not two?", "${portal} != 2", sampler("not two", "/nottwo", ""))
                + when("token?", "&quot;${token}&quot; != &quot;&quot;", sampler("token", "/token", "")));
        assertEquals(List.of("login", "after", "clean", "not two"),
                flow(r).steps().stream().map(io.wsbench.model.suite.StepSpec::name).toList(), r.yaml());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("IfController 'ok?': its samplers are steps")), r.notes().toString());
        assertTrue(r.ignored().contains("IfController 'socket?': its condition ${SocketIO} is false with the plan's values, so its"
                + " samplers never run"), r.ignored().toString());
        assertTrue(r.skipped().contains("IfController 'token?' and the samplers in it: its condition \"${token}\" != \"\" is known"
                + " only as JMeter runs"), r.skipped().toString());
    }
}
