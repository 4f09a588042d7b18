package io.wsbench.service.own;

import io.wsbench.core.load.ClientTls;
import org.jaxen.FunctionContext;
import org.jaxen.JaxenException;
import org.jaxen.XPathFunctionContext;
import org.jaxen.dom.DOMXPath;
import org.w3c.dom.Document;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.util.Map;
import java.util.function.Function;

/**
 * A user's XPath 1.0 expression, compiled once and evaluated on each answer's DOM by Jaxen, which walks the
 * DOM as it is (the JDK's engine copies it into a table of its own at every evaluation: 20 times the cost on
 * a SOAP answer of 300 bytes, docs/bench.md). Not thread-safe (its variables are the current answer's row):
 * one per I/O thread.
 */
final class DomXPath {

    /** What an expression is tried on once, before any load, so that an unknown function is a mistake then. */
    private static final Document EMPTY = empty();

    /**
     * XPath 1.0's own function library, as the JDK's engine has it: not Jaxen's extras, among them XSLT's
     * {@code document()}, which would read any URL or file an imported project's check named.
     */
    private static final FunctionContext FUNCTIONS = new XPathFunctionContext(false);

    private final DOMXPath compiled;

    /**
     * {@code prefixes}: the namespace prefixes it may use (an unknown one names no namespace, as the JDK's engine
     * reads it); {@code variables}: a variable's value by its local name (null for none).
     */
    DomXPath(String expression, Map<String, String> prefixes, Function<String, Object> variables) throws Invalid {
        try {
            compiled = new DOMXPath(expression);
            compiled.setFunctionContext(FUNCTIONS);
            compiled.setNamespaceContext(prefix -> prefixes.getOrDefault(prefix, ""));
            compiled.setVariableContext((uri, prefix, name) -> {
                Object v = variables == null ? null : variables.apply(name);
                return v == null ? "" : v;
            });
            compiled.booleanValueOf(EMPTY);
        } catch (JaxenException | RuntimeException e) {
            throw new Invalid(message(e));
        }
    }

    /** The expression's value as XPath's boolean() reads it. */
    boolean test(Document doc) throws Invalid {
        try {
            return compiled.booleanValueOf(doc);
        } catch (JaxenException | RuntimeException e) {
            throw new Invalid(message(e));
        }
    }

    /** The expression's value as XPath's string() reads it. */
    String string(Document doc) throws Invalid {
        try {
            return compiled.stringValueOf(doc);
        } catch (JaxenException | RuntimeException e) {
            throw new Invalid(message(e));
        }
    }

    private static String message(Throwable e) {
        return ClientTls.rootMessage(e).replace('\n', ' ');
    }

    private static Document empty() {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            return f.newDocumentBuilder().newDocument();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** An expression that does not compile, or cannot be evaluated: what is wrong, in one line. */
    static final class Invalid extends Exception {
        Invalid(String message) {
            super(message, null, false, false);
        }
    }
}
