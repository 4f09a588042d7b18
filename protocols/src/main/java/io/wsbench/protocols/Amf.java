package io.wsbench.protocols;

import flex.messaging.io.MessageIOConstants;
import flex.messaging.io.SerializationContext;
import flex.messaging.io.amf.ActionContext;
import flex.messaging.io.amf.ActionMessage;
import flex.messaging.io.amf.AmfMessageDeserializer;
import flex.messaging.io.amf.AmfMessageSerializer;
import flex.messaging.io.amf.MessageBody;
import flex.messaging.messages.AcknowledgeMessage;
import flex.messaging.messages.ErrorMessage;
import flex.messaging.messages.RemotingMessage;
import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * AMF remoting, as a Flash Player RemoteObject calls a BlazeDS destination: an HTTP POST of an
 * AMF0 packet (version 3) whose one body carries an AMF3 RemotingMessage naming the destination
 * and operation. Built and read with BlazeDS's own serializer. A right answer is a body
 * {@code /1/onResult} holding an AcknowledgeMessage whose body is the greeting. An ErrorMessage
 * (the AMF fault) and anything that does not decode count as validation errors: both come with
 * HTTP 200, and wsbench's {@code soapFault} kind is kept for SOAP.
 */
public final class Amf extends NamedProtocol {

    public static final String CONTENT_TYPE = "application/x-amf";
    /** The channel id of the stack's services-config.xml, sent as Flash Player sends its own. */
    static final String ENDPOINT_ID = "my-amf";

    public Amf() {
        super("amf", "AMF: an AMF0 packet carrying an AMF3 RemotingMessage over HTTP POST (" + CONTENT_TYPE + "), BlazeDS remoting");
    }

    @Override
    public HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        return new HttpRequest("POST", endpoint, Map.of("Content-Type", CONTENT_TYPE), packet(op.name(), op.name()), keepAlive);
    }

    /** The AMF packet of a call of {@code operation} on remoting {@code destination}, with no arguments. */
    public static byte[] packet(String destination, String operation) {
        RemotingMessage call = new RemotingMessage();
        call.setDestination(destination);
        call.setOperation(operation);
        call.setBody(new Object[0]);
        call.setMessageId(UUID.randomUUID().toString().toUpperCase());
        Map<String, Object> headers = new HashMap<>();
        headers.put("DSEndpoint", ENDPOINT_ID);
        headers.put("DSId", "nil");
        call.setHeaders(headers);
        // the envelope Flash Player sends: target "null", response "/1", the message in an array of
        // one. BlazeDS writes that array in AMF3 where Flash writes an AMF0 strict array: 2 bytes less
        ActionMessage packet = new ActionMessage(MessageIOConstants.AMF3);
        packet.addBody(new MessageBody("null", "/1", new Object[] {call}));
        return encode(packet);
    }

    /** The bytes of an AMF packet, written by BlazeDS's AmfMessageSerializer. */
    public static byte[] encode(ActionMessage packet) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        AmfMessageSerializer s = new AmfMessageSerializer();
        s.initialize(new SerializationContext(), out, null);
        try {
            s.writeMessage(packet);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Reads an AMF packet as a Flex client does: unknown class aliases become ASObjects. */
    public static ActionMessage decode(byte[] bytes, int length) throws IOException, ClassNotFoundException {
        SerializationContext context = new SerializationContext();
        context.createASObjectForMissingType = true;
        AmfMessageDeserializer d = new AmfMessageDeserializer();
        d.initialize(context, new ByteArrayInputStream(bytes, 0, length), null);
        ActionMessage packet = new ActionMessage();
        d.readMessage(packet, new ActionContext());
        return packet;
    }

    @Override
    public Validator validator(Operation op) {
        String expected = op.expectedText();
        return Answers.expecting(CONTENT_TYPE, (body, length) -> {
            try {
                return answer(decode(body, length), expected);
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                return Verdict.VALIDATION;
            }
        });
    }

    private static Verdict answer(ActionMessage packet, String expected) {
        if (packet.getBodyCount() != 1) {
            return Verdict.VALIDATION;
        }
        MessageBody body = packet.getBody(0);
        Object data = body.getData();
        if (data instanceof ErrorMessage || !"/1/onResult".equals(body.getTargetURI())
                || !(data instanceof AcknowledgeMessage ack)) {
            return Verdict.VALIDATION;
        }
        return expected.equals(ack.getBody()) ? Verdict.OK : Verdict.VALIDATION;
    }
}
