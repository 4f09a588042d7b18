package io.wsbench.cli;

import io.wsbench.model.suite.Security;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on the cxf stack (see {@link SecuredStackContract}), with no OpenSAML on the classpath
 * of either side: UsernameToken, signing and encryption need none of it.
 */
class CxfSecurityTest extends SecuredStackContract {

    @Override
    protected String stack() {
        return "cxf";
    }

    @Test
    void servesEveryConfiguration() {
        assertEquals(List.of(Security.USERNAME, Security.SIGN, Security.SIGNENCR), configurations());
    }

    @Test
    void noOpenSamlOnTheClassPaths() throws Exception {
        assertFalse(onClassPath("org.opensaml.core.config.InitializationService"), "OpenSAML on the client's classpath");
        try (var libs = Files.list(descriptor.libDir())) {
            assertTrue(libs.map(p -> p.getFileName().toString()).noneMatch(n -> n.startsWith("opensaml") || n.contains("shib")),
                    "OpenSAML or Shibboleth in the cxf stack's lib/");
        }
    }

    private static boolean onClassPath(String name) {
        try {
            Class.forName(name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
