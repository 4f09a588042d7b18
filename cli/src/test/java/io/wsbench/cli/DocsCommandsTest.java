package io.wsbench.cli;

import io.wsbench.runner.Home;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.opentest4j.AssertionFailedError;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The commands the README and docs/ show keep working: every {@code ./wsbench ...} line of their
 * code blocks, and every inline {@code `./wsbench ...`}, parses with wsbench's own command line, and
 * those that need no network (help, {@code stacks}, {@code wsdl} and {@code openapi} on a file of this
 * repository) run. A part in [brackets] is optional: the command is parsed with it.
 */
class DocsCommandsTest {

    private static final Pattern COMMAND = Pattern.compile("^(?:[A-Z_]+=\\S+\\s+)*(\\./wsbench(?:\\s.*)?)$");
    private static final Pattern INLINE = Pattern.compile("`(\\./wsbench\\s[^`]*)`");
    private static final Set<String> HELP = Set.of("--help", "-h", "--version", "-V", "help");

    /** A command as a page shows it: where, its text, and its arguments as the shell would pass them. */
    record Shown(String file, int line, String text, List<String> args) {
        String where() {
            return file + ":" + line;
        }
    }

    @TestFactory
    Stream<DynamicTest> everyCommandShownParses() throws IOException {
        return shown().stream().map(c -> DynamicTest.dynamicTest(c.where() + " " + c.text(), () -> parseAndRun(c)));
    }

    /** The scan itself: it finds the commands of every page, so a broken extraction cannot pass silently. */
    @Test
    void theReadmeAndEveryPageOfDocsAreRead() throws IOException {
        List<Shown> all = shown();
        List<String> files = pages().stream().map(p -> Home.find().relativize(p).toString()).toList();
        assertTrue(files.contains("README.md"), files.toString());
        assertTrue(files.contains("docs/commands.md"), files.toString());
        for (String f : List.of("README.md", "docs/commands.md", "docs/own-service.md", "docs/agents.md")) {
            assertTrue(all.stream().anyMatch(c -> c.file().equals(f)), "no command found in " + f);
        }
        assertTrue(all.size() >= 50, "only " + all.size() + " commands found");
        long run = all.stream().filter(c -> runnable(c.args())).count();
        assertTrue(run >= 8, "only " + run + " commands run");
        Shown wsdl = all.stream().filter(c -> c.text().startsWith("./wsbench load --wsdl http://127.0.0.1:9000/calc?wsdl"))
                .findFirst().orElseThrow();
        assertEquals(List.of("load", "--wsdl", "http://127.0.0.1:9000/calc?wsdl", "--operation", "Add", "--data", "add.csv",
                "--check", "xpath://tns:AddResult = ${sum}", "--check", "schema", "-c", "10", "-d", "30s"), wsdl.args(),
                "a continued line joined, quotes and \\$ as the shell reads them, the comment dropped");
    }

    @Test
    void shellWordsAreReadAsTheShellReadsThem() {
        assertEquals(List.of("load", "URL", "--expect", "<return>Hello World</return>"),
                words("./wsbench load URL --expect '<return>Hello World</return>'   # a comment"));
        assertEquals(List.of("wsdl", "calc.wsdl", "--operation", "Add", "--template"),
                words("./wsbench wsdl calc.wsdl [--operation Add [--template]] > add.xml"));
        assertEquals(List.of("report", "results/<run>"), words("./wsbench report results/<run>"));
        assertEquals(List.of("run"), words("WSBENCH_CDS=off ./wsbench run"));
        assertEquals(List.of("load", "--check", "jsonpath:$.items[0] == 1"),
                words("./wsbench load --check 'jsonpath:$.items[0] == 1'"));
    }

    @Test
    void aCommandThatDoesNotParseIsNamedByItsFileAndLine() {
        List<Shown> page = shownIn("docs/x.md", List.of("Text.", "```", "./wsbench stacks", "./wsbench load URL -c many",
                "```", "and `./wsbench run --no-such-option` inline"));
        assertEquals(3, page.size());
        assertEquals("docs/x.md:4", page.get(1).where());
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> parseAndRun(page.get(1)));
        assertTrue(e.getMessage().startsWith("docs/x.md:4: ./wsbench load URL -c many\n  does not parse: "), e.getMessage());
        assertTrue(e.getMessage().contains("'many'"), e.getMessage());
        e = assertThrows(AssertionFailedError.class, () -> parseAndRun(page.get(2)));
        assertTrue(e.getMessage().startsWith("docs/x.md:6: ./wsbench run --no-such-option"), e.getMessage());
        assertTrue(e.getMessage().contains("Unknown option: '--no-such-option'"), e.getMessage());
    }

    private static void parseAndRun(Shown c) throws IOException {
        try {
            ParseResult parsed = Main.commandLine().parseArgs(c.args().toArray(String[]::new));
            assertTrue(parsed.hasSubcommand() || parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested(),
                    c.where() + ": no command in " + c.text());
        } catch (CommandLine.ParameterException e) {
            fail(c.where() + ": " + c.text() + "\n  does not parse: " + e.getMessage());
        }
        if (runnable(c.args())) {
            run(c);
        }
    }

    /** Runs a command that needs no network; its file arguments are the repository's. */
    private static void run(Shown c) throws IOException {
        List<String> args = new ArrayList<>(c.args());
        String command = args.get(0);
        if (command.equals("wsdl") || command.equals("openapi")) {
            args.set(1, Home.find().resolve(args.get(1)).toString());
        }
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        String why = c.where() + ": " + c.text() + "\n  exit " + r.exit() + "\n  stderr: " + r.err() + "\n  stdout: " + r.out();
        assertEquals(0, r.exit(), why);
        assertFalse(r.err().contains("wsbench: "), why);
        assertFalse(r.out().isBlank(), why);
        if (HELP.contains(command) || args.contains("--help")) {
            assertTrue(r.out().contains("Usage: wsbench"), why);
            return;
        }
        switch (command) {
            case "stacks" -> assertTrue(r.out().contains("direct") && r.out().contains("soap11"), why);
            case "wsdl", "openapi" -> checkDescription(args, r.out(), why);
            default -> fail("not a command this test runs: " + why);
        }
    }

    /** A listing names every operation of the file; --operation a request of it; --template placeholders. */
    private static void checkDescription(List<String> args, String out, String why) throws IOException {
        int op = args.indexOf("--operation");
        if (op < 0) {
            String description = Files.readString(Path.of(args.get(1)));
            Pattern names = Pattern.compile(args.get(0).equals("wsdl")
                    ? "<wsdl:operation name=\"(\\w+)\"" : "operationId:\\s*(\\w+)");
            Matcher m = names.matcher(description);
            int found = 0;
            while (m.find()) {
                found++;
                assertTrue(out.contains(m.group(1)), "operation " + m.group(1) + " not listed: " + why);
            }
            assertTrue(found > 0, "no operation in " + args.get(1));
        } else if (args.contains("--template")) {
            assertTrue(out.contains("${"), "no placeholder: " + why);
        } else {
            assertTrue(args.get(0).equals("wsdl") ? out.contains("Envelope") : out.contains("{"), why);
        }
    }

    /** What runs here in a moment, without a network: help, the stacks built, a description file of the repository. */
    private static boolean runnable(List<String> args) {
        if (args.isEmpty()) {
            return false;
        }
        String command = args.get(0);
        if (command.equals("help")) {
            return args.size() == 1 || Main.commandLine().getSubcommands().containsKey(args.get(1));
        }
        if (HELP.contains(command) || args.contains("--help")) {
            return true;
        }
        if (command.equals("stacks")) {
            return args.size() == 1;
        }
        return (command.equals("wsdl") || command.equals("openapi")) && args.size() > 1
                && !args.get(1).contains("://") && Files.isRegularFile(Home.find().resolve(args.get(1)));
    }

    /** README.md and every page of docs/. */
    private static List<Path> pages() throws IOException {
        Path home = Home.find();
        List<Path> pages = new ArrayList<>(List.of(home.resolve("README.md")));
        try (Stream<Path> docs = Files.list(home.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static List<Shown> shown() throws IOException {
        List<Shown> all = new ArrayList<>();
        for (Path page : pages()) {
            all.addAll(shownIn(Home.find().relativize(page).toString(), Files.readAllLines(page)));
        }
        return all;
    }

    /** The commands of one page: lines of its code blocks (a trailing \ continues one), and inline code. */
    static List<Shown> shownIn(String file, List<String> lines) {
        List<Shown> out = new ArrayList<>();
        boolean block = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("```")) {
                block = !block;
                continue;
            }
            if (!block) {
                Matcher inline = INLINE.matcher(line);
                while (inline.find()) {
                    out.add(new Shown(file, i + 1, inline.group(1), words(inline.group(1))));
                }
                continue;
            }
            Matcher m = COMMAND.matcher(line);
            if (m.matches()) {
                int first = i;
                StringBuilder text = new StringBuilder(line);
                while (text.toString().endsWith("\\") && i + 1 < lines.size()) {
                    text.setLength(text.length() - 1);
                    text.append(' ').append(lines.get(++i).strip());
                }
                out.add(new Shown(file, first + 1, text.toString(), words(text.toString())));
            }
        }
        return out;
    }

    /**
     * The arguments after {@code ./wsbench}, as bash splits the line: quotes, backslashes, a comment
     * and a redirection dropped; [ and ] around unquoted words dropped (an optional part, taken).
     */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (quote == '\'') {
                if (ch == '\'') {
                    quote = 0;
                } else {
                    word.append(ch);
                }
            } else if (quote == '"') {
                if (ch == '"') {
                    quote = 0;
                } else if (ch == '\\' && i + 1 < line.length() && "$\"\\`".indexOf(line.charAt(i + 1)) >= 0) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(ch);
                }
            } else if (Character.isWhitespace(ch)) {
                if (word != null) {
                    words.add(quoted ? word.toString() : unbracket(word.toString()));
                    word = null;
                }
            } else if (word == null && (ch == '#' || ch == '>' || ch == '<' || ch == '|')) {
                break; // a comment, a redirection or a pipe: the command ends here
            } else {
                if (word == null) {
                    word = new StringBuilder();
                    quoted = false;
                }
                if (ch == '\'' || ch == '"') {
                    quote = ch;
                    quoted = true;
                } else if (ch == '\\' && i + 1 < line.length()) {
                    word.append(line.charAt(++i));
                } else {
                    word.append(ch);
                }
            }
        }
        if (word != null) {
            words.add(quoted ? word.toString() : unbracket(word.toString()));
        }
        int start = 0;
        while (start < words.size() && !words.get(start).equals("./wsbench")) {
            start++; // VAR=value before the command
        }
        return words.subList(Math.min(start + 1, words.size()), words.size()).stream().filter(w -> !w.isEmpty()).toList();
    }

    private static String unbracket(String word) {
        int from = 0;
        int to = word.length();
        while (from < to && word.charAt(from) == '[') {
            from++;
        }
        while (to > from && word.charAt(to - 1) == ']' && word.indexOf('[', from) < 0) {
            to--;
        }
        return word.substring(from, to);
    }
}
