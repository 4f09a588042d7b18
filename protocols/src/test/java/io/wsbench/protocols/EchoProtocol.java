package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

/** A protocol of the tests' own, found as wsbench's are: a class and a line in META-INF/services. */
public final class EchoProtocol implements Protocol {

    @Override
    public String name() {
        return "echo-test";
    }

    @Override
    public String describe() {
        return "a GET whose answer must be 200";
    }

    @Override
    public Validator validator(Operation op) {
        return (status, contentType, body, length) -> status == 200 ? Verdict.OK : Verdict.HTTP_STATUS;
    }
}
