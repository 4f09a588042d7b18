package io.wsbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.wsbench.protocols.grpc.ProtoSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "grpc", description = {"List a .proto file's services and methods, or print a sample request of one method as JSON.",
        "Save it as a --template, put $${column} placeholders in it, and load http://HOST:PORT --proto FILE.proto --method M --data rows.csv.",
        "The file is read in this process by Square's Wire: no protoc is needed."})
final class GrpcCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Parameters(index = "0", paramLabel = "FILE.proto", description = "the service's .proto file (its imports are read from its directory)")
    Path file;

    @Option(names = "--method", paramLabel = "M", description = "print a sample request of this method (package.Service/Method, or shorter when unique)")
    String method;

    @Override
    public Integer call() throws Exception {
        PrintStream out = System.out;
        ProtoSchema schema;
        try {
            schema = ProtoSchema.read(file);
            if (method != null) {
                ProtoSchema.Method m = schema.method(method);
                out.println(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(schema.sample(m.requestType())));
                return 0;
            }
        } catch (IllegalArgumentException e) {
            throw new Main.UserError(e.getMessage());
        }
        out.println("gRPC  " + file);
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
