package io.wsbench.service.openapi;

import io.wsbench.service.own.OwnServiceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reference that does not resolve under a callback (a request the service sends, which wsbench never writes nor
 * checks: the OpenAPI Initiative's own callback-example.yaml has one) leaves the spec readable; one under an
 * operation wsbench calls is still refused in one line.
 */
class CallbackRefTest {

    private static final String SPEC = """
            openapi: 3.0.3
            info: { title: streams, version: "1" }
            servers: [ { url: "http://127.0.0.1:1" } ]
            paths:
              /streams:
                post:
                  operationId: subscribe
                  parameters: [ { name: callbackUrl, in: query, required: true, schema: { type: string, format: uri } } ]
                  requestBody: { content: { application/json: { schema: { $ref: "%s" } } } }
                  responses:
                    "201": { description: subscribed, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } }
                  callbacks:
                    onData:
                      "{$request.query.callbackUrl}/data":
                        post:
                          requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/UserLogData" } } } }
                          responses: { "202": { description: taken } }
            components:
              schemas:
                Subscription: { type: object, properties: { topic: { type: string } } }
            """;

    @Test
    void aDanglingReferenceUnderACallbackLeavesTheSpecReadable(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("streams.yaml"), SPEC.formatted("#/components/schemas/Subscription"));
        ApiDescription api = ApiDescription.read(spec.toString());
        assertTrue(api.operations().stream().anyMatch(o -> o.id().equals("subscribe")), api.operations().toString());

        Path broken = Files.writeString(dir.resolve("broken.yaml"), SPEC.formatted("#/components/schemas/Missing"));
        OwnServiceException e = assertThrows(OwnServiceException.class, () -> ApiDescription.read(broken.toString()));
        assertTrue(e.getMessage().contains("a reference cannot be resolved") && e.getMessage().contains("Missing"), e.getMessage());
    }
}
