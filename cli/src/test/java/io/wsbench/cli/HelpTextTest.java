package io.wsbench.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HelpTextTest {

    /** A default shown with a dollar before it: picocli's {@code $${DEFAULT-VALUE}} escape where its variable was meant. */
    private static final Pattern SENTENCE_END = Pattern.compile("[.:?)]$");
    private static final Pattern CLAUSE_END = Pattern.compile("[.:;?)]$");

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

    /**
     * picocli prints each element of a description on a line of its own: an element that stops mid-sentence left
     * "checks and loads" at the end of one line of {@code wsbench help import} and "are converted; ..." on the next.
     * A command's every element is a whole sentence; an option's or a parameter's may end in a clause (the last has
     * no full stop), but none stops at a comma or inside a word group.
     */
    @Test
    void noDescriptionBreaksALineMidSentence() {
        List<String> broken = new ArrayList<>();
        Main.commandLine().getSubcommands().forEach((name, c) -> brokenLines("wsbench help " + name, c, broken));
        assertEquals("", String.join("\n", broken), "descriptions whose line stops mid-sentence");
    }

    private static void brokenLines(String where, CommandLine command, List<String> broken) {
        CommandLine.Model.CommandSpec spec = command.getCommandSpec();
        for (String line : spec.usageMessage().description()) {
            if (!SENTENCE_END.matcher(line.replace("%n", "").strip()).find()) {
                broken.add(where + ": " + line);
            }
        }
        spec.options().forEach(o -> brokenLines(where + " " + o.longestName(), o.description(), broken));
        spec.positionalParameters().forEach(p -> brokenLines(where + " " + p.paramLabel(), p.description(), broken));
        command.getSubcommands().forEach((sub, c) -> brokenLines(where + " " + sub, c, broken));
    }

    /** An option's or a parameter's description: every line but its last ends a sentence or a clause. */
    private static void brokenLines(String where, String[] description, List<String> broken) {
        for (int i = 0; i < description.length - 1; i++) {
            if (!CLAUSE_END.matcher(description[i].strip()).find()) {
                broken.add(where + ": " + description[i]);
            }
        }
    }

    private static void check(String name, CommandLine command) {
        Matcher m = ESCAPED_DEFAULT.matcher(command.getUsageMessage(CommandLine.Help.Ansi.OFF));
        assertFalse(m.find(), () -> "wsbench help " + name + " shows a default as " + m.group());
        command.getSubcommands().forEach((sub, c) -> check(name + " " + sub, c));
    }
}
