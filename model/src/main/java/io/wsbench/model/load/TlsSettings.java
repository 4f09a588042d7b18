package io.wsbench.model.load;

import java.nio.file.Path;

/**
 * How the client speaks TLS to an https:// target. Plain data with no secret in it: a PKCS12's
 * password is read from the environment variable {@code passwordEnv} names, when the context is built.
 *
 * @param cacert      PEM file of the certificates to trust, or null for the JDK's default trust store
 * @param insecure    trust any certificate and any host name (the point is marked as such)
 * @param cert        PEM client certificate chain for mutual TLS, with {@code key}
 * @param key         PEM (PKCS#8) private key of {@code cert}
 * @param pkcs12      a PKCS12 file holding the client's key and certificate, instead of cert and key
 * @param passwordEnv the environment variable holding the PKCS12's password (none: an empty password)
 * @param provider    {@code openssl} (netty-tcnative's BoringSSL) or {@code jdk}; null for the default,
 *                    openssl where its native library loads ({@link ClientTls#defaultProvider()})
 */
public record TlsSettings(Path cacert, boolean insecure, Path cert, Path key, Path pkcs12, String passwordEnv,
                          String provider) {

    /** The JDK's trust store, no client certificate, the default provider. */
    public static final TlsSettings DEFAULT = new TlsSettings(null, false, null, null, null, null, null);

    public TlsSettings {
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException("a client certificate needs both a cert and its key");
        }
        if (pkcs12 != null && cert != null) {
            throw new IllegalArgumentException("give a client certificate either as a cert and a key or as a PKCS12, not both");
        }
        if (passwordEnv != null && pkcs12 == null) {
            throw new IllegalArgumentException("a PKCS12 password is for a pkcs12 file, and none is given");
        }
        if (insecure && cacert != null) {
            throw new IllegalArgumentException("insecure trusts every certificate: a cacert is of no use with it");
        }
        if (provider != null && !provider.equals("jdk") && !provider.equals("openssl")) {
            throw new IllegalArgumentException("unknown TLS provider '" + provider + "' (known: jdk, openssl)");
        }
    }

    /** True when the client presents a certificate of its own (mutual TLS). */
    public boolean clientCertificate() {
        return cert != null || pkcs12 != null;
    }
}
