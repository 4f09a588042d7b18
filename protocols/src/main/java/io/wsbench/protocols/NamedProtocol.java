package io.wsbench.protocols;

/**
 * A protocol whose name and line of description are given once, to its constructor: a plug-in
 * then states only what is its own, how it tells a right answer (and, when not a GET, how it asks).
 */
public abstract class NamedProtocol implements Protocol {

    /** What suites call it: {@code protocol: soap11}. */
    private final String name;
    /** Its line in {@code wsbench stacks}. */
    private final String description;

    protected NamedProtocol(String name, String description) {
        this.name = name;
        this.description = description;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String describe() {
        return description;
    }
}
