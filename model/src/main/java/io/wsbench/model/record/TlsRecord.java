package io.wsbench.model.record;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a point over https:// spoke TLS: the protocol and cipher suite negotiated, the provider,
 * whether the server's certificate went unverified ({@code insecure}) and whether the client showed
 * a certificate of its own; then the handshakes made, their mean time (from the TCP connection to
 * the end of the handshake) and the share of them that resumed an earlier session.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TlsRecord(String protocol, String cipherSuite, String provider, Boolean insecure,
                        Boolean clientCertificate, long handshakes, double handshakeMicrosMean, double resumedShare) {

    public TlsRecord {
        insecure = Boolean.TRUE.equals(insecure) ? Boolean.TRUE : null;
        clientCertificate = Boolean.TRUE.equals(clientCertificate) ? Boolean.TRUE : null;
    }

    public boolean unverified() {
        return Boolean.TRUE.equals(insecure);
    }
}
