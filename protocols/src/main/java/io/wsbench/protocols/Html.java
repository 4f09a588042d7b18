package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.util.Arrays;

/** A dynamic page (seed 002's {@code <h1>CFML</h1> #now()#}): GET, answered by HTML that starts with the expected text. */
public final class Html extends NamedProtocol {

    public Html() {
        super("html", "html: HTTP GET answered by a page (text/html) that starts with the operation's text");
    }

    @Override
    public Validator validator(Operation op) {
        // something must follow the heading: a dynamic page prints more than its fixed part
        return Answers.text("text/html", op, (body, from, length, expected) -> length - from > expected.length
                && Arrays.equals(body, from, from + expected.length, expected, 0, expected.length)
                ? Verdict.OK : Verdict.VALIDATION);
    }
}
