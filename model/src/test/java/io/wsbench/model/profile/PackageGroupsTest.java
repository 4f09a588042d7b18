package io.wsbench.model.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where a sample's CPU goes by the packages of its frames, and collapsed stacks read back as written. */
class PackageGroupsTest {

    private static final PackageGroups CXF = PackageGroups.of(List.of("org.apache.cxf"), List.of());

    private static String part(String... frames) {
        return CXF.partOf(List.of(frames));
    }

    @Test
    void aSampleBelongsToTheTopmostFrameAPartNamesTheLongestPrefixWinning() {
        // the JDK's HashMap called by Woodstox is XML; a digest called by WSS4J is crypto
        assertEquals(PackageGroups.XML, part("java.lang.Thread.run", "org.apache.cxf.Chain.go", "com.ctc.wstx.sr.Reader.next",
                "java.util.HashMap.get"));
        assertEquals(PackageGroups.SECURITY, part("org.apache.cxf.Chain.go", "org.apache.wss4j.dom.Processor.handle",
                "sun.security.provider.SHA2.implCompress", "sha256_block_[k]"));
        // CXF's own WS-Security package is security, not framework: the longer prefix
        assertEquals(PackageGroups.SECURITY, part("org.apache.cxf.Chain.go", "org.apache.cxf.ws.security.In.handle"));
        assertEquals(PackageGroups.FRAMEWORK, part("org.apache.tomcat.Worker.run", "org.apache.cxf.Chain.go", "java.util.ArrayList.add"));
        assertEquals(PackageGroups.HTTP, part("java.lang.Thread.run", "org.apache.tomcat.util.net.Poller.run", "epoll_wait",
                "do_syscall_64_[k]"));
        // the service's own code, called by the framework, is the application's
        assertEquals(PackageGroups.APPLICATION, part("org.apache.cxf.Chain.go", "io.wsbench.service.Quakes.match",
                "java.lang.Math.sqrt"));
        assertEquals(PackageGroups.GC, part(PackageGroups.GC_ROOT, "G1ParScanThreadState::trim_queue"));
        assertEquals(PackageGroups.JIT, part(PackageGroups.JIT_ROOT, "C2Compiler::compile_method"));
        assertEquals(PackageGroups.REST, part("java.lang.Thread.run", "java.util.concurrent.ThreadPoolExecutor.runWorker"));
        assertEquals(PackageGroups.REST, part(PackageGroups.VM_ROOT, "VMThread::run"));
    }

    @Test
    void aRankingCreditsTheServersOwnLineNotANativeOrKernelFrame() {
        assertEquals("io.wsbench.Faults.spin", PackageGroups.ownFrame(List.of("java.lang.Thread.run", "io.wsbench.Faults.spin",
                "sun.management.ThreadImpl.getCurrentThreadCpuTime", "clock_gettime@@GLIBC_2.17", "do_softirq.part.0_[k]")));
        assertEquals("os::javaTimeNanos", PackageGroups.ownFrame(List.of(PackageGroups.VM_ROOT, "os::javaTimeNanos")));
    }

    @Test
    void partsAddUpToTheWholeAndCollapsedStacksReadBackAsWritten(@TempDir Path dir) throws Exception {
        Folded f = new Folded();
        f.add(List.of("java.lang.Thread.run", "org.apache.cxf.Chain.go"), 30);
        f.add(List.of("java.lang.Thread.run", "org.apache.cxf.Chain.go", "com.ctc.wstx.sr.Reader.next"), 50);
        f.add(List.of(PackageGroups.GC_ROOT, "G1 work"), 20);
        f.add(List.of("java.lang.Thread.run", "org.apache.cxf.Chain.go"), 5);
        Map<String, Long> parts = CXF.split(f);
        assertEquals(Map.of(PackageGroups.FRAMEWORK, 35L, PackageGroups.XML, 50L, PackageGroups.GC, 20L), parts);
        assertEquals(105, parts.values().stream().mapToLong(Long::longValue).sum());

        Path file = dir.resolve("p/x.cpu.folded");
        f.write(file);
        Folded back = Folded.read(file);
        assertEquals(105, back.total());
        assertEquals(List.of("java.lang.Thread.run", "org.apache.cxf.Chain.go", "com.ctc.wstx.sr.Reader.next"),
                back.stacks().get(0).getKey(), "heaviest first");

        Folded.Node root = back.tree("all", 0.5, 0.25);
        assertEquals(52.5, root.value, 1e-9);
        Folded.Node run = root.find("java.lang.Thread.run");
        assertEquals(42.5, run.value, 1e-9);
        // the GC's 10 (of 52.5) is under a quarter of the whole: folded into the root's own time
        assertEquals(null, root.find(PackageGroups.GC_ROOT));
        assertEquals(25.0, run.find("org.apache.cxf.Chain.go").find("com.ctc.wstx.sr.Reader.next").value, 1e-9);
    }
}
