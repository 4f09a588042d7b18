package io.wsbench.protocols;

import io.wsbench.core.load.HttpRequest;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.protocols.grpc.ProtoSchema;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * gRPC, over HTTP/2 as it must be: a unary call of wsbench.proto's {@code Hello/Hello} (its path the
 * endpoint's), the request an empty HelloRequest in gRPC's length-prefixed framing, the answer a
 * HelloReply whose greeting must be "Hello World". A call that ends with a status other than OK is
 * counted by the generator as a gRPC status error, named by its code. Seed 001's matchQuakes is
 * served too: {@link GrpcSeismicWorkload}, judged by the SOAP oracle.
 */
public final class Grpc extends NamedProtocol {

    /** A call that ended with a gRPC status other than OK is its own kind. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(io.wsbench.core.load.EngineErrorKinds.GRPC_STATUS);
    }

    public Grpc() {
        super("grpc", "gRPC (h2c): a unary call of wsbench.proto's Hello/Hello, answered by a HelloReply (application/grpc)");
    }

    /** The headers of a gRPC call: its content type, and the trailers it must be able to read. */
    public static Map<String, String> headers() {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Content-Type", "application/grpc");
        h.put("TE", "trailers");
        return h;
    }

    @Override
    public HttpRequest request(URI endpoint, Operation op, boolean keepAlive) {
        return new HttpRequest("POST", endpoint, headers(), ProtoSchema.frame(new byte[0]), keepAlive);
    }

    @Override
    public boolean http2Only() {
        return true;
    }

    @Override
    public Workload seismic(String sequence) {
        return GrpcSeismicWorkload.of(sequence);
    }

    @Override
    public Validator validator(Operation op) {
        ProtoSchema schema = ProtoSchema.wsbench();
        return (status, contentType, body, length) -> {
            Verdict head = Answers.head(status, contentType == null ? "" : contentType, "application/grpc");
            if (head == Verdict.HTTP_STATUS) {
                return head;
            }
            try {
                List<int[]> messages = ProtoSchema.messages(body, length);
                if (messages.size() != 1) {
                    return Verdict.VALIDATION;
                }
                String greeting = schema.decode("wsbench.HelloReply", body, messages.get(0)[0], messages.get(0)[1])
                        .path("greeting").asText();
                return !op.expectedText().equals(greeting) ? Verdict.VALIDATION : head;
            } catch (IllegalArgumentException e) {
                return Verdict.VALIDATION;
            }
        };
    }
}
