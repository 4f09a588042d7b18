package io.wsbench.interop;

import io.wsbench.launch.RunningStack;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.stacks.jaxws.seismic.Seismic;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.contract.seismic.SecurityPolicy;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.apache.cxf.rt.security.SecurityConstants;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSPasswordCallback;

import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.xml.namespace.QName;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interoperability of WS-Security beyond wsbench's own client: Apache CXF's JAX-WS client, secured by
 * nothing but the shared WS-SecurityPolicy WSDL ({@link SecurityPolicy}) and its key properties, calls
 * a secured endpoint (whatever stack.properties declares as {@code endpoint.matchQuakes.soap11.<configuration>})
 * and gets the oracle's quakes; CXF's client verifies and decrypts each response as the policy requires.
 */
public final class CxfPolicyClient {

    private static final String NS = "http://wsbench.io/seismic";
    private static final String RSA_SHA256 = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";

    private CxfPolicyClient() {
    }

    /** The WS-Security configurations {@code d} serves matchQuakes under. */
    public static List<String> configurations(StackDescriptor d) {
        return SecurityPolicy.CONFIGURATIONS.stream()
                .filter(c -> d.endpoint("matchQuakes", "soap11", null, c) != null).toList();
    }

    /** CXF's policy client calls {@code stack}'s endpoint of {@code configuration} and gets the oracle's answers. */
    public static void assertOraclesAnswers(RunningStack stack, StackDescriptor d, String configuration, WsSecurityKeys keys,
                                            Path wsdls) throws Exception {
        Seismic port = port(SecurityPolicy.write(configuration, wsdls),
                stack.baseUrl() + d.endpoint("matchQuakes", "soap11", null, configuration), configuration, keys);
        OracleCheck.assertOraclesAnswers(port, 2, d.name() + " " + configuration);
    }

    /** A CXF proxy whose WS-Security comes from the policy in {@code wsdl}; the properties only name keys and passwords. */
    private static Seismic port(Path wsdl, String address, String configuration, WsSecurityKeys keys) throws Exception {
        JaxWsProxyFactoryBean f = new JaxWsProxyFactoryBean();
        f.setServiceClass(Seismic.class);
        f.setWsdlURL(wsdl.toUri().toString());
        f.setServiceName(new QName(NS, "SeismicService"));
        f.setEndpointName(new QName(NS, "SeismicPort"));
        f.setAddress(address);
        Map<String, Object> p = new HashMap<>();
        p.put(SecurityConstants.CALLBACK_HANDLER, passwords(keys));
        if ("username".equals(configuration)) {
            p.put(SecurityConstants.USERNAME, WsSecurityKeys.USERNAME);
        } else {
            var crypto = CryptoFactory.getInstance(keys.merlin(WsSecurityKeys.CLIENT_ALIAS));
            p.put(SecurityConstants.SIGNATURE_CRYPTO, crypto);
            p.put(SecurityConstants.ENCRYPT_CRYPTO, crypto);
            p.put(SecurityConstants.SIGNATURE_USERNAME, WsSecurityKeys.CLIENT_ALIAS);
            p.put(SecurityConstants.ENCRYPT_USERNAME, WsSecurityKeys.SERVER_ALIAS);
            // Basic256Sha256 names RSA-SHA1 for asymmetric signatures; wsbench signs with RSA-SHA256 everywhere
            p.put(org.apache.cxf.ws.security.SecurityConstants.ASYMMETRIC_SIGNATURE_ALGORITHM, RSA_SHA256);
        }
        f.setProperties(p);
        return (Seismic) f.create();
    }

    private static CallbackHandler passwords(WsSecurityKeys keys) {
        return (Callback[] callbacks) -> {
            for (Callback c : callbacks) {
                if (!(c instanceof WSPasswordCallback pc)) {
                    throw new UnsupportedCallbackException(c);
                }
                if (pc.getUsage() == WSPasswordCallback.USERNAME_TOKEN && WsSecurityKeys.USERNAME.equals(pc.getIdentifier())) {
                    pc.setPassword(keys.userPassword());
                } else if (WsSecurityKeys.CLIENT_ALIAS.equals(pc.getIdentifier())) {
                    pc.setPassword(keys.storePassword());
                }
            }
        };
    }
}
