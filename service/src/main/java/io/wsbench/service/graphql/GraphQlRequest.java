package io.wsbench.service.graphql;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import graphql.language.Document;
import graphql.language.ListType;
import graphql.language.NonNullType;
import graphql.language.OperationDefinition;
import graphql.language.SourceLocation;
import graphql.language.Type;
import graphql.language.TypeName;
import graphql.language.VariableDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.service.own.AnswerSchema;
import io.wsbench.service.own.OwnRequest;
import io.wsbench.service.own.OwnServiceException;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A GraphQL operation, POSTed as GraphQL over HTTP asks ({@code {"query", "operationName",
 * "variables"}}, application/json), its variables filled from the user's rows: each variable the
 * query declares takes the column of its name, written as its declared type wants it (Int and Float
 * as JSON numbers, Boolean as true or false, lists and input objects as the JSON the column holds,
 * the rest as strings). The query is parsed once, by graphql-java's parser, before any load: a query
 * that does not parse is one line naming its line and column. A variable the query requires
 * ({@code $id: ID!} without a default) must have its column; an optional one whose column the data
 * lacks is left out of the variables, as an optional body field is for REST.
 */
public final class GraphQlRequest implements OwnRequest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory();

    /** How a variable's column is written into the variables. */
    enum Kind { INT, FLOAT, BOOLEAN, STRING, RAW }

    record Variable(String name, String type, Kind kind, boolean required) {
    }

    private final String query;
    private final String operationName;
    private final List<Variable> sent;

    private GraphQlRequest(String query, String operationName, List<Variable> sent) {
        this.query = query;
        this.operationName = operationName;
        this.sent = sent;
    }

    /**
     * {@code query}: the document's text, read from {@code source} (named in errors); {@code operation}:
     * which of its operations, when it holds several; {@code columns}: the data's header, or null for no data.
     */
    public static GraphQlRequest of(String query, String source, String operation, Set<String> columns) throws OwnServiceException {
        Document doc;
        try {
            doc = Parser.parse(query);
        } catch (InvalidSyntaxException e) {
            SourceLocation at = e.getLocation();
            String where = at == null ? source : source + ":" + at.getLine() + ":" + at.getColumn();
            throw new OwnServiceException(where + ": not a GraphQL query: " + firstLine(e.getMessage()));
        }
        List<OperationDefinition> ops = doc.getDefinitionsOfType(OperationDefinition.class);
        if (ops.isEmpty()) {
            throw new OwnServiceException(source + ": holds no GraphQL operation (a query, a mutation or a subscription)");
        }
        OperationDefinition op;
        if (operation != null) {
            op = ops.stream().filter(o -> operation.equals(o.getName())).findFirst().orElseThrow(() -> new OwnServiceException(
                    source + ": has no operation '" + operation + "' (it has: " + names(ops) + ")"));
        } else if (ops.size() > 1) {
            throw new OwnServiceException(source + ": holds " + ops.size() + " operations (" + names(ops) + "): name one with --operation");
        } else {
            op = ops.get(0);
        }
        if (op.getOperation() == OperationDefinition.Operation.SUBSCRIPTION) {
            throw new OwnServiceException(source + ": '" + (op.getName() == null ? "the operation" : op.getName())
                    + "' is a subscription: wsbench loads queries and mutations, each answered once");
        }
        List<Variable> sent = new ArrayList<>();
        for (VariableDefinition v : op.getVariableDefinitions()) {
            Variable var = variable(v);
            boolean has = columns != null && columns.contains(var.name());
            if (var.required() && !has) {
                throw new OwnServiceException(source + ": $" + var.name() + " (" + var.type() + ") is required, and "
                        + (columns == null ? "no rows were given: give them with --variables-from FILE.csv"
                        : "the rows have no column " + var.name() + " (they have: " + String.join(", ", columns) + ")"));
            }
            if (has) {
                sent.add(var);
            }
        }
        return new GraphQlRequest(query, op.getName(), List.copyOf(sent));
    }

    private static Variable variable(VariableDefinition v) {
        Type<?> t = v.getType();
        boolean required = t instanceof NonNullType && v.getDefaultValue() == null;
        Type<?> inner = t instanceof NonNullType nn ? nn.getType() : t;
        Kind kind;
        if (inner instanceof ListType) {
            kind = Kind.RAW;
        } else {
            kind = switch (((TypeName) inner).getName()) {
                case "Int" -> Kind.INT;
                case "Float" -> Kind.FLOAT;
                case "Boolean" -> Kind.BOOLEAN;
                case "String", "ID" -> Kind.STRING;
                default -> Kind.STRING; // an enum or a custom scalar: its value as a string; an input object's column holds JSON
            };
        }
        return new Variable(v.getName(), graphql.language.AstPrinter.printAst(t), kind, required);
    }

    private static String names(List<OperationDefinition> ops) {
        return String.join(", ", ops.stream().map(o -> o.getName() == null ? "(unnamed)" : o.getName()).toList());
    }

    private static String firstLine(String s) {
        return s == null ? "" : s.lines().findFirst().orElse("");
    }

    @Override
    public URI endpoint() {
        return null; // a GraphQL server is named by its URL
    }

    @Override
    public Set<String> placeholders() {
        Set<String> names = new LinkedHashSet<>();
        sent.forEach(v -> names.add(v.name()));
        return names;
    }

    /** The request's body for {@code row}: the query, its operation's name, its variables. */
    public byte[] json(Map<String, String> row) {
        ObjectNode body = JSON.createObjectNode();
        body.put("query", query);
        if (operationName != null) {
            body.put("operationName", operationName);
        }
        if (!sent.isEmpty()) {
            ObjectNode vars = body.putObject("variables");
            for (Variable v : sent) {
                String value = row.get(v.name());
                vars.set(v.name(), value(v, value));
            }
        }
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode value(Variable v, String text) {
        if (text == null) {
            return JSON.nullNode();
        }
        try {
            return switch (v.kind()) {
                case INT -> JSON.getNodeFactory().numberNode(Long.parseLong(text.trim()));
                case FLOAT -> JSON.getNodeFactory().numberNode(new BigDecimal(text.trim()));
                case BOOLEAN -> {
                    String b = text.trim().toLowerCase(Locale.ROOT);
                    if (!b.equals("true") && !b.equals("false")) {
                        throw new IllegalArgumentException("$" + v.name() + " is a Boolean, not '" + text + "'");
                    }
                    yield JSON.getNodeFactory().booleanNode(Boolean.parseBoolean(b));
                }
                case RAW -> JSON.readTree(text);
                case STRING -> text.trim().startsWith("{") && !"String".equals(v.type().replace("!", ""))
                        && !"ID".equals(v.type().replace("!", "")) ? JSON.readTree(text) : JSON.getNodeFactory().textNode(text);
            };
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("$" + v.name() + " is " + v.type() + ", not the number '" + text + "'");
        } catch (IOException e) {
            throw new IllegalArgumentException("$" + v.name() + " is " + v.type() + ": its column must hold JSON, not '" + text + "'");
        }
    }

    @Override
    public byte[] wire(URI endpoint, Map<String, String> row, boolean keepAlive) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/json");
        h.put("Accept", "application/graphql-response+json, application/json");
        return HttpRequest.wire("POST", endpoint, h, json(row), keepAlive);
    }

    @Override
    public AnswerSchema answerSchema() throws OwnServiceException {
        return null; // the checks' schema is a JSON Schema; a GraphQL answer's shape is its query's
    }

    @Override
    public boolean soap() {
        return false;
    }

    @Override
    public boolean graphql() {
        return true;
    }

    /**
     * Whether a GraphQL answer carries {@code errors}: a non-empty array at the top of the JSON (the
     * spec leaves the key out when there are none). Read with Jackson's streaming parser, skipping
     * {@code data} whole; an answer that is not JSON carries none here, and the checks judge it.
     */
    public static boolean hasErrors(byte[] body, int length) {
        try (JsonParser p = FACTORY.createParser(body, 0, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                if ("errors".equals(name)) {
                    return value == JsonToken.START_ARRAY && p.nextToken() != JsonToken.END_ARRAY;
                }
                p.skipChildren();
            }
        } catch (IOException notJson) {
            return false;
        }
        return false;
    }
}
