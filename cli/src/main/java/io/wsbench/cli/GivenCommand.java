package io.wsbench.cli;

import io.wsbench.history.HistoryLocation;
import picocli.CommandLine.Model.CommandSpec;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The command line as its user gave it, as run.json records it: {@code ./wsbench} and each word in
 * turn, quoted for a shell where it needs to be; a URL's password, and any query parameter named as a
 * key, a token or a secret, written {@code ***}.
 * Every option given is there, in the user's order, so that the line runs the same command again.
 */
final class GivenCommand {

    /** A URL's query parameter that holds a secret by its name: an API key, a token, a password. */
    private static final Pattern SECRET_PARAM = Pattern.compile("(?i)([?&;][\\w.-]*(?:key|token|secret|passw(?:or)?d|pwd)[\\w.-]*=)[^&;#]*");

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
        for (String word : words) {
            String w = SECRET_PARAM.matcher(HistoryLocation.redact(word)).replaceAll("$1***");
            sb.append(' ').append(PLAIN.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }
}
