package io.wsbench.protocols;

import io.wsbench.core.load.Validator;
import io.wsbench.core.load.Verdict;

/**
 * A validator for a request sequence: an answer is judged knowing which request of the sequence
 * it answers, as an oracle must (seed 001's matchQuakes, plain or secured).
 */
@FunctionalInterface
public interface SequenceValidator extends Validator {

    @Override
    Verdict check(int request, int status, String contentType, byte[] body, int length);

    @Override
    default Verdict check(int status, String contentType, byte[] body, int length) {
        return Verdict.VALIDATION; // an answer can only be judged knowing its request
    }
}
