package io.wsbench.stacks.axis2rampart;

import io.wsbench.contract.security.WsSecurityKeys;
import org.apache.ws.security.components.crypto.Merlin;

import java.security.KeyStore;
import java.util.Properties;

/**
 * WSS4J's Merlin over the server's keystore from {@link WsSecurityKeys} (-Dwsbench.keys): the server's
 * key and the client's trusted certificate. Rampart's RampartConfig names this class as its crypto
 * provider, so the store password, generated at runtime, is never written into the service's
 * policy, which Axis2 serves on {@code ?policy} and {@code ?wsdl}.
 */
public final class WsSecurityKeysCrypto extends Merlin {

    /** The constructor WSS4J's CryptoFactory looks up, given the RampartConfig crypto properties. */
    public WsSecurityKeysCrypto(Properties properties, ClassLoader loader) {
        WsSecurityKeys keys = WsSecurityKeys.load();
        KeyStore store = keys.open(keys.serverStore());
        setKeyStore(store);
        setTrustStore(store);
        this.properties = properties;
    }
}
