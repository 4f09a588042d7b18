package io.wsbench.service.own;

import com.sun.net.httpserver.HttpServer;
import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.wsdl.ServiceDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A WSDL or a spec behind Basic auth, as enterprise services publish them: the URL's credentials go to its own server
 * (and through a redirect on it), to no other; a refusal says the server's status and what to do. Until 2026-12-07 the
 * credentials were not sent, and the line said "java.io.IOException: Server returned HTTP response code: 401".
 */
class RemoteDocumentsTest {

    private static final String WSDL = """
            <definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
                xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:z" targetNamespace="urn:z">
              <message name="in"><part name="to" type="xsd:string"/></message>
              <portType name="P"><operation name="hello"><input message="tns:in"/><output message="tns:in"/></operation></portType>
              <binding name="B" type="tns:P"><soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
                <operation name="hello"><soap:operation soapAction=""/><input><soap:body use="literal" namespace="urn:z"/></input>
                <output><soap:body use="literal" namespace="urn:z"/></output></operation></binding>
              <service name="S"><port name="SP" binding="tns:B"><soap:address location="http://127.0.0.1:1/z"/></port></service>
            </definitions>
            """;

    private HttpServer server;
    private final List<String> authorizations = new ArrayList<>();
    private String base;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        String wanted = "Basic " + Base64.getEncoder().encodeToString("ann:p@ss".getBytes(StandardCharsets.UTF_8));
        server.createContext("/service", exchange -> {
            String auth = exchange.getRequestHeaders().getFirst("Authorization");
            synchronized (authorizations) {
                authorizations.add(String.valueOf(auth));
            }
            byte[] body = WSDL.getBytes(StandardCharsets.UTF_8);
            if (!wanted.equals(auth)) {
                exchange.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"wsdl\"");
                exchange.sendResponseHeaders(401, -1);
            } else {
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            }
            exchange.close();
        });
        server.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().add("Location", "/service?wsdl");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.createContext("/elsewhere", exchange -> {
            exchange.getResponseHeaders().add("Location", "http://localhost:" + server.getAddress().getPort() + "/service?wsdl");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        server.start();
        base = "127.0.0.1:" + server.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void theUrlsCredentialsGoToItsOwnServerOnly() throws Exception {
        // a password with an @, percent-encoded in the URL as curl takes it
        assertEquals(1, ServiceDescription.read("http://ann:p%40ss@" + base + "/service?wsdl").operations().size());
        assertEquals(1, ServiceDescription.read("http://ann:p%40ss@" + base + "/moved").operations().size(), "a redirect on its server");

        IOException elsewhere = assertThrows(IOException.class, () -> RemoteDocuments.read("http://ann:p%40ss@" + base + "/elsewhere"));
        assertEquals("the server answered 401 Unauthorized after a redirect to localhost:" + server.getAddress().getPort()
                + ", which the URL's credentials are not sent to", elsewhere.getMessage());
        assertEquals("null", authorizations.get(authorizations.size() - 1), "nothing sent to another host");

        WsdlLine none = new WsdlLine("http://" + base + "/service?wsdl");
        assertEquals(none.url + ": cannot read: the server answered 401 Unauthorized (it asks for credentials: write them into"
                + " the URL, a user and a password before its host)", none.message);
        WsdlLine wrong = new WsdlLine("http://ann:nope@" + base + "/service?wsdl");
        assertEquals(wrong.url + ": cannot read: the server answered 401 Unauthorized: it refused the credentials in the URL",
                wrong.message);
        assertTrue(new WsdlLine("http://" + base + "/nothing").message.endsWith(": cannot read: the server answered 404 Not Found"));
    }

    @Test
    void anOpenApiSpecBehindBasicAuthIsReadAndARefusalSaysWhy() {
        // the same server answers the WSDL: swagger-parser reads it, finds no OpenAPI in it, and says so; without the
        // credentials it read nothing, and wsbench asks the server why
        OwnServiceException read = assertThrows(OwnServiceException.class,
                () -> ApiDescription.read("http://ann:p%40ss@" + base + "/service?wsdl"));
        assertTrue(read.getMessage().contains("not an OpenAPI 3 spec"), read.getMessage());
        OwnServiceException refused = assertThrows(OwnServiceException.class, () -> ApiDescription.read("http://" + base + "/service"));
        assertEquals("http://" + base + "/service: cannot be read (the server answered 401 Unauthorized (it asks for credentials:"
                + " write them into the URL, a user and a password before its host))", refused.getMessage());
    }

    private record WsdlLine(String url, String message) {
        WsdlLine(String url) {
            this(url, assertThrows(OwnServiceException.class, () -> ServiceDescription.read(url)).getMessage());
        }
    }
}
