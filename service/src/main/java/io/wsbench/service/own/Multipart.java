package io.wsbench.service.own;

/**
 * The text of a {@code multipart/form-data} body around its parts (RFC 7578): what a flow's {@code multipart:} step and
 * an OpenAPI sample both write, so that a part's head is written one way. A name's or a file name's quote is written
 * {@code %22}, as browsers write it.
 */
public final class Multipart {

    private Multipart() {
    }

    /** A part's head, up to its content: its name, and where not null its file's name and its media type. */
    public static String head(String boundary, String name, String filename, String contentType) {
        StringBuilder head = new StringBuilder("--").append(boundary).append("\r\nContent-Disposition: form-data; name=\"")
                .append(name.replace("\"", "%22")).append('"');
        if (filename != null) {
            head.append("; filename=\"").append(filename.replace("\"", "%22")).append('"');
        }
        if (contentType != null) {
            head.append("\r\nContent-Type: ").append(contentType);
        }
        return head.append("\r\n\r\n").toString();
    }

    /** What ends a part's content, before the next part's head or the end. */
    public static final String AFTER_PART = "\r\n";

    /** The body's end, after its last part. */
    public static String end(String boundary) {
        return "--" + boundary + "--\r\n";
    }
}
