package io.wsbench.stacks.axis2rampart;

import io.wsbench.service.security.TestKeys;
import org.apache.ws.security.components.crypto.Merlin;

import java.security.KeyStore;
import java.util.Properties;

/**
 * WSS4J's Merlin over the server's keystore from {@link TestKeys} (-Dwsbench.keys): the server's
 * key and the client's trusted certificate. Rampart's RampartConfig names this class as its crypto
 * provider, so the store password, generated at runtime, is never written into the service's
 * policy, which Axis2 serves on {@code ?policy} and {@code ?wsdl}.
 */
public final class TestKeysCrypto extends Merlin {

    /** The constructor WSS4J's CryptoFactory looks up, given the RampartConfig crypto properties. */
    public TestKeysCrypto(Properties properties, ClassLoader loader) {
        TestKeys keys = TestKeys.load();
        KeyStore store = keys.open(keys.serverStore());
        setKeyStore(store);
        setTrustStore(store);
        this.properties = properties;
    }
}
