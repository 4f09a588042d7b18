package io.wsbench.protocols;

import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.contract.seismic.SeismicXml;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Seed 001's answers against the oracle, remembered per request by their digest: the same answer to the same
 * request is accepted again without being parsed, and every other is judged in full, as the first one was.
 */
class SeismicAnswersTest {

    private static byte[] answer(Catalog catalog, Query q) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?><soap:Envelope"
                + " xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>");
        SeismicXml.results(sb, catalog, catalog.match(q));
        return sb.append("</soap:Body></soap:Envelope>").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Verdict check(Validator v, int request, byte[] body) {
        return v.check(request, 200, "text/xml; charset=utf-8", body, body.length);
    }

    @Test
    void theSameAnswerToTheSameRequestIsAcceptedAgainAndAnyOtherIsJudgedInFull() {
        Catalog catalog = Catalog.standard();
        QuerySequence small = QuerySequence.named("small", catalog);
        Validator v = SeismicWorkload.of("small").validator();
        byte[] first = answer(catalog, small.queries().get(0));
        byte[] second = answer(catalog, small.queries().get(1));

        assertEquals(Verdict.OK, check(v, 0, first));
        assertEquals(Verdict.OK, check(v, 0, first), "the same bytes to the same request: accepted from the digest");
        assertEquals(Verdict.OK, check(v, 1, second));
        // an answer right for another request is wrong for this one, remembered or not
        assertEquals(Verdict.VALIDATION, check(v, 0, second));
        assertEquals(Verdict.VALIDATION, check(v, 1, first));
        // one quake's millis changed by a digit, in the first answer that has a quake: the digest differs, the oracle refuses it
        int withQuake = 0;
        while (!new String(answer(catalog, small.queries().get(withQuake)), StandardCharsets.UTF_8).contains("<quake time=\"")) {
            withQuake++;
        }
        byte[] right = answer(catalog, small.queries().get(withQuake));
        assertEquals(Verdict.OK, check(v, withQuake, right));
        String text = new String(right, StandardCharsets.UTF_8);
        int digit = text.indexOf("millis=\"") + "millis=\"".length() + 2; // the oracle reads millis and region, nothing else
        char c = text.charAt(digit);
        byte[] altered = (text.substring(0, digit) + (c == '9' ? '8' : (char) (c + 1)) + text.substring(digit + 1))
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(Verdict.VALIDATION, check(v, withQuake, altered));
        assertEquals(Verdict.OK, check(v, withQuake, right), "and the right one is accepted again");
        assertEquals(Verdict.OK, check(v, 0, first), "and the right one is accepted again");
        // a 500 is judged as a SOAP fault, never from what a 200 left remembered
        assertEquals(Verdict.HTTP_STATUS, v.check(0, 503, "text/plain", first, first.length));
    }
}
