package io.wsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.wsbench.contract.hello.HelloContract;
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
import io.wsbench.runner.Home;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
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
 * The WSDL every SOAP endpoint serves, as a user's client would start from it: for every stack and
 * version line built here and every SOAP endpoint its descriptor declares (so a new one is covered),
 * the WSDL at ENDPOINT?wsdl names ENDPOINT itself for its port of the endpoint's SOAP version, names
 * no address the stack does not serve, and `load --wsdl` built from it reaches ENDPOINT. A plain
 * endpoint then gives the oracle's answers; a secured one refuses every request with a SOAP fault,
 * since load sends what the user's template says and signs nothing (it cannot apply a WSDL's policy).
 */
class ServedWsdlTest {

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

    @TestFactory
    Stream<DynamicTest> everyServedWsdlNamesItsOwnAddressAndLoadGetsTheOraclesAnswers() throws Exception {
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
        Path rows = seismicRows();
        Path template = Files.writeString(dir.resolve("query.xml"), QUERY);
        return soap.stream().map(b -> DynamicTest.dynamicTest(b.label() + ": " + soapEndpoints(b.stack()).size() + " SOAP endpoints",
                () -> checkEveryEndpoint(b, rows, template)));
    }

    private static void checkEveryEndpoint(Build b, Path rows, Path template) throws Exception {
        RunningStack stack;
        try {
            stack = new StackLauncher(Files.createTempDirectory(dir, b.stack().name())).start(b.stack(), 0, b.options());
        } catch (StackException e) {
            Assumptions.assumeFalse(e.unavailable(), b.label() + " cannot run here: " + e.getMessage());
            throw e;
        }
        try {
            List<Endpoint> endpoints = soapEndpoints(b.stack());
            assertAll(endpoints.stream().map(e -> (Executable) () -> checkEndpoint(b, stack, endpoints, e, rows, template)));
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
