package io.wsbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelpTextTest {

    /** A default shown with a dollar before it: picocli's {@code $${DEFAULT-VALUE}} escape where its variable was meant. */
    private static final Pattern ESCAPED_DEFAULT = Pattern.compile("\\(default:\\s+\\$[a-z0-9]");

    @Test
    void everyCommandShowsItsDefaultsAsValues() {
        Main.commandLine().getSubcommands().forEach(HelpTextTest::check);
    }

    /**
     * {@code wsbench --help} lists each command with the first line of its description: a line cut mid-sentence read
     * "capacity  Find the highest open-loop rate that meets every --slo: the rate doubles".
     */
    @Test
    void everyCommandsFirstLineIsASentenceOfItsOwn() {
        Main.commandLine().getSubcommands().forEach((name, c) -> {
            String[] description = c.getCommandSpec().usageMessage().description();
            String first = description.length == 0 ? "" : description[0].strip();
            assertTrue(first.endsWith(".") || first.endsWith(".)"), "wsbench --help lists " + name + " as: " + first);
        });
    }

    private static void check(String name, CommandLine command) {
        Matcher m = ESCAPED_DEFAULT.matcher(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
        assertFalse(m.find(), () -> "wsbench help " + name + " shows a default as " + m.group());
        command.getSubcommands().forEach((sub, c) -> check(name + " " + sub, c));
    }
}
