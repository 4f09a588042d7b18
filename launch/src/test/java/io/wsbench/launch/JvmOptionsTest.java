package io.wsbench.launch;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The stack option jvmOptions: its words, which of them a stack takes, and which command is a JVM. */
class JvmOptionsTest {

    @Test
    void theOptionIsItsWordsInOrder() {
        assertEquals(List.of("-Xmx2g", "-Dconfig=/etc/petstore.yaml", "-XX:+UseZGC"),
                StackLauncher.jvmOptions(Map.of("jvmOptions", " -Xmx2g  -Dconfig=/etc/petstore.yaml\t-XX:+UseZGC ")));
        assertEquals(List.of(), StackLauncher.jvmOptions(Map.of("version", "4.1.5")));
        assertEquals(List.of(), StackLauncher.jvmOptions(Map.of("jvmOptions", " ")));
    }

    @Test
    void optionsThatSayHowAJvmRunsAreTakenAndThoseThatSayWhatItRunsAreNot() {
        for (String taken : List.of("-Xmx2g", "-Xss1m", "-Dconfig=petstore.yaml", "-XX:+UseParallelGC", "--add-opens=java.base/java.lang=ALL-UNNAMED",
                "-ea", "-Djava.io.tmpdir=/tmp/x")) {
            assertNull(StackLauncher.refusedJvmOption(taken), taken);
        }
        assertEquals("a JVM option starts with '-' (-Xmx2g, -Dname=value, -XX:+UseZGC): 'Xmx2g'", StackLauncher.refusedJvmOption("Xmx2g"));
        assertEquals("a JVM option is one word, without spaces: '-Dname=a b'", StackLauncher.refusedJvmOption("-Dname=a b"));
        for (String launching : List.of("-jar", "-cp", "-classpath", "--class-path=x.jar", "-m", "--module=a/b.Main", "--module-path")) {
            assertTrue(StackLauncher.refusedJvmOption(launching).endsWith("would change what is launched: wsbench gives the class path and the main class"),
                    launching);
        }
    }

    @Test
    void aCommandIsAJvmWhenItsFirstWordRunsJava() {
        assertTrue(StackLauncher.isJava("java"));
        assertTrue(StackLauncher.isJava("/usr/lib/jvm/temurin-25/bin/java"));
        assertFalse(StackLauncher.isJava("python3"));
        assertFalse(StackLauncher.isJava("./start.sh"));
        assertFalse(StackLauncher.isJava("javac"));
    }
}
