package io.wsbench.contract.seismic;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecurityPolicyTest {

    @ParameterizedTest
    @ValueSource(strings = {"username", "sign", "signencr"})
    void theWsdlCarriesThePolicyItReferences(String configuration) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        Document wsdl = f.newDocumentBuilder().parse(new ByteArrayInputStream(SecurityPolicy.wsdl(configuration)));
        Set<String> ids = new HashSet<>();
        NodeList policies = wsdl.getElementsByTagNameNS(SecurityPolicy.WSP, "Policy");
        for (int i = 0; i < policies.getLength(); i++) {
            String id = ((Element) policies.item(i)).getAttributeNS(SecurityPolicy.WSU, "Id");
            if (!id.isEmpty()) {
                ids.add("#" + id);
            }
        }
        NodeList refs = wsdl.getElementsByTagNameNS(SecurityPolicy.WSP, "PolicyReference");
        // the binding, and for sign and signencr the input and the output
        assertEquals("username".equals(configuration) ? 1 : 3, refs.getLength());
        for (int i = 0; i < refs.getLength(); i++) {
            assertTrue(ids.contains(((Element) refs.item(i)).getAttribute("URI")), "a reference to a missing policy");
        }
        assertEquals(1, wsdl.getElementsByTagNameNS(SecurityPolicy.WSDL, "operation").getLength() - 1,
                "the contract itself is unchanged: one operation in the port type and one in the binding");
        assertEquals("signencr".equals(configuration) ? 1 : 0, wsdl.getElementsByTagNameNS(SecurityPolicy.SP, "EncryptedParts").getLength());
        assertEquals("username".equals(configuration) ? 0 : 1, wsdl.getElementsByTagNameNS(SecurityPolicy.SP, "Basic256Sha256").getLength());
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "kerberos"})
    void anUnknownConfigurationHasNoPolicy(String configuration) {
        assertThrows(IllegalArgumentException.class, () -> SecurityPolicy.wsdl(configuration));
    }
}
