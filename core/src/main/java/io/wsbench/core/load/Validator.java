package io.wsbench.core.load;

/**
 * Checks one complete response against what the service must answer. One instance is used by
 * one I/O thread at a time, so it may keep reusable parsing state.
 */
@FunctionalInterface
public interface Validator {

    /**
     * @param status      HTTP status code
     * @param contentType the Content-Type header, or "" when absent
     * @param body        the body bytes, valid from 0 to {@code length}; only valid during the call
     */
    Verdict check(int status, String contentType, byte[] body, int length);

    /**
     * For a request sequence: {@code request} is the index in the sequence of the request this
     * response answers, so an oracle can know what the answer must be.
     */
    default Verdict check(int request, int status, String contentType, byte[] body, int length) {
        return check(status, contentType, body, length);
    }

    /** A judge of an answer that knows the index of the request it answers. */
    @FunctionalInterface
    interface ByRequest {
        Verdict check(int request, int status, String contentType, byte[] body, int length);
    }

    /** A validator judging each answer by its request's index, an answer whose request is not told as request 0's. */
    static Validator byRequest(ByRequest judge) {
        return new Validator() {
            @Override
            public Verdict check(int status, String contentType, byte[] body, int length) {
                return judge.check(0, status, contentType, body, length);
            }

            @Override
            public Verdict check(int request, int status, String contentType, byte[] body, int length) {
                return judge.check(request, status, contentType, body, length);
            }
        };
    }

    /** Accepts any 2xx response: for {@code wsbench load} on a URL whose answer we don't know. */
    Validator ANY_2XX = (status, contentType, body, length) ->
            status >= 200 && status < 300 ? Verdict.OK : Verdict.HTTP_STATUS;
}
