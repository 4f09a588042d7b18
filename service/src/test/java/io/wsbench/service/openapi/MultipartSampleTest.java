package io.wsbench.service.openapi;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.multipart.Attribute;
import io.netty.handler.codec.http.multipart.FileUpload;
import io.netty.handler.codec.http.multipart.HttpPostRequestDecoder;
import io.netty.handler.codec.http.multipart.InterfaceHttpData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code multipart/form-data} body written from the spec: it was the JSON sample under a multipart Content-Type with no
 * boundary, which no server reads (petstore3's uploadFile, Redocly's museum). Read back by another multipart reader,
 * Netty's decoder: a field per property, a file for a binary one, several parts for an array.
 */
class MultipartSampleTest {

    @Test
    void aMultipartBodyIsPartsAnotherReaderReads(@TempDir Path dir) throws Exception {
        Path spec = Files.writeString(dir.resolve("upload.yaml"), """
                openapi: 3.0.3
                info: {title: upload, version: '1'}
                paths:
                  /upload:
                    post:
                      operationId: upload
                      requestBody:
                        content:
                          multipart/form-data:
                            schema:
                              type: object
                              properties:
                                title: {type: string, example: holiday}
                                tags: {type: array, items: {type: string}, minItems: 2}
                                meta: {type: object, properties: {width: {type: integer}}}
                                photo: {type: string, format: binary}
                      responses: {'200': {description: ok}}
                """);
        ApiDescription api = ApiDescription.read(spec.toString());
        String described = RestRequest.of(api, api.operation("upload"), null, null, null).describe(null);
        String contentType = described.lines().filter(l -> l.startsWith("Content-Type: ")).findFirst().orElseThrow().substring(14);
        assertEquals("multipart/form-data; boundary=" + RestRequest.BOUNDARY, contentType, described);
        String body = described.substring(described.indexOf("\n\n") + 2, described.length() - 1); // describe ends with a line break
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/upload",
                Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set("Content-Type", contentType);
        HttpPostRequestDecoder decoder = new HttpPostRequestDecoder(request);
        try {
            List<String> read = new ArrayList<>();
            for (InterfaceHttpData d : decoder.getBodyHttpDatas()) {
                if (d instanceof FileUpload f) {
                    read.add(f.getName() + " file " + f.getFilename() + " " + f.getContentType() + " " + f.getString(StandardCharsets.UTF_8));
                } else {
                    read.add(d.getName() + "=" + ((Attribute) d).getValue());
                }
            }
            assertEquals(List.of("title=holiday", "tags=text", "tags=text", "meta={\"width\":3}",
                    "photo file photo.bin application/octet-stream text"), read, body);
        } finally {
            decoder.destroy();
        }
        assertTrue(body.endsWith("--" + RestRequest.BOUNDARY + "--\r\n"), body);
    }
}
