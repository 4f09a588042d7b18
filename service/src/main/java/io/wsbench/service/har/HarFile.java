package io.wsbench.service.har;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.core.load.Redirects;
import io.wsbench.service.own.OwnServiceException;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
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
     * A message of a recorded WebSocket, as Chromium (since 76), HTTP Toolkit and Proxyman export them
     * ({@code _webSocketMessages}): {@code sent} by the browser or received, when (epoch ms), its
     * opcode (1 text, 2 binary, its data then base64) and data.
     */
    public record Message(boolean sent, double atMillis, int opcode, String data) {
    }

    /**
     * One request and its answer. {@code startedMillis}: when it was sent (epoch ms); {@code millis}:
     * how long it took; {@code resourceType}: Chromium's word for it (document, xhr, fetch, image,
     * stylesheet, script, font, websocket, ...), null where the recorder gives none; {@code messages}:
     * a WebSocket's, in order (empty for any other request).
     */
    public record Entry(String method, URI url, List<Pair> headers, String bodyType, String body, List<Pair> form,
                        int status, List<Pair> answerHeaders, String answerType, String answer, double startedMillis,
                        double millis, String resourceType, List<Message> messages, String httpVersion) {

        /** Whether it went over HTTP/2, as its recorder wrote the version ("http/2.0" Chromium's, "HTTP/2" Firefox's, "h2"). */
        public boolean overHttp2() {
            String v = httpVersion == null ? "" : httpVersion.strip().toLowerCase(Locale.ROOT);
            return v.equals("h2") || v.startsWith("http/2");
        }

        /** Whether it opened a WebSocket (ws:// or wss://, or an upgrade to one answered 101). */
        public boolean socket() {
            return url.getScheme().toLowerCase(Locale.ROOT).startsWith("ws") || "websocket".equals(resourceType)
                    || status == 101 && "websocket".equalsIgnoreCase(String.valueOf(header("Upgrade")));
        }

        /** Whether {@code next} is the request a browser makes following this one's redirect within its origin. */
        public boolean followedBy(Entry next) {
            String location = answerHeader("Location");
            if (!Redirects.redirect(status) || location == null) {
                return false;
            }
            URI to;
            try {
                to = url.resolve(location.strip());
            } catch (IllegalArgumentException notAUrl) {
                return false;
            }
            return next.method().equals(Redirects.methodAfter(status, method))
                    && Redirects.sameOrigin(url, to) && Redirects.sameOrigin(to, next.url())
                    && java.util.Objects.equals(to.getRawPath(), next.url().getRawPath())
                    && java.util.Objects.equals(to.getRawQuery(), next.url().getRawQuery());
        }

        /** Whether it fetched an image, a stylesheet, a script, a font or the like: by Chromium's word, else its answer's type or path. */
        public boolean asset() {
            if (resourceType != null) {
                return ASSET_TYPES.contains(resourceType);
            }
            String type = answerType.toLowerCase(Locale.ROOT);
            return type.startsWith("image/") || type.startsWith("font/") || type.contains("css") || type.contains("javascript")
                    || ASSET_PATH.matcher(url.getRawPath() == null ? "" : url.getRawPath()).matches();
        }

        /** The same request sending {@code text} as its body (a WebSocket message read as a body is). */
        public Entry sending(String text) {
            String t = text.strip();
            return new Entry(method, url, headers, t.startsWith("{") || t.startsWith("[") ? "application/json" : "text/plain",
                    text, List.of(), status, answerHeaders, answerType, answer, startedMillis, millis, resourceType, messages, httpVersion);
        }

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

        /** scheme://host:port of its URL (a WebSocket's as its HTTP scheme), the port written only when it is not the scheme's own. */
        public String origin() {
            String scheme = url.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("ws") ? "http" : scheme.equals("wss") ? "https" : scheme) + "://" + url.getRawAuthority();
        }

        /** Its path and query as sent. */
        public String pathAndQuery() {
            String p = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
            return url.getRawQuery() == null ? p : p + "?" + url.getRawQuery();
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final java.util.Set<String> ASSET_TYPES = java.util.Set.of("image", "stylesheet", "script", "font", "media",
            "manifest", "texttrack");
    private static final java.util.regex.Pattern ASSET_PATH = java.util.regex.Pattern.compile(
            ".*\\.(png|jpe?g|gif|svg|ico|webp|avif|css|js|mjs|map|woff2?|ttf|otf|eot|mp4|webm|mp3)$",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /** Reads {@code file}; a file that is not a HAR is one line naming it. */
    public static HarFile read(Path file) throws OwnServiceException {
        JsonNode root;
        try {
            root = JSON.readTree(io.wsbench.service.own.UserText.read(file)); // Fiddler writes a byte order mark first
        } catch (NoSuchFileException e) {
            throw new OwnServiceException("no such file: " + file);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new OwnServiceException(file + ": not UTF-8 text (a HAR file is JSON)");
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
                e.hasNonNull("_resourceType") ? e.path("_resourceType").asText() : null, messages(e.path("_webSocketMessages")),
                res.hasNonNull("httpVersion") ? res.path("httpVersion").asText() : req.path("httpVersion").asText(""));
    }

    private static List<Message> messages(JsonNode array) {
        List<Message> out = new ArrayList<>();
        for (JsonNode m : array) {
            out.add(new Message("send".equalsIgnoreCase(m.path("type").asText()), m.path("time").asDouble(0) * 1000,
                    m.path("opcode").asInt(1), m.path("data").asText("")));
        }
        return List.copyOf(out);
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
