package io.wsbench.service.har;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.service.own.OwnServiceException;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * A HAR 1.2 file (HTTP Archive, as Chromium, Firefox, Playwright and mitmproxy write them): its
 * entries in the order they were sent, each request and its answer. Bodies written in base64
 * ({@code "encoding": "base64"}) are decoded; an answer without its text (a recorder told to leave
 * bodies out) reads as empty.
 */
public record HarFile(String creator, List<Entry> entries) {

    /** One header (or query parameter, or form field) as recorded: names keep their case. */
    public record Pair(String name, String value) {
    }

    /**
     * One request and its answer. {@code startedMillis}: when it was sent (epoch ms); {@code millis}:
     * how long it took; {@code resourceType}: Chromium's word for it (document, xhr, fetch, image,
     * stylesheet, script, font, ...), null where the recorder gives none.
     */
    public record Entry(String method, URI url, List<Pair> headers, String bodyType, String body, List<Pair> form,
                        int status, List<Pair> answerHeaders, String answerType, String answer, double startedMillis,
                        double millis, String resourceType) {

        /** The last value of the request header {@code name} (any case), or null. */
        public String header(String name) {
            return last(headers, name);
        }

        /** The last value of the answer's header {@code name} (any case), or null. */
        public String answerHeader(String name) {
            return last(answerHeaders, name);
        }

        private static String last(List<Pair> pairs, String name) {
            String v = null;
            for (Pair p : pairs) {
                if (p.name().equalsIgnoreCase(name)) {
                    v = p.value();
                }
            }
            return v;
        }

        /** host:port of its URL, the port written only when it is not the scheme's own. */
        public String origin() {
            return url.getScheme() + "://" + url.getRawAuthority();
        }

        /** Its path and query as sent. */
        public String pathAndQuery() {
            String p = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
            return url.getRawQuery() == null ? p : p + "?" + url.getRawQuery();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Reads {@code file}; a file that is not a HAR is one line naming it. */
    public static HarFile read(Path file) throws OwnServiceException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            throw new OwnServiceException("no such file: " + file);
        } catch (JsonProcessingException e) {
            throw new OwnServiceException(file + ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr()
                    + ": not JSON: " + e.getOriginalMessage().lines().findFirst().orElse(""));
        } catch (IOException e) {
            throw new OwnServiceException("cannot read " + file + ": " + e.getMessage());
        }
        JsonNode entries = root.path("log").path("entries");
        if (!entries.isArray()) {
            throw new OwnServiceException(file + ": not a HAR file (no log.entries)");
        }
        List<Entry> out = new ArrayList<>();
        int i = 0;
        for (JsonNode e : entries) {
            i++;
            try {
                out.add(entry(e));
            } catch (RuntimeException bad) {
                throw new OwnServiceException(file + ": entry " + i + " is not a HAR entry: " + bad.getMessage());
            }
        }
        out.sort(java.util.Comparator.comparingDouble(Entry::startedMillis));
        JsonNode creator = root.path("log").path("creator");
        return new HarFile((creator.path("name").asText("") + " " + creator.path("version").asText("")).trim(), List.copyOf(out));
    }

    private static Entry entry(JsonNode e) {
        JsonNode req = e.path("request");
        JsonNode res = e.path("response");
        JsonNode post = req.path("postData");
        JsonNode content = res.path("content");
        String answer = content.path("text").asText("");
        if ("base64".equalsIgnoreCase(content.path("encoding").asText("")) && !answer.isEmpty()) {
            answer = new String(Base64.getMimeDecoder().decode(answer), StandardCharsets.UTF_8);
        }
        String url = req.path("url").asText();
        if (url.isEmpty()) {
            throw new IllegalArgumentException("no request.url");
        }
        return new Entry(req.path("method").asText("GET").toUpperCase(Locale.ROOT), URI.create(url), pairs(req.path("headers")),
                post.isMissingNode() ? null : post.path("mimeType").asText(""), post.isMissingNode() ? null : post.path("text").asText(""),
                pairs(post.path("params")), res.path("status").asInt(), pairs(res.path("headers")), content.path("mimeType").asText(""),
                answer, started(e.path("startedDateTime").asText("")), e.path("time").asDouble(0),
                e.hasNonNull("_resourceType") ? e.path("_resourceType").asText() : null);
    }

    private static List<Pair> pairs(JsonNode array) {
        List<Pair> out = new ArrayList<>();
        for (JsonNode p : array) {
            out.add(new Pair(p.path("name").asText(), p.path("value").asText("")));
        }
        return List.copyOf(out);
    }

    private static double started(String iso) {
        try {
            OffsetDateTime t = OffsetDateTime.parse(iso);
            return t.toEpochSecond() * 1000.0 + t.getNano() / 1e6;
        } catch (DateTimeParseException e) {
            return 0;
        }
    }
}
