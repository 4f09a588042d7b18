package io.wsbench.protocols;

import flex.messaging.MessageException;
import flex.messaging.io.MessageIOConstants;
import flex.messaging.io.amf.ActionMessage;
import flex.messaging.io.amf.MessageBody;
import flex.messaging.messages.AcknowledgeMessage;
import flex.messaging.messages.ErrorMessage;
import flex.messaging.messages.RemotingMessage;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.contract.hello.HelloContract;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** AMF requests as Flash Player sends them, and the oracle on BlazeDS's own encoded answers. */
class AmfTest {

    private static final Validator ORACLE = Protocols.byName("amf").validator(Operation.hello());

    /** An answer as BlazeDS's AMF endpoint writes one: AMF0 version 3, {@code /1/onResult}, an AMF3 message. */
    private static byte[] answer(String target, Object message) {
        ActionMessage packet = new ActionMessage(MessageIOConstants.AMF3);
        packet.addBody(new MessageBody(target, "", message));
        return Amf.encode(packet);
    }

    private static byte[] ack(Object body) {
        AcknowledgeMessage ack = new AcknowledgeMessage();
        ack.setCorrelationId("C0FFEE00-0000-0000-0000-000000000001");
        ack.setClientId("4A5B6C7D-0000-0000-0000-000000000002");
        ack.setBody(body);
        return answer("/1/onResult", ack);
    }

    private static Verdict check(byte[] body) {
        return ORACLE.check(200, "application/x-amf", body, body.length);
    }

    @Test
    void theRequestIsAnAmf0PacketCarryingAnAmf3RemotingMessage() throws Exception {
        byte[] packet = Amf.packet("hello", "hello");
        // version 3, no headers, one body: target "null", response "/1", a length BlazeDS leaves
        // unknown (1), then the switch to AMF3 (0x11) for an array of one object, the message
        assertEquals("000300000001" + "00046e756c6c" + "00022f31", HexFormat.of().formatHex(packet, 0, 16));
        assertEquals("00000001" + "11" + "090301" + "0a", HexFormat.of().formatHex(packet, 16, 25));
        assertTrue(new String(packet, StandardCharsets.ISO_8859_1).contains("flex.messaging.messages.RemotingMessage"));

        ActionMessage read = Amf.decode(packet, packet.length);
        assertEquals(3, read.getVersion());
        Object[] args = (Object[]) read.getBody(0).getData();
        RemotingMessage call = assertInstanceOf(RemotingMessage.class, args[0]);
        assertEquals("hello", call.getDestination());
        assertEquals("hello", call.getOperation());
        assertEquals("my-amf", call.getHeader("DSEndpoint"));
        assertEquals(0, ((Object[]) call.getBody()).length);

        HttpRequest r = Protocols.byName("amf").request(URI.create("http://127.0.0.1:8400/messagebroker/amf"), Operation.hello(), true);
        String head = new String(Wire.of(r), StandardCharsets.ISO_8859_1);
        assertTrue(head.startsWith("POST /messagebroker/amf HTTP/1.1\r\n"), head);
        assertTrue(head.contains("Content-Type: application/x-amf\r\nContent-Length: " + packet.length + "\r\n"), head);
    }

    @Test
    void theGreetingInAnAcknowledgeMessageIsRight() {
        byte[] ok = ack(HelloContract.GREETING);
        assertEquals(Verdict.OK, check(ok));
        assertEquals(Verdict.OK, ORACLE.check(200, "application/x-amf;charset=UTF-8", ok, ok.length));
        assertEquals(Verdict.VALIDATION, check(ack("Hello Mars")));
        assertEquals(Verdict.VALIDATION, ORACLE.check(200, "text/html", ok, ok.length), "wrong media type");
        assertEquals(Verdict.HTTP_STATUS, ORACLE.check(500, "application/x-amf", ok, ok.length));
        assertEquals(Verdict.VALIDATION, check(answer("/1/onStatus", new AcknowledgeMessage())), "an ack without the greeting");
    }

    @Test
    void aCorruptedAnswerIsAnError() {
        byte[] ok = ack(HelloContract.GREETING);
        // one letter of the greeting changed in the encoded bytes: it decodes, to the wrong words
        byte[] letter = ok.clone();
        int at = indexOf(letter, "World".getBytes(StandardCharsets.UTF_8));
        assertTrue(at > 0);
        letter[at] = 'w';
        assertEquals(Verdict.VALIDATION, check(letter));
        // cut short: the deserializer runs out of bytes
        assertEquals(Verdict.VALIDATION, ORACLE.check(200, "application/x-amf", ok, ok.length - 12));
        // the AMF3 marker of the message overwritten with an undefined type marker
        byte[] marker = ok.clone();
        marker[indexOf(marker, new byte[] {0x11, 0x0a}) + 1] = (byte) 0x7f;
        assertEquals(Verdict.VALIDATION, check(marker));
        // not AMF at all: what a proxy's error page would be
        assertEquals(Verdict.VALIDATION, check("<html><body>502 Bad Gateway</body></html>".getBytes(StandardCharsets.US_ASCII)));
        assertEquals(Verdict.VALIDATION, check(new byte[0]));
        byte[] zeros = new byte[ok.length];
        assertEquals(Verdict.VALIDATION, check(zeros));
    }

    @Test
    void anErrorMessageIsAnErrorEvenWith200() {
        MessageException e = new MessageException();
        e.setCode("Server.ResourceUnavailable");
        e.setMessage("Destination 'hello' not accessible over channel 'my-amf'.");
        ErrorMessage fault = new ErrorMessage(e);
        fault.setCorrelationId("C0FFEE00-0000-0000-0000-000000000001");
        // an ErrorMessage is an AcknowledgeMessage: even with the greeting as its body it is a fault
        fault.setBody(HelloContract.GREETING);
        assertEquals(Verdict.VALIDATION, check(answer("/1/onStatus", fault)));
        assertEquals(Verdict.VALIDATION, check(answer("/1/onResult", fault)));
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }
}
