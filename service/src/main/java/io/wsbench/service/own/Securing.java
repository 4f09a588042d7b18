package io.wsbench.service.own;

/**
 * WS-Security on the user's own service: each request envelope secured afresh when it is sent (a
 * new timestamp, nonce and signature), each answer verified and opened before the checks read it.
 * One instance serves one I/O thread.
 */
public interface Securing {

    /** The envelope secured, serialized. */
    byte[] secure(byte[] envelope);

    /** The answer verified and decrypted, serialized again; throws with the reason when it is not secured as required. */
    byte[] open(byte[] body, int length) throws Exception;
}
