package io.wsbench.protocols;

import io.wsbench.model.record.ErrorKind;

import java.util.List;

/** The kinds of error wsbench's protocols declare, for a run.json read where none of them was loaded. */
public final class ProtocolErrorKinds implements ErrorKind.Declared {

    @Override
    public List<ErrorKind> kinds() {
        return List.of(Soap.FAULT_KIND, GraphQl.ERRORS_KIND);
    }
}
