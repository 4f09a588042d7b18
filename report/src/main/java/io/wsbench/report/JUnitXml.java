package io.wsbench.report;

import io.wsbench.model.record.Assertion;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The checks of a run as a JUnit XML report, the format CI systems read to fail a build: one
 * testcase per target, load and assertion; a failure carries the measured value.
 */
public final class JUnitXml {

    private JUnitXml() {
    }

    /** One testcase: what it is about ({@code classname}), its name, and when it failed, why. */
    public record Case(String subject, String name, boolean passed, String detail) {
    }

    /** The assertions' checks as testcases. */
    public static List<Case> cases(List<Assertion.Check> checks) {
        return checks.stream().map(c -> new Case(c.subject(), c.assertion().text(), c.passed(), c.detail())).toList();
    }

    public static void write(String suite, List<Assertion.Check> checks, Path file) {
        writeCases(suite, cases(checks), file);
    }

    public static void writeCases(String suite, List<Case> checks, Path file) {
        long failures = checks.stream().filter(c -> !c.passed()).count();
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        try (OutputStream out = Files.newOutputStream(file)) {
            // the JDK's writer, not whichever StAX provider the class path holds (Woodstox quotes and closes differently)
            XMLStreamWriter x = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out, "UTF-8");
            x.writeStartDocument("UTF-8", "1.0");
            x.writeCharacters("\n");
            x.writeStartElement("testsuites");
            x.writeAttribute("tests", String.valueOf(checks.size()));
            x.writeAttribute("failures", String.valueOf(failures));
            x.writeCharacters("\n  ");
            x.writeStartElement("testsuite");
            x.writeAttribute("name", suite);
            x.writeAttribute("tests", String.valueOf(checks.size()));
            x.writeAttribute("failures", String.valueOf(failures));
            x.writeAttribute("errors", "0");
            x.writeAttribute("skipped", "0");
            for (Case c : checks) {
                x.writeCharacters("\n    ");
                x.writeStartElement("testcase");
                x.writeAttribute("classname", c.subject());
                x.writeAttribute("name", c.name());
                if (!c.passed()) {
                    x.writeStartElement("failure");
                    x.writeAttribute("message", c.detail());
                    x.writeAttribute("type", "assertion");
                    x.writeCharacters(c.subject() + ": " + c.detail());
                    x.writeEndElement();
                }
                x.writeEndElement();
            }
            x.writeCharacters("\n  ");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndElement();
            x.writeCharacters("\n");
            x.writeEndDocument();
            x.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } catch (XMLStreamException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), new IOException(e));
        }
    }
}
