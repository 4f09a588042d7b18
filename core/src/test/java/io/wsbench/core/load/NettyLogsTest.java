package io.wsbench.core.load;

import io.netty.util.internal.logging.InternalLogger;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NettyLogsTest {

    @Test
    void debugAndTraceAreDroppedAndTheOtherLevelsReachTheJdksLoggerFilledIn() {
        String name = "wsbench.test.NettyLogsTest";
        List<LogRecord> seen = new ArrayList<>();
        Logger jdk = Logger.getLogger(name);
        jdk.setUseParentHandlers(false);
        jdk.setLevel(Level.ALL);
        jdk.addHandler(new Handler() {
            @Override public void publish(LogRecord r) { seen.add(r); }
            @Override public void flush() { }
            @Override public void close() { }
        });
        InternalLogger log = new NettyLogs().newInstance(name);

        log.debug("not {}", "shown");
        log.trace("nor {}", "this");
        assertFalse(log.isDebugEnabled());
        assertEquals(List.of(), seen);

        log.warn("{} of {} connections {}", 3, 10, "closed");
        log.info("{} then {} and {}", "left over", 1); // more placeholders than values: the rest kept
        log.error("failed: {}", "epoll", new IOException("boom"));
        log.warn("as is {}", (Object) new IllegalStateException("cause")); // a Throwable last is the cause, never a value
        assertTrue(log.isWarnEnabled());

        assertEquals(4, seen.size());
        assertEquals(Level.WARNING, seen.get(0).getLevel());
        assertEquals("3 of 10 connections closed", seen.get(0).getMessage());
        assertNull(seen.get(0).getThrown());
        assertEquals(Level.INFO, seen.get(1).getLevel());
        assertEquals("left over then 1 and {}", seen.get(1).getMessage());
        assertEquals(Level.SEVERE, seen.get(2).getLevel());
        assertEquals("failed: epoll", seen.get(2).getMessage());
        assertInstanceOf(IOException.class, seen.get(2).getThrown());
        assertEquals("as is {}", seen.get(3).getMessage());
        assertInstanceOf(IllegalStateException.class, seen.get(3).getThrown());
    }
}
