package io.wsbench.launch;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A stack's other line (e.g. its javax build) serves it when the options ask for that line, and only then. */
class StackCatalogTest {

    @Test
    void aLineServesTheVersionsItAcceptsAndInheritsWhatItDoesNotSay(@TempDir Path home) throws Exception {
        descriptor(home, "web", """
                name=web
                main=Web
                version=Web {version} (Tomcat {tomcat})
                option.version=4.2.3
                resolve.version=org.example:web
                resolve.version.accepted=4\\\\.[012]\\\\.\\\\d+
                resolve.version.lines=4.x (jakarta); 3.6.x (javax)
                option.tomcat=11.0.27
                resolve.tomcat=org.apache.tomcat.embed:tomcat-embed-core
                resolve.tomcat.accepted=(11\\\\.0|10\\\\.1)\\\\.\\\\d+
                endpoint.hello.soap11=/hello
                jvmArgs=-Xmx1g
                """);
        descriptor(home, "web-javax", """
                name=web
                lineOf=web
                line.option=version
                version=Web {version} (Tomcat {tomcat})
                option.version=3.6.10
                resolve.version.accepted=3\\\\.6\\\\.\\\\d+
                option.tomcat=9.0.98
                resolve.tomcat.accepted=9\\\\.0\\\\.\\\\d+
                resolve.tomcat.lines=9.0.x (javax servlet)
                """);
        StackCatalog catalog = StackCatalog.in(home);
        assertEquals(1, catalog.all().size(), "a line is no stack of its own");
        StackDescriptor web = catalog.find("web").orElseThrow();

        assertSame(web, catalog.serving(web, Map.of()));
        assertSame(web, catalog.serving(web, Map.of("version", "4.1.5")));
        StackDescriptor javax = catalog.serving(web, Map.of("version", "3.6.10"));
        assertEquals(home.resolve("stacks/web-javax/target/stack/lib"), javax.libDir());
        assertEquals(javax, catalog.serving(web, Map.of("version", "3.6.5")));
        assertEquals("/hello", javax.endpoint("hello", "soap11", null), "the endpoints are the stack's");
        assertEquals("org.example:web", javax.props().getProperty("resolve.version"), "and so are the artifacts to resolve");
        assertEquals(java.util.List.of("-Xmx1g"), javax.jvmArgs());
        assertEquals("Web 3.6.10 (Tomcat 9.0.98)", javax.version(Map.of()));
        assertEquals(1, catalog.lines(web).size());
        assertNull(web.lineOf());

        StackException tomcat11 = assertThrows(StackException.class,
                () -> StackVersions.check(javax, Map.of("version", "3.6.10", "tomcat", "11.0.27")));
        assertEquals("stack web: tomcat 11.0.27 is not a line known to run here (9.0.x (javax servlet))", tomcat11.getMessage());
        StackException unknown = assertThrows(StackException.class,
                () -> StackVersions.check(catalog.serving(web, Map.of("version", "3.5.0")), Map.of("version", "3.5.0")));
        assertTrue(unknown.getMessage().contains("version 3.5.0 is not a line known to run here (4.x (jakarta); 3.6.x (javax))"),
                unknown.getMessage());
    }

    private static void descriptor(Path home, String module, String text) throws Exception {
        Path dir = Files.createDirectories(home.resolve("stacks").resolve(module).resolve("target/stack/lib"));
        Files.writeString(dir.getParent().resolve("stack.properties"), text);
    }
}
