package io.wsbench.service.flow;

import io.wsbench.core.load.FlowPlan;
import io.wsbench.core.load.RequestSource;
import io.wsbench.core.load.Validator;
import io.wsbench.protocols.Workload;

import java.net.URI;

/**
 * A flow as a target's workload: the plan the engine runs ({@link io.wsbench.core.load.LoadEngine.Point#flow}),
 * not a source of single requests. {@code perUserRows}: the fewest rows of a step whose data is
 * given per user (0 for none), so a point with more users is refused before its load. {@code security}:
 * what secures its SOAP steps (null when none is).
 */
public record FlowWorkload(FlowPlan plan, int perUserRows, String perUserSteps, FlowSecurity security) implements Workload {

    /** A step that follows redirects can meet an endless chain; what its other steps count is listed as it comes. */
    @Override
    public java.util.List<io.wsbench.model.record.ErrorKind> errorKinds() {
        return java.util.List.of(io.wsbench.core.load.EngineErrorKinds.REDIRECTS);
    }

    public FlowWorkload(FlowPlan plan, int perUserRows, String perUserSteps) {
        this(plan, perUserRows, perUserSteps, null);
    }

    /** The client's WS-Security time so far (0 when no step is secured): read before and after a point. */
    public long securityNanos() {
        return security == null ? 0 : security.nanos();
    }

    @Override
    public RequestSource requests(URI endpoint, boolean keepAlive) {
        throw new UnsupportedOperationException("a flow's requests are written by its users, step by step");
    }

    @Override
    public Validator validator() {
        return Validator.ANY_2XX;
    }

    /** Why {@code users} virtual users cannot run this flow (one line), or null when they can. */
    public String refusal(int users) {
        if (perUserRows > 0 && users > perUserRows) {
            return "dataMode perUser gives each virtual user its own row: " + users + " users, but step "
                    + perUserSteps + " has fewer";
        }
        return null;
    }
}
