package io.wsbench.cli;

import io.wsbench.core.load.ClientTls;
import io.wsbench.model.load.TlsSettings;
import io.wsbench.model.record.TlsRecord;
import io.wsbench.model.suite.TlsSpec;
import io.wsbench.runner.TlsClients;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;

/** The options of an https:// URL on the command line, and how a TLS client is shown. */
final class TlsOptions {

    @Option(names = "--cacert", paramLabel = "FILE", description = "https: trust the certificates of this PEM file instead of the JDK's trust store")
    Path cacert;

    @Option(names = "--insecure", description = "https: do not verify the server's certificate or host name (printed as a warning and recorded)")
    boolean insecure;

    @Option(names = "--cert", paramLabel = "FILE", description = "https: client certificate (PEM) for mutual TLS, with --key")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", description = "https: the client certificate's private key (PEM, PKCS#8)")
    Path key;

    @Option(names = "--pkcs12", paramLabel = "FILE", description = "https: client key and certificate in a PKCS12 file, for mutual TLS")
    Path pkcs12;

    @Option(names = "--pkcs12-password-env", paramLabel = "VAR", description = "the environment variable holding the --pkcs12 password")
    String passwordEnv;

    @Option(names = "--tls-provider", paramLabel = "P", description = "https: openssl (netty-tcnative's BoringSSL; the default where it loads) or jdk")
    String provider;

    /** Whether any of these options was given. */
    boolean given() {
        return cacert != null || insecure || cert != null || key != null || pkcs12 != null || passwordEnv != null || provider != null;
    }

    /** These options as a suite target's {@code tls:} (files made absolute), or null when none was given. */
    TlsSpec spec() {
        if (!given()) {
            return null;
        }
        try {
            return new TlsSpec(absolute(cacert), insecure ? Boolean.TRUE : null, absolute(cert), absolute(key), absolute(pkcs12),
                    passwordEnv, provider);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static String absolute(Path p) {
        return p == null ? null : p.toAbsolutePath().toString();
    }

    /** The TLS client for {@code url}, or null for an http:// URL; bad settings are one line and exit code 2. */
    ClientTls client(URI url) {
        if (!TlsClients.https(url)) {
            if (given()) {
                // Main.tell writes a password in it ***
                throw new UserError("--cacert, --insecure, --cert, --key, --pkcs12 and --tls-provider are for https:// URLs, not " + url);
            }
            return null;
        }
        TlsSettings settings;
        try {
            settings = new TlsSettings(cacert, insecure, cert, key, pkcs12, passwordEnv, provider);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        return TlsClients.of(settings, url);
    }

    /** The warning line of a target whose certificate is not checked. */
    static void warnIfInsecure(ClientTls tls, URI url, PrintStream out) {
        if (tls != null && tls.insecure()) {
            out.println("wsbench: warning: --insecure: the certificate of " + io.wsbench.model.Redacted.url(url.toString())
                    + " is not verified, so the server answering may not be the one named");
        }
    }

    /** One line of a point's TLS, for a summary. */
    static String describe(TlsRecord t) {
        return String.format(Locale.ROOT, "%s %s (%s)%s%s, %,d handshakes, mean %.0f µs, %.0f%% resumed",
                t.protocol() == null ? "no handshake" : t.protocol(), t.cipherSuite() == null ? "" : t.cipherSuite(),
                t.provider(), t.clientCertificate() != null ? ", client certificate" : "",
                t.unverified() ? ", certificate NOT verified (--insecure)" : "",
                t.handshakes(), t.handshakeMicrosMean(), 100 * t.resumedShare());
    }
}
