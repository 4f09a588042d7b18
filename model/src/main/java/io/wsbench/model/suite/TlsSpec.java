package io.wsbench.model.suite;

import io.wsbench.model.load.TlsSettings;

import java.util.function.Function;
import java.nio.file.Path;

/**
 * A {@code url:} target's {@code tls:} map, as the suite file writes it: files relative to the
 * suite, the PKCS12's password named by an environment variable, never written in the suite.
 * The same as {@code load}'s --cacert, --insecure, --cert, --key, --pkcs12, --pkcs12-password-env
 * and --tls-provider.
 */
public record TlsSpec(String cacert, Boolean insecure, String cert, String key, String pkcs12, String passwordEnv,
                      String provider) {

    public TlsSpec {
        settings(Path::of); // the same rules as load's options, found when the suite is read
    }

    /** The settings, with each file resolved by {@code resolve} (a suite's {@link Suite#resolve}). */
    public TlsSettings settings(Function<String, Path> resolve) {
        return new TlsSettings(cacert == null ? null : resolve.apply(cacert), Boolean.TRUE.equals(insecure),
                cert == null ? null : resolve.apply(cert), key == null ? null : resolve.apply(key),
                pkcs12 == null ? null : resolve.apply(pkcs12), passwordEnv, provider);
    }
}
