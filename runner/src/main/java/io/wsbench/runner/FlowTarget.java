package io.wsbench.runner;

import io.wsbench.model.suite.TargetSpec;
import io.wsbench.service.flow.FlowWorkload;
import io.wsbench.service.flow.OwnFlow;
import io.wsbench.service.openapi.ApiDescription;
import io.wsbench.service.own.OwnServiceException;
import io.wsbench.service.wsdl.ServiceDescription;

import java.net.URI;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * A target's flow made ready to load, from a suite or a flow file: its description (an OpenAPI spec
 * or a WSDL, when its steps name operations) read, its address found, its steps made, all before any
 * load; each mistake a {@link TargetException}: one line naming the step.
 */
public record FlowTarget(FlowWorkload workload, URI endpoint) {

    /**
     * {@code files}: where a file the target names is (relative to its suite or flow file);
     * {@code base}: the address of the stack it is on, or null; {@code keys}: the directory of the
     * WS-Security keys, read when a SOAP step is secured.
     */
    public static FlowTarget of(TargetSpec t, Function<String, Path> files, String base, Path keys) {
        try {
            ApiDescription api = t.service().openapi() == null ? null : ApiDescription.read(described(t.service().openapi(), files, base));
            ServiceDescription wsdl = t.service().wsdl() == null ? null : ServiceDescription.read(described(t.service().wsdl(), files, base));
            URI endpoint = endpoint(t, base, api, wsdl);
            return new FlowTarget(OwnFlow.of(t.flow(), api, wsdl, endpoint, files, t.security(), new SecuredSteps(keys)), endpoint);
        } catch (OwnServiceException e) {
            throw new TargetException(e.getMessage());
        }
    }

    /**
     * Why a suite's flow target cannot run (one line), or null: on no stack, its steps are made now;
     * on any, each load point's users are checked against its per-user rows once they are.
     * {@code keys}: where the WS-Security keys are.
     */
    public static String refusal(io.wsbench.model.suite.Suite suite, TargetSpec t, Path keys) {
        if (t.stack() != null) {
            // its description may be served by its stack, so its steps are made once the stack is up; its rows are here now
            return perUserRows(suite, t);
        }
        try {
            FlowWorkload w = of(t, suite::resolve, null, keys).workload();
            for (io.wsbench.model.suite.LoadPointSpec p : suite.load()) {
                String refused = w.refusal(p.users() == null ? 1 : p.users());
                if (refused != null) {
                    return refused;
                }
            }
            return null;
        } catch (TargetException e) {
            return e.getMessage();
        }
    }

    /** Why a load point has more users than a {@code perUser} step has rows, or null. */
    private static String perUserRows(io.wsbench.model.suite.Suite suite, TargetSpec t) {
        int users = suite.load().stream().mapToInt(p -> p.users() == null ? 1 : p.users()).max().orElse(1);
        for (io.wsbench.model.suite.StepSpec s : java.util.stream.Stream.of(t.flow().setup(), t.flow().steps(), t.flow().teardown())
                .flatMap(java.util.List::stream).toList()) {
            if (!"perUser".equals(s.dataMode())) {
                continue;
            }
            try {
                int rows = io.wsbench.service.own.DataRows.read(suite.resolve(s.data())).size();
                if (rows < users) {
                    return "dataMode perUser gives each virtual user its own row: " + users + " users, but step "
                            + s.name() + " has " + rows + " rows in " + s.data();
                }
            } catch (OwnServiceException e) {
                return "step " + s.name() + ": " + e.getMessage();
            }
        }
        return null;
    }

    private static String described(String where, Function<String, Path> files, String base) {
        if (where.regionMatches(true, 0, "http://", 0, 7) || where.regionMatches(true, 0, "https://", 0, 8)) {
            return where;
        }
        return where.startsWith("/") && base != null ? base + where : files.apply(where).toString();
    }

    private static URI endpoint(TargetSpec t, String base, ApiDescription api, ServiceDescription wsdl) throws OwnServiceException {
        String described = api != null && !api.operations().isEmpty() && api.operations().get(0).server() != null
                ? api.operations().get(0).server().toString()
                : wsdl != null && !wsdl.operations().isEmpty() ? wsdl.operations().get(0).address() : null;
        String u;
        try {
            u = t.url() != null ? t.url() : base == null ? described : t.path() != null ? base + t.path()
                    : OwnService.onStack(base, described == null ? null : URI.create(described));
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("not a URL: " + described);
        }
        if (u == null) {
            throw new OwnServiceException("the flow's target names no address: give it a 'url'");
        }
        URI uri;
        try {
            uri = URI.create(u);
        } catch (IllegalArgumentException e) {
            throw new OwnServiceException("not a URL: " + io.wsbench.model.Redacted.url(u));
        }
        if (!("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme())) || uri.getHost() == null) {
            throw new OwnServiceException("only http:// and https:// addresses with a host can be loaded: " + io.wsbench.model.Redacted.url(String.valueOf(uri)));
        }
        return uri;
    }
}
