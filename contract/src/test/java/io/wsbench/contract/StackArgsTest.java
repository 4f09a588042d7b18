package io.wsbench.contract;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StackArgsTest {

    @Test
    void portComesFromTheArguments() {
        assertEquals(9123, StackArgs.port(new String[]{"--threads", "4", "--port", "9123"}));
        assertEquals(8080, StackArgs.port(new String[]{"--threads", "4"}));
        assertEquals(8080, StackArgs.port(new String[]{"--port"}));
    }
}
