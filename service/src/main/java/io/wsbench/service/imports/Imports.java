package io.wsbench.service.imports;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Document;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * {@code wsbench import}: a SoapUI project, a Postman collection or a JMeter plan, told apart by its
 * content (not its name), made a suite ({@link SuiteDraft.Result}). A pure function of the file, the
 * environment and {@code --url}: importing twice gives the same suite.
 */
public final class Imports {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Imports() {
    }

    /**
     * {@code environments}: Postman environments or globals (JSON) or {@code .properties} files whose values fill the
     * file's variables and properties (JMeter's {@code __P}, SoapUI's {@code #Global}), a later file's value winning;
     * empty for none. {@code url}: an origin every target is sent to instead of the file's (a test copy of the service);
     * null to keep them. {@code folder}: the folder, relative to the suite, that the files the suite reads are written in
     * (its data, its WSDLs), so that no file of the user's beside the suite is written over (a JMeter plan's own CSV was);
     * empty: beside it. {@code data}: a Postman collection's iteration data (a CSV with a header row, or a JSON list of
     * objects, as newman's {@code -d} reads), a row an iteration; null for none. {@code values}: values given one by one
     * ({@code --var NAME=VALUE}, as newman's {@code --env-var} and JMeter's {@code -J}), winning over the files'.
     */
    public record Options(List<Path> environments, String url, String folder, Path data, Map<String, String> values) {

        public Options {
            environments = environments == null ? List.of() : List.copyOf(environments);
            values = values == null ? Map.of() : Map.copyOf(values);
        }

        public Options(Path environment, String url, String folder) {
            this(environment == null ? List.of() : List.of(environment), url, folder, null, null);
        }
    }

    /** What the import made: see {@link SuiteDraft.Result}. Every error is one line that names the file. */
    public static SuiteDraft.Result read(Path file, Options options) throws OwnServiceException {
        try {
            return convert(file, options);
        } catch (OwnServiceException e) {
            String m = e.getMessage();
            boolean named = m.startsWith(file.toString()) || options.environments().stream().anyMatch(env -> m.startsWith(env.toString()))
                    || options.data() != null && m.startsWith(options.data().toString());
            throw named ? e : e instanceof SuiteDraft.NothingToLoad n ? new SuiteDraft.NothingToLoad(file + ": " + m, n.skipped())
                    : new OwnServiceException(file + ": " + m);
        }
    }

    private static SuiteDraft.Result convert(Path file, Options options) throws OwnServiceException {
        byte[] bytes = bytes(file, "");
        String source = file.toString();
        // Postman's globals lose to a collection's own variables, which lose to its environment's: kept apart until then
        Map<String, String> globals = new LinkedHashMap<>();
        Map<String, String> environment = new LinkedHashMap<>();
        for (Path e : options.environments()) {
            environment(e, globals, environment);
        }
        environment.putAll(new java.util.TreeMap<>(options.values())); // in a fixed order: the import is a pure function
        URI to = options.url() == null ? null : SuiteDraft.uri(options.url());
        if (to != null && (to.getRawPath() != null && !to.getRawPath().isEmpty() && !to.getRawPath().equals("/") || to.getRawQuery() != null)) {
            throw new OwnServiceException("--url " + options.url() + ": an origin (http://host:port) is sent every request, with the"
                    + " file's own paths; a path or query of its would not be used");
        }
        SuiteDraft.Where origin = new SuiteDraft.Where(to, options.folder() == null ? "" : options.folder());
        int start = contentStart(bytes);
        if (start == bytes.length) {
            throw new OwnServiceException(source + ": the file is empty");
        }
        if (bytes[start] == '<') {
            Document doc = Dom.parse(bytes, source);
            String root = Dom.local(doc.getDocumentElement());
            String ns = doc.getDocumentElement().getNamespaceURI();
            boolean soapUi = root.equals("soapui-project") && (ns == null || ns.contains("eviware.com/soapui/config"));
            if (options.data() != null && (soapUi || root.equals("jmeterTestPlan"))) {
                throw new OwnServiceException("--data " + options.data() + ": iteration data is a Postman collection's (newman -d);"
                        + (soapUi ? " a SoapUI project's" : " a JMeter plan's CSV Data Set's") + " rows come with the file");
            }
            Map<String, String> properties = new LinkedHashMap<>(globals);
            properties.putAll(environment);
            if (soapUi) {
                return SoapUiProject.convert(doc, source, properties, origin);
            }
            if (root.equals("jmeterTestPlan")) {
                Path dir = file.toAbsolutePath().getParent();
                return JmeterPlan.convert(doc, source, dir, properties, origin);
            }
            throw new OwnServiceException(source + ": an XML file whose root is <" + root + ">: not a SoapUI project"
                    + " (<con:soapui-project>) or a JMeter plan (<jmeterTestPlan>)");
        }
        if (bytes[start] == '{') {
            JsonNode json = json(bytes, source);
            JsonNode c = json.has("collection") && !json.has("item") ? json.get("collection") : json;
            String schema = c.path("info").path("schema").asText("");
            if (schema.contains("schema.getpostman.com/json/collection") || c.path("info").has("_postman_id") && c.has("item")) {
                if (!schema.isEmpty() && !schema.contains("/v2.0.") && !schema.contains("/v2.1.")) {
                    throw new OwnServiceException(source + ": a Postman collection of schema " + schema
                            + ": wsbench reads v2.0 and v2.1 (export it again from Postman as v2.1)");
                }
                return PostmanCollection.convert(json, source, globals, environment,
                        options.data() == null ? null : iterationData(options.data()), origin);
            }
            if (json.has("values") && json.path("_postman_variable_scope").asText("").equals("environment")) {
                throw new OwnServiceException(source + ": a Postman environment, not a collection: give it with --environment,"
                        + " after the collection");
            }
            if (json.has("requests") && json.has("order")) {
                throw new OwnServiceException(source + ": a Postman collection of the v1 format: export it again from Postman as v2.1");
            }
            throw new OwnServiceException(source + ": JSON, but not a Postman collection (no info.schema of"
                    + " schema.getpostman.com)");
        }
        if (bytes[start] == '[') {
            throw new OwnServiceException(source + ": a JSON list, not a Postman collection (an object with info and item)");
        }
        throw new OwnServiceException(source + ": neither XML nor JSON: not a SoapUI project, a Postman collection or a JMeter plan");
    }

    /** Where a file's content starts: past a UTF-8 byte order mark and white space ({@code bytes.length} for none). */
    private static int contentStart(byte[] bytes) {
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        while (start < bytes.length && Character.isWhitespace(bytes[start])) {
            start++;
        }
        return start;
    }

    private static byte[] bytes(Path file, String what) throws OwnServiceException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new OwnServiceException(file + ": no such " + (what.isEmpty() ? "file" : what));
        } catch (IOException e) {
            throw new OwnServiceException(file + ": cannot be read: " + e.getMessage());
        }
    }

    private static JsonNode json(byte[] bytes, String source) throws OwnServiceException {
        try {
            return JSON.readTree(bytes);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new OwnServiceException(source + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
                    + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new OwnServiceException(source + ": cannot be read: " + e.getMessage());
        }
    }

    /**
     * A file a project or plan names (a data set's, an included plan's): as written, relative to {@code dir} or absolute,
     * where it exists, else by its name alone in {@code dir} (a file named on its author's machine, {@code C:\\data\\rows.csv},
     * copied beside the plan); null when neither is there.
     */
    static Path beside(Path dir, String written) {
        String name = written.substring(Math.max(written.lastIndexOf('/'), written.lastIndexOf('\\')) + 1);
        for (String t : List.of(written, name)) {
            try {
                Path p = dir.resolve(t).normalize();
                if (!t.isBlank() && Files.isRegularFile(p)) {
                    return p;
                }
            } catch (java.nio.file.InvalidPathException e) {
                // a name this system cannot hold: the next try
            }
        }
        return null;
    }

    /**
     * A Postman environment's or globals' enabled values (into {@code globals} for a globals file, as Postman exports
     * it: {@code _postman_variable_scope} {@code globals}), or a {@code .properties} file's (into {@code environment}).
     */
    static void environment(Path file, Map<String, String> globals, Map<String, String> environment) throws OwnServiceException {
        byte[] bytes = bytes(file, "environment file");
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        if (text.startsWith("{")) {
            JsonNode env = json(bytes, file.toString());
            if (!env.path("values").isArray()) {
                throw new OwnServiceException(file + ": not a Postman environment (no 'values' list)");
            }
            Map<String, String> out = env.path("_postman_variable_scope").asText("").equals("globals") ? globals : environment;
            for (JsonNode v : env.path("values")) {
                if (v.path("enabled").asBoolean(true)) {
                    out.put(v.path("key").asText(), v.path("value").asText(""));
                }
            }
            return;
        }
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw new OwnServiceException(file + ": not a .properties file: " + e.getMessage());
        }
        p.stringPropertyNames().stream().sorted().forEach(k -> environment.put(k, p.getProperty(k)));
    }

    /**
     * A Postman collection's iteration data, as newman's {@code -d} reads it: a CSV whose first row names the columns,
     * or a JSON list of objects (a column a key of any of them; a value not a string written as JSON, one absent empty).
     * The header first, then a row an iteration.
     */
    static List<String[]> iterationData(Path file) throws OwnServiceException {
        byte[] bytes = bytes(file, "data file");
        int start = contentStart(bytes);
        List<String[]> table = new ArrayList<>();
        if (start < bytes.length && (bytes[start] == '[' || bytes[start] == '{')) {
            JsonNode list = json(bytes, file.toString());
            if (!list.isArray() || list.isEmpty() || !list.get(0).isObject()) {
                throw new OwnServiceException(file + ": iteration data in JSON is a list of objects, one an iteration"
                        + " ([{\"user\": \"ann\"}, …])");
            }
            java.util.LinkedHashSet<String> columns = new java.util.LinkedHashSet<>();
            for (int i = 0; i < list.size(); i++) {
                if (!list.get(i).isObject()) {
                    throw new OwnServiceException(file + ": iteration data in JSON is a list of objects; item " + (i + 1)
                            + " is " + list.get(i).getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
                }
                list.get(i).fieldNames().forEachRemaining(columns::add);
            }
            table.add(columns.toArray(String[]::new));
            for (JsonNode row : list) {
                table.add(columns.stream().map(c -> {
                    JsonNode v = row.get(c);
                    return v == null || v.isNull() ? "" : v.isValueNode() ? v.asText() : v.toString();
                }).toArray(String[]::new));
            }
            return table;
        }
        io.wsbench.service.own.DataRows rows = io.wsbench.service.own.DataRows.read(file);
        table.add(rows.columns().toArray(String[]::new));
        for (int i = 0; i < rows.size(); i++) {
            table.add(rows.values(i));
        }
        return table;
    }
}
