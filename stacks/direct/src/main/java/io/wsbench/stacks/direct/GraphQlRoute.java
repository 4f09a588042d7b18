package io.wsbench.stacks.direct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.GraphqlErrorException;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;

import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Quake;
import io.wsbench.contract.seismic.Query;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Seed 000's hello over GraphQL, executed by graphql-java (and {@code greet}, a field with arguments,
 * for variables from rows and errors to count): {@code POST /graphql} with GraphQL over
 * HTTP's JSON ({@code query}, {@code operationName}, {@code variables}), answered with the result as
 * the spec writes it ({@code data}, and {@code errors} when there are any, under a 200). A body that
 * is not such JSON is a 400, as the GraphQL over HTTP spec asks.
 */
final class GraphQlRoute {

    /** The schema: what the direct stack serves over GraphQL. */
    static final String SCHEMA = """
            type Query {
              "Seed 000's greeting"
              hello: String!
              "Hello, name, said times times; times below 1 is an error, answered as GraphQL answers one: under a 200"
              greet(name: String!, times: Int = 1): String
              "Seed 001's query: every bound optional, lower bounds inclusive, upper exclusive"
              matchQuakes(query: QuakeQuery!): Results!
            }
            "Dates are ISO-8601 instants"
            input QuakeQuery {
              minDate: String, maxDate: String, minLong: Float, maxLong: Float, minLat: Float, maxLat: Float,
              minMag: Float, maxMag: Float, minDepth: Float, maxDepth: Float
            }
            type Results { count: Int!, resultSets: [ResultSet!]! }
            type ResultSet { areaName: String!, regions: [Region!]!, quakes: [Quake!]! }
            type Region { ident: String!, index: Int!, name: String! }
            "millis is a string: GraphQL's Int has 32 bits"
            type Quake {
              time: String!, millis: String!, latitude: Float!, longitude: Float!, depth: Float!, magnitude: Float!,
              method: String!, region: String!
            }
            """;
    private static final String JSON = "application/json; charset=utf-8";

    private final ObjectMapper json = new ObjectMapper();
    private final GraphQL graphql;

    GraphQlRoute(HelloRoutes hello, Catalog catalog) {
        RuntimeWiring wiring = RuntimeWiring.newRuntimeWiring()
                .type("Query", t -> t.dataFetcher("hello", env -> hello.greeting())
                        .dataFetcher("greet", env -> greet(env.getArgument("name"), env.getArgument("times")))
                        .dataFetcher("matchQuakes", env -> matchQuakes(catalog, env.getArgument("query"))))
                .build();
        GraphQLSchema schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(SCHEMA), wiring);
        this.graphql = GraphQL.newGraphQL(schema).build();
    }

    /** The results as maps, the shape graphql-java's default fetchers read, the same fields as the SOAP answer's. */
    private static Map<String, Object> matchQuakes(Catalog catalog, Map<String, Object> q) {
        Query query = new Query(date(q.get("minDate")), date(q.get("maxDate")), num(q.get("minLong")), num(q.get("maxLong")),
                num(q.get("minLat")), num(q.get("maxLat")), num(q.get("minMag")), num(q.get("maxMag")),
                num(q.get("minDepth")), num(q.get("maxDepth")));
        List<Map<String, Object>> sets = new ArrayList<>();
        int count = 0;
        for (Catalog.ResultSet rs : catalog.match(query)) {
            List<Map<String, Object>> regions = new ArrayList<>();
            for (int r : rs.regions()) {
                regions.add(Map.of("ident", Catalog.regionIdent(r), "index", r, "name", catalog.regionName(r)));
            }
            List<Map<String, Object>> quakes = new ArrayList<>(rs.quakes().size());
            for (Quake k : rs.quakes()) {
                Map<String, Object> m = new HashMap<>(12);
                m.put("time", DateTimeFormatter.ISO_INSTANT.format(Instant.ofEpochMilli(k.millis())));
                m.put("millis", Long.toString(k.millis()));
                m.put("latitude", k.latitude());
                m.put("longitude", k.longitude());
                m.put("depth", k.depth());
                m.put("magnitude", k.magnitude());
                m.put("method", k.method());
                m.put("region", Catalog.regionIdent(k.region()));
                quakes.add(m);
            }
            count += quakes.size();
            sets.add(Map.of("areaName", rs.area().name(), "regions", regions, "quakes", quakes));
        }
        return Map.of("count", count, "resultSets", sets);
    }

    private static Long date(Object iso) {
        return iso == null ? null : SeismicRoute.date(iso.toString());
    }

    private static Float num(Object v) {
        return v == null ? null : ((Number) v).floatValue();
    }

    private static String greet(String name, Integer times) {
        int n = times == null ? 1 : times;
        if (n < 1) {
            throw GraphqlErrorException.newErrorException().message("times must be 1 or more, not " + n).build();
        }
        return String.join(" ", java.util.Collections.nCopies(n, "Hello " + name));
    }

    HelloRoutes.Answer execute(byte[] body) {
        JsonNode request;
        try {
            request = json.readTree(body);
        } catch (IOException e) {
            return HelloRoutes.Answer.of(400, JSON, "{\"errors\":[{\"message\":\"the body is not JSON\"}]}");
        }
        JsonNode query = request == null ? null : request.get("query");
        if (query == null || !query.isTextual()) {
            return HelloRoutes.Answer.of(400, JSON, "{\"errors\":[{\"message\":\"no query in the body\"}]}");
        }
        ExecutionInput.Builder input = ExecutionInput.newExecutionInput().query(query.asText());
        JsonNode name = request.get("operationName");
        if (name != null && name.isTextual()) {
            input.operationName(name.asText());
        }
        JsonNode variables = request.get("variables");
        if (variables != null && variables.isObject()) {
            @SuppressWarnings("unchecked")
            Map<String, Object> vars = json.convertValue(variables, Map.class);
            input.variables(vars);
        }
        ExecutionResult result = graphql.execute(input.build());
        try {
            return new HelloRoutes.Answer(200, JSON, json.writeValueAsBytes(result.toSpecification()));
        } catch (IOException e) {
            throw new IllegalStateException("a GraphQL result could not be written as JSON", e);
        }
    }
}
