package io.wsbench.stacks.metro;

import com.sun.xml.wss.impl.callback.KeyStoreCallback;
import com.sun.xml.wss.impl.callback.PasswordValidationCallback;
import com.sun.xml.wss.impl.callback.PrivateKeyCallback;
import io.wsbench.contract.security.WsSecurityKeys;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes the secured WSDLs' private WSIT assertions name (sc:KeyStore, sc:TrustStore,
 * sc:ValidatorConfiguration): WSIT instantiates them by class name and asks them for the server's
 * keystore, its private key, the truststore and the UsernameToken check. They read the generated
 * keys through {@link WsSecurityKeys} (-Dwsbench.keys), so no password is ever written into a policy.
 */
public final class WsitCallbacks {

    private WsitCallbacks() {
    }

    /** The keys, opened once per server JVM. */
    private static final class Keys {
        static final WsSecurityKeys KEYS = WsSecurityKeys.load();
        static final java.security.KeyStore STORE = KEYS.open(KEYS.serverStore());
        /**
         * Private keys by alias. WSIT asks for the key on every message, and unwrapping it from a
         * PKCS12 store costs about 5 ms (PBKDF2): cached, as WSS4J's Merlin caches it for CXF.
         */
        static final Map<String, PrivateKey> PRIVATE = new ConcurrentHashMap<>();
    }

    /**
     * sc:TrustStore: the server's keystore, which trusts the client's certificate
     * {@value WsSecurityKeys#CLIENT_ALIAS}; any other callback is refused.
     */
    public static class TrustStore implements CallbackHandler {
        @Override
        public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
            for (Callback c : callbacks) {
                if (c instanceof KeyStoreCallback ks) {
                    ks.setKeystore(Keys.STORE);
                } else if (!privateKey(c)) {
                    throw new UnsupportedCallbackException(c);
                }
            }
        }

        /** Whether {@code c} asked for a private key and was given it: the trust store gives none. */
        boolean privateKey(Callback c) {
            return false;
        }
    }

    /** sc:KeyStore: the same store, and its private key {@value WsSecurityKeys#SERVER_ALIAS}. */
    public static final class KeyStore extends TrustStore {
        @Override
        boolean privateKey(Callback c) {
            if (!(c instanceof PrivateKeyCallback pk)) {
                return false;
            }
            String alias = pk.getAlias() == null ? WsSecurityKeys.SERVER_ALIAS : pk.getAlias();
            pk.setKey(Keys.PRIVATE.computeIfAbsent(alias, KeyStore::privateKey));
            return true;
        }

        private static PrivateKey privateKey(String alias) {
            try {
                return (PrivateKey) Keys.STORE.getKey(alias, Keys.KEYS.storePassword().toCharArray());
            } catch (GeneralSecurityException e) {
                // the message names the alias only: the exception text could carry no password anyway
                throw new IllegalStateException("no private key '" + alias + "' in the server keystore: " + e.getClass().getSimpleName());
            }
        }
    }

    /** sc:Validator usernameValidator: accepts {@value WsSecurityKeys#USERNAME} with its generated password, nothing else. */
    public static final class Passwords implements PasswordValidationCallback.PasswordValidator {
        @Override
        public boolean validate(PasswordValidationCallback.Request request) {
            if (!(request instanceof PasswordValidationCallback.PlainTextPasswordRequest plain)) {
                return false;
            }
            return WsSecurityKeys.USERNAME.equals(plain.getUsername()) && plain.getPassword() != null
                    && MessageDigest.isEqual(plain.getPassword().getBytes(StandardCharsets.UTF_8),
                            Keys.KEYS.userPassword().getBytes(StandardCharsets.UTF_8));
        }
    }
}
