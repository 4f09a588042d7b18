package io.wsbench.service.own;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.net.URLConnection;
import java.net.URLDecoder;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The documents a user's service is described by (a WSDL, the schemas and WSDLs it imports, an OpenAPI spec), read from a
 * file or an HTTP server: the credentials a URL carries ({@code http://USER:PASSWORD@host/service?wsdl}, as curl, SoapUI
 * and zeep take them) sent to its own host only, and why a document could not be read said in a user's words.
 */
public final class RemoteDocuments {

    /** How long a server may take to answer: one that never does is a line, not a wait without end. */
    private static final int READ_TIMEOUT_MILLIS = 30_000;
    private static final int MAX_REDIRECTS = 5;

    private RemoteDocuments() {
    }

    /**
     * The document at {@code url}: a file, or what an HTTP server answers within {@link #READ_TIMEOUT_MILLIS}, with the
     * URL's Basic credentials; redirects are followed by hand, so that none carries them to another host. An answer
     * other than 2xx is an IOException that says its status.
     */
    public static byte[] read(String url) throws IOException {
        URL own = new URL(url);
        URL u = own;
        for (int redirects = 0; ; redirects++) {
            URLConnection c = u.openConnection();
            c.setConnectTimeout(READ_TIMEOUT_MILLIS);
            c.setReadTimeout(READ_TIMEOUT_MILLIS);
            if (c instanceof HttpURLConnection http) {
                http.setInstanceFollowRedirects(false);
                boolean credentials = own.getUserInfo() != null && sameServer(u, own);
                if (credentials) {
                    http.setRequestProperty("Authorization", basic(own));
                }
                int status = http.getResponseCode();
                String location = http.getHeaderField("Location");
                if (status >= 300 && status < 400 && location != null && redirects < MAX_REDIRECTS) {
                    http.disconnect();
                    u = new URL(u, location);
                    continue;
                }
                if (status < 200 || status >= 300) {
                    http.disconnect();
                    throw new IOException("the server answered " + status
                            + (http.getResponseMessage() == null ? "" : " " + http.getResponseMessage())
                            + (status != 401 && status != 403 ? ""
                            : own.getUserInfo() == null ? " (it asks for credentials: write them into the URL, a user and a password before its host)"
                            : !credentials ? " after a redirect to " + u.getHost() + (u.getPort() < 0 ? "" : ":" + u.getPort())
                            + ", which the URL's credentials are not sent to"
                            : ": it refused the credentials in the URL"));
                }
            }
            try (InputStream in = c.getInputStream()) {
                return in.readAllBytes();
            }
        }
    }

    /** The {@code Authorization} header of the Basic credentials in {@code url}'s user information (percent-decoded). */
    public static String basic(URL url) {
        return "Basic " + Base64.getEncoder().encodeToString(
                URLDecoder.decode(url.getUserInfo(), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
    }

    /** Whether {@code a} is on {@code b}'s host and port, where a URL's credentials may go. */
    public static boolean sameServer(URL a, URL b) {
        return a.getHost().equalsIgnoreCase(b.getHost()) && a.getPort() == b.getPort() && a.getProtocol().equals(b.getProtocol());
    }

    /** Why a document could not be read, in a user's words. */
    public static String why(IOException e) {
        return e instanceof UnknownHostException ? "unknown host " + e.getMessage()
                : e instanceof FileNotFoundException ? "no such file"
                : e instanceof SocketTimeoutException ? "no answer within " + READ_TIMEOUT_MILLIS / 1000 + " s"
                : e instanceof ConnectException ? "nothing listens there: " + e.getMessage()
                : e.getClass() == IOException.class ? e.getMessage() : e.toString();
    }
}
