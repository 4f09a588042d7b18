package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.contract.hello.HelloContract;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SecurityPolicy;
import io.wsbench.contract.seismic.SeismicContract;
import io.wsbench.model.record.RunJson;
import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.service.wsdl.ServiceDescription;
import io.wsbench.service.wsdl.SoapOperation;
import io.wsbench.service.wsdl.SoapVersion;
import io.wsbench.interop.CxfPolicyClient;
import io.wsbench.interop.JaxWsClient;
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every SOAP stack and version line built here, started once and called by every client that reads
 * its contract from outside wsbench's own requests (each stack is started once for the three, which
 * three classes did apart: 17 stack starts where 9 do).
 * <ul>
 * <li>The WSDL every SOAP endpoint serves, as a user's client would start from it: for every SOAP
 * endpoint a descriptor declares (so a new one is covered), the WSDL at ENDPOINT?wsdl names ENDPOINT
 * itself for its port of the endpoint's SOAP version, names no address the stack does not serve, and
 * `load --wsdl` built from it reaches ENDPOINT. A plain endpoint then gives the oracle's answers; a
 * secured one refuses every request with a SOAP fault, since load sends what the user's template says
 * and signs nothing (it cannot apply a WSDL's policy).
 * <li>A JAX-WS client generated from the shared WSDL ({@link JaxWsClient}, on Metro's runtime) gets
 * the oracle's answers from each of the reference stacks.
 * <li>Apache CXF's client, secured by nothing but the shared WS-SecurityPolicy WSDL
 * ({@link CxfPolicyClient}), gets them from every secured endpoint of every stack.
 * </ul>
 */
class SoapStacksTest {

    /** The stacks the generated JAX-WS client calls: each must be built. */
    private static final Set<String> JAX_WS_CLIENT = Set.of("direct", "cxf", "metro", "axis2", "axis2-rampart");

    private static final int REQUESTS = 20;
    /** The seismic query as the contract writes it; the served WSDL gives the address, action and schema. */
    private static final String QUERY = """
            <?xml version="1.0" encoding="UTF-8"?>
            <soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>\
            <s:query xmlns:s="%s"><s:min-date>${minDate}</s:min-date><s:max-date>${maxDate}</s:max-date>\
            <s:min-long>${minLong}</s:min-long><s:max-long>${maxLong}</s:max-long>\
            <s:min-lat>${minLat}</s:min-lat><s:max-lat>${maxLat}</s:max-lat></s:query></soap:Body></soap:Envelope>
            """.formatted(SeismicContract.NAMESPACE);

    @TempDir
    static Path dir;

    /** A stack or one of its lines as built here, and the options that start it. */
    private record Build(StackDescriptor stack, Map<String, String> options) {
        String label() {
            return options.isEmpty() ? stack.name() : stack.name() + " " + options;
        }
    }

    /** One SOAP endpoint a descriptor declares: endpoint.OPERATION.PROTOCOL[.VARIANT or .SECURITY]. */
    private record Endpoint(String operation, String protocol, String variant, String path) {
        boolean secured() {
            return variant != null && SecurityPolicy.CONFIGURATIONS.contains(variant);
        }

        SoapVersion version() {
            return "soap12".equals(protocol) ? SoapVersion.V12 : SoapVersion.V11;
        }
    }

    @Test
    void theGeneratedClientsRuntimeIsMetros() {
        // CXF is on this classpath too (CxfPolicyClient): the generated client must stay on Metro's JAX-WS runtime
        assertEquals("com.sun.xml.ws.spi.ProviderImpl", JaxWsClient.runtime());
    }

    @TestFactory
    Stream<DynamicTest> everySoapStackServesItsWsdlAndGivesTheOraclesAnswersToEveryClient() throws Exception {
        StackCatalog catalog = StackCatalog.in(Home.find());
        List<Build> builds = new ArrayList<>();
        for (StackDescriptor s : catalog.all()) {
            builds.add(new Build(s, Map.of()));
            for (StackDescriptor line : catalog.lines(s)) {
                String option = line.props().getProperty("line.option");
                builds.add(new Build(line, Map.of(option, line.options().get(option))));
            }
        }
        List<Build> soap = builds.stream().filter(b -> !soapEndpoints(b.stack()).isEmpty()).toList();
        Set<String> labels = soap.stream().map(Build::label).collect(Collectors.toSet());
        assertTrue(labels.containsAll(Set.of("direct", "cxf", "metro", "axis2")) && soap.size() > labels.stream()
                .map(l -> l.split(" ")[0]).distinct().count(), "the stacks and their lines are not built: " + labels);
        assertTrue(labels.containsAll(JAX_WS_CLIENT), "the generated client's stacks are not all built: " + labels);
        assertTrue(soap.stream().anyMatch(b -> b.label().equals("cxf") && !CxfPolicyClient.configurations(b.stack()).isEmpty()),
                "cxf declares no secured endpoint");
        Path rows = seismicRows();
        Path template = Files.writeString(dir.resolve("query.xml"), QUERY);
        WsSecurityKeys keys = WsSecurityKeys.in(Home.find().resolve("target/keys"));
        Path policies = Files.createDirectories(dir.resolve("policies"));
        return soap.stream().map(b -> DynamicTest.dynamicTest(b.label() + ": " + String.join(", ", clients(b)),
                () -> checkEveryClient(b, rows, template, keys, policies)));
    }

    /** What calls {@code b}: load from each served WSDL, and the two clients on the stacks (not the lines) they are for. */
    private static List<String> clients(Build b) {
        List<String> out = new ArrayList<>(List.of("load --wsdl on " + soapEndpoints(b.stack()).size() + " SOAP endpoints"));
        if (jaxWsClient(b)) {
            out.add("the generated JAX-WS client");
        }
        if (!cxfPolicies(b).isEmpty()) {
            out.add("CXF's policy client on " + String.join(", ", cxfPolicies(b)));
        }
        return out;
    }

    /** Whether the generated JAX-WS client calls {@code b}: the reference stacks, not their lines. */
    private static boolean jaxWsClient(Build b) {
        return b.options().isEmpty() && JAX_WS_CLIENT.contains(b.stack().name());
    }

    /** The secured configurations CXF's policy client calls on {@code b}: every one of a stack's, none of a line's. */
    private static List<String> cxfPolicies(Build b) {
        return b.options().isEmpty() ? CxfPolicyClient.configurations(b.stack()) : List.of();
    }

    private static void checkEveryClient(Build b, Path rows, Path template, WsSecurityKeys keys, Path policies) throws Exception {
        Map<String, String> options = new java.util.HashMap<>(b.options());
        options.put("keys", keys.dir().toString()); // the keys CXF's policy client holds the other half of
        RunningStack stack;
        try {
            stack = new StackLauncher(Files.createTempDirectory(dir, b.stack().name())).start(b.stack(), 0, options);
        } catch (StackException e) {
            Assumptions.assumeFalse(e.unavailable(), b.label() + " cannot run here: " + e.getMessage());
            throw e;
        }
        try {
            List<Endpoint> endpoints = soapEndpoints(b.stack());
            List<Executable> checks = new ArrayList<>();
            endpoints.forEach(e -> checks.add(() -> checkEndpoint(b, stack, endpoints, e, rows, template)));
            if (jaxWsClient(b)) {
                checks.add(() -> JaxWsClient.assertOraclesAnswers(stack, b.stack()));
            }
            cxfPolicies(b).forEach(c -> checks.add(() -> CxfPolicyClient.assertOraclesAnswers(stack, b.stack(), c, keys, policies)));
            assertAll(b.label(), checks.stream());
        } finally {
            stack.stop();
        }
    }

    private static void checkEndpoint(Build b, RunningStack stack, List<Endpoint> all, Endpoint e, Path rows, Path template)
            throws Exception {
        String url = stack.baseUrl() + e.path();
        String what = b.label() + " " + e.path() + "?wsdl";
        List<SoapOperation> served = ServiceDescription.read(url + "?wsdl").operations().stream()
                .filter(o -> o.name().equals(e.operation())).toList();
        SoapOperation own = served.stream().filter(o -> o.version() == e.version()).findFirst()
                .orElseThrow(() -> new AssertionError(what + " has no " + e.version().label + " port for " + e.operation()));
        assertEquals(url, own.address(), what + ": the address of port " + own.port());
        Set<String> declared = all.stream().filter(x -> x.operation().equals(e.operation()))
                .map(x -> stack.baseUrl() + x.path()).collect(Collectors.toSet());
        for (SoapOperation o : served) {
            assertTrue(declared.contains(o.address()), what + ": port " + o.port() + " names " + o.address()
                    + ", which this stack does not serve " + e.operation() + " at (it does at " + declared + ")");
        }

        List<String> args = new ArrayList<>(List.of("load", "--wsdl", url + "?wsdl", "--operation", e.operation(),
                "--port", own.port(), "-c", "2", "-n", String.valueOf(REQUESTS), "--json"));
        if ("matchQuakes".equals(e.operation())) {
            args.addAll(List.of("--template", template.toString(), "--data", rows.toString()));
        }
        if (!e.secured()) {
            args.addAll(checks(e.operation()));
        }
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        JsonNode p = RunJson.MAPPER.readTree(r.out().isBlank() ? "{}" : r.out());
        assertEquals(url, p.path("target").path("url").asText(), what + ": load went elsewhere\n" + r.err() + r.out());
        assertEquals(REQUESTS, p.path("requests").asLong(), what + ": " + p);
        JsonNode errors = p.path("errors");
        if (e.secured()) {
            assertEquals(REQUESTS, errors.path("soapFault").asLong(), what + ": an unsigned request must be refused: " + p);
            assertEquals(0, p.path("validated").asLong(), what + ": " + p);
        } else {
            assertEquals(REQUESTS, p.path("validated").asLong(), what + ": " + errors + "\n" + r.err());
            assertEquals(0, r.exit(), what + ": " + r.err());
        }
    }

    /** The oracle's answers as checks: hello's greeting; matchQuakes' count and which quakes (their times' sum), and the schema. */
    private static List<String> checks(String operation) {
        if (HelloContract.OPERATION.equals(operation)) {
            return List.of("--check", "xpath://*[local-name()='" + HelloContract.RETURN_ELEMENT + "'] = '" + HelloContract.GREETING + "'",
                    "--check", "schema");
        }
        return List.of("--check", "xpath://*[local-name()='results']/@count = ${count}",
                "--check", "xpath:sum(//*[local-name()='quake']/@millis) = ${millis}", "--check", "schema");
    }

    /** Seed 001's first small queries as rows, each with the oracle's count and the sum of its quakes' times. */
    private static Path seismicRows() throws Exception {
        Catalog catalog = Catalog.standard();
        StringBuilder csv = new StringBuilder("minDate,maxDate,minLong,maxLong,minLat,maxLat,count,millis\n");
        for (Query q : QuerySequence.named(QuerySequence.SMALL, catalog).queries().subList(0, REQUESTS)) {
            long millis = catalog.match(q).stream().flatMap(s -> s.quakes().stream()).mapToLong(x -> x.millis()).sum();
            csv.append(Instant.ofEpochMilli(q.minDate())).append(',').append(Instant.ofEpochMilli(q.maxDate())).append(',')
                    .append(q.minLong()).append(',').append(q.maxLong()).append(',').append(q.minLat()).append(',')
                    .append(q.maxLat()).append(',').append(catalog.count(q)).append(',').append(millis).append('\n');
        }
        return Files.writeString(dir.resolve("rows.csv"), csv);
    }

    /** The SOAP endpoints {@code d} declares, from its descriptor. */
    private static List<Endpoint> soapEndpoints(StackDescriptor d) {
        List<Endpoint> out = new ArrayList<>();
        for (String k : d.props().stringPropertyNames()) {
            String[] key = k.split("\\.", 4);
            if (key.length >= 3 && key[0].equals("endpoint") && key[2].startsWith("soap")) {
                out.add(new Endpoint(key[1], key[2], key.length == 4 ? key[3] : null, d.props().getProperty(k)));
            }
        }
        out.sort(Comparator.comparing(Endpoint::path));
        return out;
    }
}
