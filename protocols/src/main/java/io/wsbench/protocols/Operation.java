package io.wsbench.protocols;

import io.wsbench.contract.hello.HelloContract;

/**
 * What a protocol needs to know of an operation: the SOAP body element to send and the answer
 * every stack must give back.
 */
public record Operation(String name, String soapAction, String soapBodyElement, String expectedText) {

    public static Operation hello() {
        return new Operation(HelloContract.OPERATION, HelloContract.SOAP_ACTION,
                "<h:hello xmlns:h=\"" + HelloContract.NAMESPACE + "\"/>", HelloContract.GREETING);
    }

    /** Seed 002's dynamic page: a heading and the current time, over {@code html} only. */
    public static Operation now() {
        return new Operation("now", null, null, "<h1>CFML</h1>");
    }

    /** The operation of that name, or an exception naming the ones that exist. */
    public static Operation named(String name) {
        if (HelloContract.OPERATION.equals(name)) {
            return hello();
        }
        if ("now".equals(name)) {
            return now();
        }
        throw new IllegalArgumentException("unknown operation '" + name + "' (known: " + Workload.known() + ")");
    }
}
