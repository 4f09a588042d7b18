package io.wsbench.stacks.cxf;

import io.wsbench.service.security.TestKeys;
import org.apache.cxf.interceptor.Interceptor;
import org.apache.cxf.message.Message;
import org.apache.cxf.ws.security.wss4j.DefaultCryptoCoverageChecker;
import org.apache.cxf.ws.security.wss4j.WSS4JInInterceptor;
import org.apache.cxf.ws.security.wss4j.WSS4JOutInterceptor;
import org.apache.wss4j.common.ConfigurationConstants;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.apache.wss4j.common.ext.WSSecurityException;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The secured configurations of seed 001 as CXF's WSS4J interceptors: {@code username} (a
 * plain-text UsernameToken on requests), {@code sign} (Timestamp and Body signed both ways) and
 * {@code signencr} (as sign, then the Body encrypted, both ways). The algorithms are those of
 * WS-SecurityPolicy's Basic256Sha256 suite: RSA-SHA256 signatures over SHA-256 digests with
 * exclusive C14N, AES-256-CBC for the body, RSA-OAEP (MGF1-SHA1) key transport.
 */
final class SecurityConfigurations {

    static final String SIGNATURE = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
    static final String DIGEST = "http://www.w3.org/2001/04/xmlenc#sha256";
    static final String BODY_CIPHER = "http://www.w3.org/2001/04/xmlenc#aes256-cbc";
    static final String KEY_TRANSPORT = "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p";
    static final String SIGNED_PARTS = "{Element}{http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd}Timestamp;"
            + "{Element}{http://schemas.xmlsoap.org/soap/envelope/}Body";
    static final String ENCRYPTED_PARTS = "{Content}{http://schemas.xmlsoap.org/soap/envelope/}Body";

    private final TestKeys keys;
    private final Crypto crypto;
    private final CallbackHandler passwords;

    SecurityConfigurations(TestKeys keys) {
        this.keys = keys;
        Properties p = new Properties();
        String merlin = "org.apache.wss4j.crypto.merlin.";
        p.setProperty("org.apache.wss4j.crypto.provider", "org.apache.wss4j.common.crypto.Merlin");
        p.setProperty(merlin + "keystore.type", "PKCS12");
        p.setProperty(merlin + "keystore.file", keys.serverStore().toString());
        p.setProperty(merlin + "keystore.password", keys.storePassword());
        p.setProperty(merlin + "keystore.alias", TestKeys.SERVER_ALIAS);
        p.setProperty(merlin + "truststore.type", "PKCS12");
        p.setProperty(merlin + "truststore.file", keys.serverStore().toString());
        p.setProperty(merlin + "truststore.password", keys.storePassword());
        try {
            this.crypto = CryptoFactory.getInstance(p);
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot load the server keystore " + keys.serverStore(), e);
        }
        this.passwords = this::passwords;
    }

    /** The names of the secured configurations, in the seed's order. */
    static List<String> names() {
        return List.of("username", "sign", "signencr");
    }

    List<Interceptor<? extends Message>> in(String configuration) {
        Map<String, Object> p = common();
        List<Interceptor<? extends Message>> out = new ArrayList<>();
        switch (configuration) {
            case "username" -> {
                p.put(ConfigurationConstants.ACTION, ConfigurationConstants.USERNAME_TOKEN);
                p.put(ConfigurationConstants.PASSWORD_TYPE, "PasswordText");
            }
            case "sign" -> p.put(ConfigurationConstants.ACTION,
                    ConfigurationConstants.TIMESTAMP + " " + ConfigurationConstants.SIGNATURE);
            case "signencr" -> p.put(ConfigurationConstants.ACTION, ConfigurationConstants.TIMESTAMP + " "
                    + ConfigurationConstants.SIGNATURE + " " + ConfigurationConstants.ENCRYPT);
            default -> throw new IllegalArgumentException("unknown security configuration " + configuration);
        }
        // reject weaker algorithms than the configuration's, whatever the request claims
        p.put(ConfigurationConstants.SIG_ALGO, SIGNATURE);
        p.put(ConfigurationConstants.SIG_DIGEST_ALGO, DIGEST);
        out.add(new WSS4JInInterceptor(p));
        if (!"username".equals(configuration)) {
            // the interceptor checks what is signed only when told: Body and Timestamp, and Body encrypted
            DefaultCryptoCoverageChecker coverage = new DefaultCryptoCoverageChecker();
            coverage.setSignBody(true);
            coverage.setSignTimestamp(true);
            coverage.setEncryptBody("signencr".equals(configuration));
            coverage.setSignAddressingHeaders(false);
            out.add(coverage);
        }
        return out;
    }

    List<Interceptor<? extends Message>> out(String configuration) {
        if ("username".equals(configuration)) {
            return List.of(); // nothing on responses, as in the seed
        }
        Map<String, Object> p = common();
        boolean encrypt = "signencr".equals(configuration);
        p.put(ConfigurationConstants.ACTION, ConfigurationConstants.TIMESTAMP + " " + ConfigurationConstants.SIGNATURE
                + (encrypt ? " " + ConfigurationConstants.ENCRYPT : ""));
        p.put(ConfigurationConstants.USER, TestKeys.SERVER_ALIAS);
        p.put(ConfigurationConstants.SIGNATURE_PARTS, SIGNED_PARTS);
        p.put(ConfigurationConstants.SIG_KEY_ID, "DirectReference");
        if (encrypt) {
            p.put(ConfigurationConstants.ENCRYPTION_USER, TestKeys.CLIENT_ALIAS);
            p.put(ConfigurationConstants.ENCRYPTION_PARTS, ENCRYPTED_PARTS);
            p.put(ConfigurationConstants.ENC_SYM_ALGO, BODY_CIPHER);
            p.put(ConfigurationConstants.ENC_KEY_TRANSPORT, KEY_TRANSPORT);
            p.put(ConfigurationConstants.ENC_KEY_ID, "IssuerSerial");
        }
        p.put(ConfigurationConstants.SIG_ALGO, SIGNATURE);
        p.put(ConfigurationConstants.SIG_DIGEST_ALGO, DIGEST);
        return List.of(new WSS4JOutInterceptor(p));
    }

    private Map<String, Object> common() {
        Map<String, Object> p = new HashMap<>();
        p.put(ConfigurationConstants.PW_CALLBACK_REF, passwords);
        p.put("serverCrypto", crypto);
        p.put(ConfigurationConstants.SIG_PROP_REF_ID, "serverCrypto");
        p.put(ConfigurationConstants.SIG_VER_PROP_REF_ID, "serverCrypto");
        p.put(ConfigurationConstants.DEC_PROP_REF_ID, "serverCrypto");
        p.put(ConfigurationConstants.ENC_PROP_REF_ID, "serverCrypto");
        return p;
    }

    /** The server's key password, and the one password a UsernameToken of {@value TestKeys#USERNAME} must carry. */
    private void passwords(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (!(c instanceof WSPasswordCallback pc)) {
                throw new UnsupportedCallbackException(c);
            }
            switch (pc.getUsage()) {
                case WSPasswordCallback.USERNAME_TOKEN -> {
                    if (TestKeys.USERNAME.equals(pc.getIdentifier())) {
                        pc.setPassword(keys.userPassword()); // WSS4J compares it with the token's
                    }
                }
                case WSPasswordCallback.SIGNATURE, WSPasswordCallback.DECRYPT -> {
                    if (TestKeys.SERVER_ALIAS.equals(pc.getIdentifier())) {
                        pc.setPassword(keys.storePassword());
                    }
                }
                default -> throw new UnsupportedCallbackException(c);
            }
        }
    }
}
