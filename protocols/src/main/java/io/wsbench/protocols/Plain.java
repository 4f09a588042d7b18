package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** {@code returnformat=plain}: the answer as bare text. */
public final class Plain implements Protocol {

    @Override
    public String name() {
        return "plain";
    }

    @Override
    public String describe() {
        return "plain: HTTP GET answered by bare text (text/plain)";
    }

    @Override
    public Validator validator(Operation op) {
        byte[] expected = op.expectedText().getBytes(StandardCharsets.UTF_8);
        return Answers.expecting("text/plain", (body, length) -> {
            int from = 0;
            int to = length;
            while (from < to && body[from] <= ' ') {
                from++;
            }
            while (to > from && body[to - 1] <= ' ') {
                to--;
            }
            return Arrays.equals(body, from, to, expected, 0, expected.length) ? Verdict.OK : Verdict.VALIDATION;
        });
    }
}
