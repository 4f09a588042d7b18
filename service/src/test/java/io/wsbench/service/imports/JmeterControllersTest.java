package io.wsbench.service.imports;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

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
                <hashTree>%s</hashTree>""".formatted(sampler("reserve", "/reserve", "")));
        assertTrue(r.yaml().contains("name: reserve"), r.yaml());
        assertTrue(r.notes().stream().anyMatch(n -> n.startsWith("CriticalSectionController 'one at a time': its samplers are steps in order,"
                + " without its lock (\"stock\")")), r.notes().toString());
        assertFalse(r.skipped().stream().anyMatch(s -> s.contains("one at a time")), r.skipped().toString());
    }
}
