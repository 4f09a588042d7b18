package io.wsbench.cli;

import io.wsbench.model.suite.Security;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * WS-Security on the metro stack (see {@link SecuredStackContract}): Metro's WSIT enforcing the
 * WS-SecurityPolicy attached to the seismic WSDL. Beyond the contract, the WSDLs Metro serves carry
 * the policy but none of WSIT's private configuration, and no password reaches them or the stack's log.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MetroSecurityTest extends SecuredStackContract {

    @Override
    protected String stack() {
        return "metro";
    }

    @Test
    void servesEveryConfiguration() {
        assertEquals(List.of(Security.USERNAME, Security.SIGN, Security.SIGNENCR), configurations());
    }

    @ParameterizedTest
    @EnumSource(value = Security.class, names = "PLAIN", mode = EnumSource.Mode.EXCLUDE)
    void theServedWsdlCarriesThePolicyButNoPrivateConfiguration(Security security) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(endpoint(security) + "?wsdl")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        String wsdl = r.body();
        assertTrue(wsdl.contains(security == Security.USERNAME ? "WssUsernameToken10" : "Basic256Sha256"), wsdl);
        assertTrue(wsdl.contains("PolicyReference"), wsdl);
        assertEquals(security == Security.SIGNENCR, wsdl.contains("EncryptedParts"), wsdl);
        for (String hidden : List.of("schemas.sun.com/2006/03/wss/server", "WsitCallbacks", "ManagedService")) {
            assertFalse(wsdl.contains(hidden), hidden + " is published");
        }
        for (String secret : List.of(keys.storePassword(), keys.userPassword())) {
            assertFalse(wsdl.contains(secret), "a password is published");
        }
    }

    /** Last, so the log holds every request the other tests sent, refused ones included. */
    @Test
    @Order(Integer.MAX_VALUE)
    void noPasswordInTheStacksLog() throws Exception {
        String log = Files.readString(running.log(), StandardCharsets.ISO_8859_1);
        assertTrue(log.contains("listening"), log);
        for (String secret : List.of(keys.storePassword(), keys.userPassword())) {
            assertFalse(log.contains(secret), "a password is in the stack's log");
        }
    }
}
