package io.wsbench.protocols;

import com.squareup.wire.ProtoAdapter;
import com.squareup.wire.ProtoReader;
import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Query;
import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;
import io.wsbench.protocols.grpc.ProtoSchema;
import okio.Buffer;

import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Seed 001's matchQuakes over gRPC: the same fixed sequence of queries as over SOAP, each a
 * QuakeQuery (bounds left out where the SOAP query leaves them out, dates as epoch millis) encoded
 * once by Wire from wsbench.proto; and the same oracle: every answer's count, and which quakes
 * (their millis and region), read from the QuakeResults as it streams by, or it is wrong.
 */
final class GrpcSeismicWorkload extends SeismicOracleWorkload {

    /** A call that ended with a gRPC status other than OK is its own kind. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(io.wsbench.core.load.EngineErrorKinds.GRPC_STATUS);
    }

    private GrpcSeismicWorkload(String name) {
        super(name);
    }

    /** The sequence {@code name}, and its oracle, as SOAP's workload made them (once, for every protocol). */
    static GrpcSeismicWorkload of(String name) {
        return new GrpcSeismicWorkload(name);
    }

    @Override
    public boolean http2Only() {
        return true;
    }

    @Override
    Map<String, String> headers() {
        return Grpc.headers();
    }

    /** The framed QuakeQuery of {@code q}: its bounds (dates as epoch millis) made protobuf by Wire. */
    @Override
    byte[] body(Query q) {
        return ProtoSchema.frame(ProtoSchema.wsbench().encode("wsbench.QuakeQuery", bounds(q, false)));
    }

    @Override
    public Validator validator() {
        return validator("application/grpc", GrpcSeismicWorkload::judge, null);
    }

    /** Reads {@code count} and each quake's {@code millis} and {@code region}, and nothing else, as the SOAP oracle does. */
    static Verdict judge(byte[] body, int length, Answer expected) {
        int declared = 0;
        int seen = 0;
        long fingerprint = 0;
        try {
            List<int[]> messages = ProtoSchema.messages(body, length);
            if (messages.size() != 1) {
                return Verdict.VALIDATION;
            }
            ProtoReader r = new ProtoReader(new Buffer().write(body, messages.get(0)[0], messages.get(0)[1]));
            long results = r.beginMessage();
            for (int tag = r.nextTag(); tag != -1; tag = r.nextTag()) {
                if (tag == 1) {
                    declared = ProtoAdapter.INT32.decode(r);
                } else if (tag == 2) {
                    long set = r.beginMessage();
                    for (int t = r.nextTag(); t != -1; t = r.nextTag()) {
                        if (t == 3) {
                            long quake = r.beginMessage();
                            long millis = 0;
                            String region = null;
                            for (int q = r.nextTag(); q != -1; q = r.nextTag()) {
                                if (q == 2) {
                                    millis = ProtoAdapter.INT64.decode(r);
                                } else if (q == 8) {
                                    region = ProtoAdapter.STRING.decode(r);
                                } else {
                                    r.skip();
                                }
                            }
                            r.endMessageAndGetUnknownFields(quake);
                            if (region == null) {
                                return Verdict.VALIDATION;
                            }
                            seen++;
                            fingerprint += Answer.of(millis, Integer.parseInt(region.substring(1)));
                        } else {
                            r.skip();
                        }
                    }
                    r.endMessageAndGetUnknownFields(set);
                } else {
                    r.skip();
                }
            }
            r.endMessageAndGetUnknownFields(results);
        } catch (IOException | RuntimeException e) {
            return Verdict.VALIDATION;
        }
        boolean right = declared == expected.count() && seen == expected.count() && fingerprint == expected.fingerprint();
        return right ? Verdict.OK : Verdict.VALIDATION;
    }
}
