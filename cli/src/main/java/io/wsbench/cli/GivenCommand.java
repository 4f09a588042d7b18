package io.wsbench.cli;

import io.wsbench.model.Redacted;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The command line as its user gave it, as run.json records it: {@code ./wsbench} and each word in
 * turn, quoted for a shell where it needs to be; a URL's password, any query parameter named as a
 * key, a token or a secret, and a credential header's value ({@code -H 'Authorization: …'}) written {@code ***}.
 * Every option given is there, in the user's order, so that the line runs the same command again.
 */
final class GivenCommand {

    /** The options whose next word is a request header, {@code 'K: V'}. */
    private static final java.util.Set<String> HEADER_OPTION = java.util.Set.of("-H", "--header");
    /** A header that carries a credential by its name: Authorization, Cookie, X-Api-Key, X-Auth-Token, a session's. */
    private static final Pattern CREDENTIAL = Pattern.compile("(?i).*(auth|cookie|key|token|secret|passw|session|signature).*");

    /** A word a POSIX shell reads back as it is. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+-]+");

    private GivenCommand() {
    }

    /** The words that {@code spec}'s command line was given, whole (its command's name with them). */
    static String of(CommandSpec spec) {
        return of(spec.commandLine().getParseResult().originalArgs());
    }

    static String of(List<String> words) {
        StringBuilder sb = new StringBuilder("./wsbench");
        String before = "";
        for (String word : words) {
            String w = Redacted.url(HEADER_OPTION.contains(before) ? header(word) : word.startsWith("--header=")
                    ? "--header=" + header(word.substring("--header=".length()))
                    : word.startsWith("-H") && word.length() > 2 ? "-H" + header(word.substring(2)) : word);
            before = word;
            sb.append(' ').append(PLAIN.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** {@code 'K: V'} with V written *** when K names a credential. */
    private static String header(String kv) {
        int colon = kv.indexOf(':');
        return colon > 0 && CREDENTIAL.matcher(kv.substring(0, colon)).matches() ? kv.substring(0, colon) + ": ***" : kv;
    }
}
