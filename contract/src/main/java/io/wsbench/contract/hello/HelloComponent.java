package io.wsbench.contract.hello;

/**
 * The service component of seed 000 ("soapservice.cfc"): the code REST endpoints call either by
 * creating it per request or by keeping one in application scope.
 */
public class HelloComponent {

    public String hello() {
        return HelloContract.GREETING;
    }
}
