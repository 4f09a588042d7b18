package io.wsbench.stacks.cxf;

import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.SecurityPolicy;
import org.apache.cxf.rt.security.SecurityConstants;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.apache.wss4j.common.ext.WSSecurityException;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The secured configurations of seed 001 the way CXF users configure them: WS-SecurityPolicy in
 * the WSDL (the shared policies of {@link SecurityPolicy}: UsernameToken; AsymmetricBinding with
 * Basic256Sha256 signing Timestamp and Body; the same plus the Body encrypted), and the endpoint
 * properties that say where the keys and passwords are. CXF derives every WS-Security action,
 * and every check of an incoming message, from the policy.
 */
final class SecurityConfigurations {

    /** Basic256Sha256 names RSA-SHA1 for asymmetric signatures (WS-SP 1.2); every side here signs with RSA-SHA256. */
    static final String SIGNATURE = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";

    private final WsSecurityKeys keys;
    private final Crypto crypto;
    private final Path wsdlDir;

    SecurityConfigurations(WsSecurityKeys keys) {
        this.keys = keys;
        try {
            this.crypto = CryptoFactory.getInstance(keys.merlin(WsSecurityKeys.SERVER_ALIAS));
            this.wsdlDir = Files.createTempDirectory("wsbench-cxf-policy-");
            wsdlDir.toFile().deleteOnExit();
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot load the server keystore " + keys.serverStore(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names of the secured configurations, in the seed's order. */
    static List<String> names() {
        return SecurityPolicy.CONFIGURATIONS;
    }

    /** The seismic WSDL with the policy of {@code configuration}, written to a file CXF can read it from. */
    String wsdlLocation(String configuration) {
        Path wsdl = SecurityPolicy.write(configuration, wsdlDir);
        wsdl.toFile().deleteOnExit();
        return wsdl.toUri().toString();
    }

    /**
     * The endpoint properties: the server's key signs responses and decrypts requests, its truststore
     * verifies the client's signatures, responses are encrypted for the certificate that signed the
     * request. CXF's nonce and timestamp replay caches (EhCache) stay on, as a CXF user gets them.
     */
    Map<String, Object> properties(String configuration) {
        Map<String, Object> p = new HashMap<>();
        p.put(SecurityConstants.CALLBACK_HANDLER, (javax.security.auth.callback.CallbackHandler) this::passwords);
        if (!"username".equals(configuration)) {
            p.put(SecurityConstants.SIGNATURE_CRYPTO, crypto);
            p.put(SecurityConstants.ENCRYPT_CRYPTO, crypto);
            p.put(SecurityConstants.SIGNATURE_USERNAME, WsSecurityKeys.SERVER_ALIAS);
            p.put(SecurityConstants.ENCRYPT_USERNAME, "useReqSigCert");
            p.put(org.apache.cxf.ws.security.SecurityConstants.ASYMMETRIC_SIGNATURE_ALGORITHM, SIGNATURE);
        }
        return p;
    }

    /** The server's key password, and the one password a UsernameToken of {@value WsSecurityKeys#USERNAME} must carry. */
    private void passwords(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (!(c instanceof WSPasswordCallback pc)) {
                throw new UnsupportedCallbackException(c);
            }
            switch (pc.getUsage()) {
                case WSPasswordCallback.USERNAME_TOKEN -> {
                    if (WsSecurityKeys.USERNAME.equals(pc.getIdentifier())) {
                        pc.setPassword(keys.userPassword()); // WSS4J compares it with the token's
                    }
                }
                case WSPasswordCallback.SIGNATURE, WSPasswordCallback.DECRYPT -> {
                    if (WsSecurityKeys.SERVER_ALIAS.equals(pc.getIdentifier())) {
                        pc.setPassword(keys.storePassword());
                    }
                }
                default -> throw new UnsupportedCallbackException(c);
            }
        }
    }
}
