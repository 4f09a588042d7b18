package io.wsbench.cli;

import io.wsbench.model.Plugins;
import io.wsbench.model.record.ErrorKind;
import io.wsbench.monitor.MonitorKind;
import io.wsbench.protocols.Protocol;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.StreamSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Reading plug-ins from wsbench's own jars finds every one that reading the whole class path finds: the CLI's
 * class path holds every module, so a module whose jar or services file the narrower lookup missed shows here.
 */
class PluginsAreAllFoundTest {

    @Test
    void everyProtocolMonitorAndErrorKindOfTheWholeClassPathIsFound() {
        // the narrower lookup reads the class path as the JVM was given it: it must name the modules here
        String classPath = System.getProperty("java.class.path");
        assertTrue(classPath.contains("wsbench-protocols-") || classPath.contains("protocols/target/classes"), classPath);
        assertSame(Protocol.class, 9);
        assertSame(MonitorKind.class, 4);
        assertSame(ErrorKind.Declared.class, 2);
    }

    private static void assertSame(Class<?> type, int atLeast) {
        List<String> everywhere = StreamSupport.stream(ServiceLoader.load(type).spliterator(), false)
                .map(p -> p.getClass().getName()).sorted().toList();
        List<String> own = Plugins.of(type).stream().map(p -> p.getClass().getName()).sorted().toList();
        assertEquals(everywhere, own, type.getName());
        assertTrue(own.size() >= atLeast, type.getName() + ": " + own);
    }
}
