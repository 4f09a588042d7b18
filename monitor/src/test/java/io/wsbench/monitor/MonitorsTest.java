package io.wsbench.monitor;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class MonitorsTest {

    private static List<String> names(String list) {
        return Monitors.named(list).stream().map(MonitorKind::name).toList();
    }

    @Test
    void theMonitorsAreFoundByNameThroughServiceLoader() {
        assertEquals(List.of("proc", "jvm", "jfr", "profile"), Monitors.names());
        assertEquals(List.of("proc", "jvm", "jfr", "profile"), names("proc,jvm,jfr,profile"));
        assertEquals(List.of(), names("none"));
    }

    @Test
    void procComesFirstAndWithAnyOtherSinceTheOthersAddToItsRecord() {
        assertEquals(List.of("proc", "jvm"), names("jvm, proc"));
        assertEquals(List.of("proc", "jfr"), names("jfr"));
    }

    @Test
    void anUnknownNameIsOneLineNamingTheKnownOnes() {
        assertEquals("unknown monitor 'perf' (known: proc, jvm, jfr, profile, or none)",
                assertThrows(IllegalArgumentException.class, () -> Monitors.named("proc,perf")).getMessage());
    }

    @Test
    void jvmMonitorsLeaveAProcessThatIsNoJvmAlone() throws Exception {
        MonitorKind.ServerProcess notJvm = new MonitorKind.ServerProcess(ProcessHandle.current().pid(), -1, 0);
        assertNull(new JvmCounters.Kind().attach(notJvm));
        assertNull(new FlightRecorder.Kind().attach(notJvm));
        assertNull(new AsyncProfiler.Kind().attach(notJvm));
        try (Monitor proc = new ProcessSampler.Kind().attach(notJvm)) {
            assertEquals("proc", proc.name());
        }
    }
}
