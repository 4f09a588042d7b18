package io.wsbench.stacks.axis2rampart;

import io.wsbench.contract.security.WsSecurityKeys;
import org.apache.ws.security.WSPasswordCallback;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The passwordCallbackClass of the RampartConfig: gives the server's private key password, and
 * checks a UsernameToken's plain-text password (Rampart, unlike WSS4J alone, asks the callback to
 * decide). Both passwords come from {@link WsSecurityKeys}, read once.
 */
public final class Passwords implements CallbackHandler {

    private static final WsSecurityKeys KEYS = WsSecurityKeys.load();

    @Override
    public void handle(Callback[] callbacks) throws IOException, UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (!(c instanceof WSPasswordCallback pc)) {
                throw new UnsupportedCallbackException(c);
            }
            switch (pc.getUsage()) {
                case WSPasswordCallback.USERNAME_TOKEN -> {
                    // Rampart hands over the token's plain-text password and leaves the check to us
                    if (!WsSecurityKeys.USERNAME.equals(pc.getIdentifier()) || !matches(pc.getPassword(), KEYS.userPassword())) {
                        throw new IOException("the UsernameToken's user or password is wrong");
                    }
                }
                case WSPasswordCallback.SIGNATURE, WSPasswordCallback.DECRYPT -> {
                    if (WsSecurityKeys.SERVER_ALIAS.equals(pc.getIdentifier())) {
                        pc.setPassword(KEYS.storePassword());
                    }
                }
                default -> throw new UnsupportedCallbackException(c);
            }
        }
    }

    private static boolean matches(String given, String expected) {
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), expected.getBytes(StandardCharsets.UTF_8));
    }
}
