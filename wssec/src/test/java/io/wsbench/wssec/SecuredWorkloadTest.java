package io.wsbench.wssec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.core.load.RequestSource;
import io.wsbench.model.suite.Security;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecuredWorkloadTest {

    @TempDir
    static Path keys;

    private static String request(Security configuration, String url, boolean keepAlive) {
        SecuredWorkload w = (SecuredWorkload) SecuredWorkload.of("soap11", "matchQuakes", "small", configuration,
                WsSecurityKeys.in(keys));
        RequestSource source = w.requests(URI.create(url), keepAlive);
        ByteBuf b = source.next(0, UnpooledByteBufAllocator.DEFAULT);
        try {
            return b.toString(StandardCharsets.UTF_8);
        } finally {
            b.release();
        }
    }

    private static String body(String request) {
        return request.substring(request.indexOf("\r\n\r\n") + 4);
    }

    @Test
    void theRequestKeepsTheUrlsQueryAndCountsItsOwnBody() {
        String r = request(Security.SIGN, "http://127.0.0.1:8080/seismic/sign?x=1&y=2", false);
        assertTrue(r.startsWith("POST /seismic/sign?x=1&y=2 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: \""), r);
        assertTrue(r.contains("\r\nConnection: close\r\n"), r);
        Matcher length = Pattern.compile("\r\nContent-Length: (\\d+)\r\n\r\n").matcher(r);
        assertTrue(length.find(), r);
        byte[] body = r.substring(length.end()).getBytes(StandardCharsets.UTF_8);
        assertEquals(Integer.parseInt(length.group(1)), body.length);
    }

    @Test
    void eachConfigurationPutsItsOwnSecurityHeader() {
        String username = request(Security.USERNAME, "http://127.0.0.1:8080/seismic/username", true);
        assertTrue(username.contains("UsernameToken"), username);
        assertFalse(username.contains("Connection: close"), username);
        assertFalse(username.contains("Signature"), username);

        String sign = body(request(Security.SIGN, "http://127.0.0.1:8080/seismic/sign", true));
        assertTrue(sign.contains("Signature") && sign.contains("min-date>"), sign);
        assertFalse(sign.contains("EncryptedData"), sign);

        // encrypted: the query's element is no longer readable in the body
        String signencr = body(request(Security.SIGNENCR, "http://127.0.0.1:8080/seismic/signencr", true));
        assertTrue(signencr.contains("Signature") && signencr.contains("EncryptedData"), signencr);
        assertFalse(signencr.contains("min-date>"), signencr);
    }

    @Test
    void plainIsThePlainWorkloadAndOthersAreRefusedOutsideMatchQuakes() {
        assertFalse(SecuredWorkload.of("soap11", "matchQuakes", "small", Security.PLAIN, WsSecurityKeys.in(keys))
                instanceof SecuredWorkload);
        assertInstanceOf(SecuredWorkload.class, SecuredWorkload.of("soap11", "matchQuakes", "large", Security.USERNAME,
                WsSecurityKeys.in(keys)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SecuredWorkload.check("json", "hello", Security.SIGN));
        assertEquals("security 'sign' applies to matchQuakes over soap11 only, not hello over json", e.getMessage());
    }
}
