package io.wsbench.stacks.axis2rampart;

import io.wsbench.service.security.TestKeys;
import org.apache.ws.security.WSPasswordCallback;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;

/**
 * The passwordCallbackClass of the RampartConfig: the server's private key password, and the one
 * password a UsernameToken of {@value TestKeys#USERNAME} must carry (WSS4J compares it with the
 * token's). Both come from {@link TestKeys}, read once.
 */
public final class Passwords implements CallbackHandler {

    private static final TestKeys KEYS = TestKeys.load();

    @Override
    public void handle(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (!(c instanceof WSPasswordCallback pc)) {
                throw new UnsupportedCallbackException(c);
            }
            switch (pc.getUsage()) {
                case WSPasswordCallback.USERNAME_TOKEN -> {
                    if (TestKeys.USERNAME.equals(pc.getIdentifier())) {
                        pc.setPassword(KEYS.userPassword());
                    }
                }
                case WSPasswordCallback.SIGNATURE, WSPasswordCallback.DECRYPT -> {
                    if (TestKeys.SERVER_ALIAS.equals(pc.getIdentifier())) {
                        pc.setPassword(KEYS.storePassword());
                    }
                }
                default -> throw new UnsupportedCallbackException(c);
            }
        }
    }
}
