package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.util.Arrays;

/** {@code returnformat=plain}: the answer as bare text. */
public final class Plain extends NamedProtocol {

    public Plain() {
        super("plain", "plain: HTTP GET answered by bare text (text/plain)");
    }

    @Override
    public Validator validator(Operation op) {
        return Answers.text("text/plain", op, (body, from, length, expected) -> {
            int to = length;
            while (to > from && body[to - 1] <= ' ') {
                to--;
            }
            return Arrays.equals(body, from, to, expected, 0, expected.length) ? Verdict.OK : Verdict.VALIDATION;
        });
    }
}
