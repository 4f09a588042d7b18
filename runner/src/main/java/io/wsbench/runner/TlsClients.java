package io.wsbench.runner;

import io.wsbench.core.load.ClientTls;
import io.wsbench.model.load.TlsSettings;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.TargetSpec;

import java.net.URI;

/** How wsbench turns TLS settings into the TLS client of an https:// URL, for {@code load} and a suite's targets alike. */
public final class TlsClients {

    private TlsClients() {
    }

    public static boolean https(URI url) {
        return "https".equalsIgnoreCase(url.getScheme());
    }

    /** The TLS client of {@code settings} for {@code url}; a file that can't be used is a {@link TargetException}. */
    public static ClientTls of(TlsSettings settings, URI url) {
        try {
            return ClientTls.of(settings, url.getHost(), Reachable.address(url).getPort());
        } catch (IllegalArgumentException e) {
            throw new TargetException(url + ": " + e.getMessage());
        }
    }

    /** The TLS client of a suite's url: target, its files relative to the suite; null for http://. */
    public static ClientTls forTarget(Suite suite, TargetSpec target) {
        return forTarget(suite, target, URI.create(target.url()));
    }

    /** The TLS client of {@code target} at {@code url}: its address may come from its WSDL or OpenAPI spec. */
    public static ClientTls forTarget(Suite suite, TargetSpec target, URI url) {
        if (!https(url)) {
            return null;
        }
        return of(target.tls() == null ? TlsSettings.DEFAULT : target.tls().settings(suite::resolve), url);
    }
}
