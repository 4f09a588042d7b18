package io.wsbench.contract.security;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.security.interfaces.RSAPublicKey;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WsSecurityKeysTest {

    /**
     * Two processes that both found no keys (three test forks starting their stacks at once): the one
     * that finishes second keeps the first one's keys, and neither fails.
     */
    @Test
    void aProcessThatGeneratesSecondKeepsTheFirstOnesKeys(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("keys");
        WsSecurityKeys first = WsSecurityKeys.in(dir);
        String secrets = java.nio.file.Files.readString(dir.resolve(WsSecurityKeys.SECRETS));
        WsSecurityKeys.generate(dir); // it too had looked before the first's keys were moved into place
        assertEquals(secrets, java.nio.file.Files.readString(dir.resolve(WsSecurityKeys.SECRETS)));
        assertEquals(first.dir(), WsSecurityKeys.in(dir).dir());
        try (var left = java.nio.file.Files.list(tmp)) {
            assertEquals(java.util.List.of(dir), left.toList(), "no half-made directory left beside it");
        }
    }

    @Test
    void generatesRsa2048KeysThatTrustEachOther(@TempDir Path tmp) throws Exception {
        WsSecurityKeys keys = WsSecurityKeys.in(tmp.resolve("keys"));
        KeyStore client = keys.open(keys.clientStore());
        KeyStore server = keys.open(keys.serverStore());
        assertTrue(client.isKeyEntry(WsSecurityKeys.CLIENT_ALIAS));
        assertTrue(client.isCertificateEntry(WsSecurityKeys.SERVER_ALIAS));
        assertTrue(server.isKeyEntry(WsSecurityKeys.SERVER_ALIAS));
        assertTrue(server.isCertificateEntry(WsSecurityKeys.CLIENT_ALIAS));
        X509Certificate c = (X509Certificate) client.getCertificate(WsSecurityKeys.CLIENT_ALIAS);
        assertEquals(2048, ((RSAPublicKey) c.getPublicKey()).getModulus().bitLength());
        assertEquals("SHA256withRSA", c.getSigAlgName());
        assertEquals(c, server.getCertificate(WsSecurityKeys.CLIENT_ALIAS));
        assertNotEquals(keys.storePassword(), keys.userPassword());

        WsSecurityKeys again = WsSecurityKeys.in(tmp.resolve("keys"));
        assertEquals(keys.storePassword(), again.storePassword(), "generated once, then loaded");
        assertFalse(keys.toString().contains(keys.storePassword()));
    }
}
