package io.wsbench.cli;

import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.openapi.RestOperation;
import io.wsbench.service.openapi.RestRequest;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.runner.OwnService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

@Command(name = "openapi", description = {"List an OpenAPI spec's operations, or print a sample request of one operation.",
        "With --template, the JSON body with a $${name} placeholder per leaf value, ready to save, edit and fill from a CSV with"
        + " load --openapi --data; the columns the data needs (parameters and body), and those it may leave out, are named on stderr."})
final class OpenApiCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SPEC", description = "an http(s):// URL or a file, YAML or JSON, OpenAPI 3.0 or 3.1")
    String spec;

    @Mixin
    SampleOptions sample;

    @Override
    public Integer call() {
        PrintStream out = System.out;
        ApiDescription api = OwnService.readSpec(spec);
        if (!api.inlined()) {
            System.err.println("note: swagger-parser followed a cycle of this spec's references without end; wsbench inlined"
                    + " them itself, each reference back to a schema it is inside left as the end of its recursion");
        }
        if (sample.operation == null) {
            list(out, api);
            return 0;
        }
        try {
            RestOperation op = api.operation(sample.operation);
            if (!sample.template) {
                out.print(RestRequest.of(api, op, null, null, null).describe(op.server()));
                return 0;
            }
            RestRequest r = RestRequest.template(api, op);
            String request = r.describe(op.server());
            int blank = request.indexOf("\n\n");
            if (blank >= 0) {
                out.print(request.substring(blank + 2));
            }
            Set<String> required = new LinkedHashSet<>(r.placeholders());
            required.removeAll(r.optional());
            System.err.println(op.method() + " " + op.path() + ": the data's columns: " + (required.isEmpty() ? "none required"
                    : String.join(", ", required)) + (r.optional().isEmpty() ? ""
                    : "; optional (left out where the data has no column): " + String.join(", ", r.optional())));
        } catch (OwnServiceException e) {
            throw new UserError(e.getMessage());
        }
        return 0;
    }

    private static void list(PrintStream out, ApiDescription api) {
        out.println((api.swagger2() ? "Swagger 2.0, read as OpenAPI 3.0" : "OpenAPI " + (api.v31() ? "3.1" : "3.0")) + "  " + io.wsbench.model.Redacted.url(api.location()));
        for (RestOperation op : api.operations()) {
            out.println("  " + op.id() + "  " + op.method() + " " + op.path() + (op.summary() == null ? "" : "  " + op.summary()));
            out.println("    server      " + (op.server() == null ? "(none named: give one with --url)" : op.server()));
            if (!op.parameters().isEmpty()) {
                out.println("    parameters  " + String.join(", ", op.parameters().stream().map(RestOperation.Param::describe).toList()));
            }
            if (op.body() != null) {
                out.println("    body        " + op.body().mediaType() + (op.body().required() ? "" : " (optional)"));
            }
            List<String> answers = op.answers().entrySet().stream()
                    .map(e -> e.getKey() + (e.getValue().mediaType() == null ? "" : " " + e.getValue().mediaType())).toList();
            out.println("    answers     " + (answers.isEmpty() ? "(none described)" : String.join(", ", answers)));
        }
    }
}
