package io.wsbench.cli;

import io.wsbench.model.Redacted;
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
            String w = Redacted.url(word);
            sb.append(' ').append(PLAIN.matcher(w).matches() ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }
}
