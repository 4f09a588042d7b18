package io.wsbench.model;

import java.util.regex.Pattern;

/**
 * A URL as wsbench may print or record it: in a console line, a log, run.json, a report or the history, never with a
 * secret in it. The password of its user ({@code http://user:password@host/}) and any query parameter named as a key,
 * a token, a secret or a password ({@code ?api_key=…}, {@code &access_token=…}) are written {@code ***}; the requests
 * themselves are sent to the URL as given.
 */
public final class Redacted {

    /** A URL's {@code user:password@} (the password its group 2). */
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:?#]*):([^/@?#]*)@");
    /** A query parameter that holds a secret by its name: an API key, a token, a password. */
    private static final Pattern SECRET_PARAM = Pattern.compile("(?i)([?&;][\\w.-]*(?:key|token|secret|passw(?:or)?d|pwd)[\\w.-]*=)[^&;#]*");

    private Redacted() {
    }

    /** {@code url} (or any text holding one) with its secrets written {@code ***}; null stays null. */
    public static String url(String url) {
        if (url == null || url.indexOf('@') < 0 && url.indexOf('=') < 0) {
            return url;
        }
        return USER_INFO.matcher(SECRET_PARAM.matcher(url).replaceAll("$1***")).replaceAll("$1:***@");
    }
}
