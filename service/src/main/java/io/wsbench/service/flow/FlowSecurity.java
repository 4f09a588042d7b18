package io.wsbench.service.flow;

import io.wsbench.core.load.StepSecurity;
import io.wsbench.model.suite.Security;

import java.util.function.Supplier;

/**
 * WS-Security for a flow's SOAP steps, from where a client is at hand (the runner, with module
 * wssec): a client per I/O thread for a configuration, and the time all of them have spent, which a
 * point counts as the client's WS-Security time.
 */
public interface FlowSecurity {

    /** A new client per call, for a secured {@code configuration}; IllegalArgumentException (one line) when its keys are unusable. */
    Supplier<? extends StepSecurity> clients(Security configuration);

    /** Nanoseconds its clients have spent sealing requests and opening answers so far. */
    long nanos();
}
