package io.wsbench.core.load;

import io.wsbench.model.load.TlsSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLHandshakeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a failed handshake's line adds to its cause: the failures met against nginx with certificates made for it (an
 * expired one, one for another name, one of another CA, a server speaking TLS 1.0 only), each named for what it is.
 */
class ClientTlsHintTest {

    private static Throwable handshake(Throwable cause) {
        return new SSLHandshakeException("handshake failed").initCause(cause);
    }

    @Test
    void eachFailureSaysWhatItIs() {
        ClientTls trusting = ClientTls.of(TlsSettings.DEFAULT, "localhost", 443);
        assertEquals(" (the server's certificate has expired: renew it, or --insecure not to check it)",
                trusting.hint(handshake(new CertificateExpiredException("NotAfter: Sat Feb 01 00:00:00 UTC 2020"))));
        assertEquals(" (the server's certificate is not valid yet: is this machine's clock right? or --insecure not to check it)",
                trusting.hint(handshake(new CertificateNotYetValidException("NotBefore: Sat Feb 01 00:00:00 UTC 2031"))));
        assertEquals(" (the server's certificate is not for localhost: address it by a name the certificate holds,"
                        + " or --insecure not to check it)",
                trusting.hint(handshake(new CertificateException("No subject alternative DNS name matching localhost found."))));
        assertEquals(" (no TLS version both sides speak: wsbench offers TLS 1.2 and 1.3, and the server takes neither)",
                trusting.hint(new SSLHandshakeException("error:1000042e:SSL routines:OPENSSL_internal:TLSV1_ALERT_PROTOCOL_VERSION")));
        assertEquals(" (the server's certificate is not one this JVM trusts: give the CA that signed it with --cacert FILE (PEM)"
                        + " or a suite target's tls.cacert, or --insecure not to check it)",
                trusting.hint(handshake(new CertificateException("unable to find valid certification path to requested target"))));
        assertEquals("", trusting.hint(new java.io.IOException("Connection reset by peer")));
        // nginx 1.22 over TLS without http2, asked for h2 alone by BoringSSL (seen on 2026-12-07)
        assertTrue(trusting.hint(new SSLHandshakeException("error:10000460:SSL routines:OPENSSL_internal:TLSV1_ALERT_NO_APPLICATION_PROTOCOL"))
                .contains("it does not speak HTTP/2 over TLS here; load it without"));
    }

    @Test
    void anEncryptedKeyIsRefusedByName(@TempDir Path dir) throws IOException {
        // as 'openssl pkcs8 -topk8' and OpenSSL's traditional '-aes256' write them
        for (String head : new String[]{"-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n",
                "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,00\n\nMIIB\n"}) {
            Path key = Files.writeString(dir.resolve("client.key"), head + "-----END PRIVATE KEY-----\n");
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ClientTls.unencrypted(key));
            assertTrue(e.getMessage().startsWith("the client key file " + key + " is encrypted, and --key takes a key in the clear:"
                    + " write one with 'openssl pkcs8 -topk8 -nocrypt -in client.key'"), e.getMessage());
        }
        ClientTls.unencrypted(Files.writeString(dir.resolve("clear.key"), "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n"));
    }
}
