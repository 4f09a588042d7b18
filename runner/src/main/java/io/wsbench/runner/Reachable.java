package io.wsbench.runner;

import io.wsbench.model.Redacted;
import io.wsbench.core.load.ClientTls;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;

/** Whether a URL's server accepts connections: checked before any load is sent, so a typo costs no run. */
public final class Reachable {

    private static final int TIMEOUT_MILLIS = 3000;

    private Reachable() {
    }

    /** The address of the server of an http:// or https:// URL; port 80 or 443 where the URL names none. */
    public static InetSocketAddress address(URI url) {
        return new InetSocketAddress(url.getHost(), url.getPort() > 0 ? url.getPort() : TlsClients.https(url) ? 443 : 80);
    }

    /** The address of {@code url}'s server, once it accepted a connection; else a {@link TargetException}. */
    public static InetSocketAddress check(URI url) {
        return check(url, null, false);
    }

    /**
     * The same, and for an https:// URL ({@code tls} not null) a TLS handshake with one HEAD request
     * after it, so an untrusted certificate or a refused client certificate stops the run before any load;
     * for a target loaded over HTTP/2 ({@code h2}), a handshake that asks for h2 and HTTP/2's preface.
     */
    public static InetSocketAddress check(URI url, ClientTls tls, boolean h2) {
        return check(url, tls != null && h2 ? tls.forH2() : tls);
    }

    private static InetSocketAddress check(URI url, ClientTls tls) {
        InetSocketAddress address = address(url);
        try (Socket s = new Socket()) {
            s.connect(address, TIMEOUT_MILLIS);
        } catch (IOException e) {
            String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            throw new TargetException("cannot connect to " + Redacted.url(url.toString()) + ": " + why);
        }
        if (tls != null) {
            String failure = tls.probe(address, url, Duration.ofMillis(TIMEOUT_MILLIS));
            if (failure != null) {
                throw new TargetException("TLS handshake with " + Redacted.url(url.toString()) + " failed: " + failure);
            }
        }
        return address;
    }
}
