package io.wsbench.core.load;

import io.wsbench.model.record.ErrorKind;

import java.util.List;

/** The kinds of error the engine itself counts beyond the transport's: a gRPC status, an endless redirect chain. */
public final class EngineErrorKinds implements ErrorKind.Declared {

    /** A gRPC call that ended with a status other than OK. */
    public static final ErrorKind GRPC_STATUS = GrpcCodes.KIND;
    /** A step's redirects that looped or went past ten hops. */
    public static final ErrorKind REDIRECTS = Redirects.KIND;

    @Override
    public List<ErrorKind> kinds() {
        return List.of(GrpcCodes.KIND, Redirects.KIND);
    }
}
