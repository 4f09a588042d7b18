package io.wsbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.protocols.grpc.GrpcReflection;
import io.wsbench.protocols.grpc.ProtoSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "grpc", description = {"List a gRPC service's methods, or print a sample request of one as JSON.",
        "The services and methods of a .proto file (or a directory of them), or of a running server by its reflection service."
        + " Save a sample request as a --template, put $${column} placeholders in it, and load http://HOST:PORT --proto FILE.proto"
        + " --method M --data rows.csv (--proto reflection: the server's own description).",
        "The files are read in this process by Square's Wire: no protoc is needed."})
final class GrpcCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(index = "0", paramLabel = "FILE.proto|URL", description = "the service's .proto file (its imports are read from its directory),"
            + " a directory of .proto files, or a gRPC server's URL (http://HOST:PORT, https:// for h2 over TLS) to ask its reflection service")
    String source;

    @picocli.CommandLine.Mixin
    TlsOptions tlsOptions = new TlsOptions();

    @Option(names = "--method", paramLabel = "M", description = "print a sample request of this method (package.Service/Method, or shorter when unique)")
    String method;

    /** The schema {@code source} names: a file or directory, or a server's reflection service (over {@code tls}'s settings for https). */
    static ProtoSchema schema(String source, TlsOptions tls) {
        if (GrpcReflection.asks(source)) {
            URI server = URI.create(source);
            io.wsbench.runner.Reachable.check(server);
            return GrpcReflection.read(server, tls.client(server));
        }
        return ProtoSchema.read(Path.of(source));
    }

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        ProtoSchema schema;
        try {
            schema = schema(source, tlsOptions);
            if (method != null) {
                ProtoSchema.Method m = schema.method(method);
                out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(schema.sample(m.requestType())));
                return 0;
            }
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        out.println("gRPC  " + schema.source());
        if (schema.methods().isEmpty()) {
            out.println("  (no service: it declares messages only)");
        }
        for (ProtoSchema.Method m : schema.methods()) {
            out.println("  " + m.fullName() + "  (" + (m.clientStreaming() ? "stream " : "") + m.requestType() + ") returns ("
                    + (m.serverStreaming() ? "stream " : "") + m.responseType() + ")"
                    + (m.clientStreaming() ? "  [client streaming: not loaded by wsbench]" : ""));
            out.println("    request   " + JSON.writeValueAsString(schema.sample(m.requestType())));
        }
        return 0;
    }
}
