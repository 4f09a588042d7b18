package io.wsbench.runner;

import org.junit.jupiter.api.Test;

import java.net.URI;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A target that names a stack loads that stack, on the path its WSDL or spec gives, whatever host they were written for. */
class OnStackTest {

    @Test
    void theDescribedPathAndQueryGoToTheStack() {
        assertEquals("http://127.0.0.1:40123/api", OwnService.onStack("http://127.0.0.1:40123", URI.create("http://localhost:8080/api")));
        assertEquals("http://127.0.0.1:40123/ws/calc?x=1",
                OwnService.onStack("http://127.0.0.1:40123", URI.create("https://prod.example.com/ws/calc?x=1")));
        assertEquals("http://127.0.0.1:40123/", OwnService.onStack("http://127.0.0.1:40123/", URI.create("http://127.0.0.1:18200/")));
        assertEquals("http://127.0.0.1:40123/app/api", OwnService.onStack("http://127.0.0.1:40123/app", URI.create("http://h/api")),
                "a stack's own context path stays in front");
        assertEquals("http://127.0.0.1:40123", OwnService.onStack("http://127.0.0.1:40123", null), "no address named: the stack's");
    }
}
