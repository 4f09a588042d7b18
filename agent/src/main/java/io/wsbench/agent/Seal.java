package io.wsbench.agent;

import com.google.crypto.tink.subtle.AesGcmJce;
import com.google.crypto.tink.subtle.Hkdf;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;

/**
 * Seals and opens the cluster's messages: AES-256-GCM (Google's Tink), keyed by HKDF-SHA256 from the
 * cluster's {@link Secret}. A sealed message is encrypted (nothing of a suite, a flow's credentials or a
 * result is readable on the wire) and authenticated together with its associated data, which the link
 * uses to bind in who it is for and its place in the conversation ({@link Link}): a message altered,
 * made without the secret, replayed or sent back to its sender does not open.
 */
final class Seal {

    private static final byte[] SALT = "wsbench cluster messages".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] INFO = "AES-256-GCM v1".getBytes(StandardCharsets.US_ASCII);

    private final AesGcmJce aead;

    Seal(Secret secret) {
        try {
            aead = new AesGcmJce(Hkdf.computeHkdf("HMACSHA256", secret.bytes(), SALT, INFO, 32));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-GCM is not available in this JVM: " + e.getMessage(), e);
        }
    }

    /** A random nonce, the ciphertext and its tag. */
    byte[] seal(byte[] message, byte[] bound) {
        try {
            return aead.encrypt(message, bound);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("sealing a message failed: " + e.getMessage(), e);
        }
    }

    /** The message, or null when it does not open: another secret, altered, truncated, or bound to something else. */
    byte[] open(byte[] sealed, byte[] bound) {
        try {
            return aead.decrypt(sealed, bound);
        } catch (GeneralSecurityException | RuntimeException e) {
            return null;
        }
    }
}
