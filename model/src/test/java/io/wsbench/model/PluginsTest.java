package io.wsbench.model;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PluginsTest {

    /** Listed in the services file of a wsbench entry. */
    public static final class Ours implements Runnable {
        @Override
        public void run() {
        }
    }

    /** Listed in the services file of a jar that is not wsbench's. */
    public static final class Theirs implements Runnable {
        @Override
        public void run() {
        }
    }

    @Test
    void theOwnEntriesAreWsbenchsJarsByNameAndTheDirectories(@TempDir Path dir) throws IOException {
        Path classes = Files.createDirectory(dir.resolve("classes"));
        Path ours = Files.createFile(dir.resolve("wsbench-core-0.1.0.jar"));
        Path theirs = Files.createFile(dir.resolve("netty-common-4.2.jar"));
        Path named = Files.createFile(dir.resolve("wsbench-notes.txt"));
        String classPath = String.join(File.pathSeparator, classes.toString(), ours.toString(), theirs.toString(),
                named.toString(), "", dir.resolve("missing").toString());

        assertEquals(List.of(classes.toUri().toURL(), ours.toUri().toURL()), Plugins.own(classPath));
    }

    @Test
    void pluginsAreReadFromTheOwnEntriesOnlyAndAreTheApplicationsClasses(@TempDir Path dir) throws IOException {
        Path ours = jar(dir.resolve("wsbench-x.jar"), Ours.class);
        Path theirs = jar(dir.resolve("other.jar"), Theirs.class);

        List<Runnable> found = Plugins.of(Runnable.class, List.of(ours.toUri().toURL()));

        assertEquals(1, found.size());
        assertInstanceOf(Ours.class, found.get(0)); // the class the test loaded, not a copy of it
        assertEquals(List.of(Ours.class, Theirs.class), Plugins.of(Runnable.class, List.of(ours.toUri().toURL(), theirs.toUri().toURL()))
                .stream().map(Object::getClass).toList());
    }

    @Test
    void aBuildsClassesDirectoryIsAnOwnEntry() throws Exception {
        // under Maven a module's classes are a directory of the class path: its plug-ins are found there
        URL classes = Plugins.class.getProtectionDomain().getCodeSource().getLocation();
        assertTrue(Plugins.own(System.getProperty("java.class.path")).contains(classes), classes.toString());
    }

    private static Path jar(Path file, Class<? extends Runnable> provider) throws IOException {
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out)) {
            jar.putNextEntry(new JarEntry("META-INF/services/java.lang.Runnable"));
            jar.write((provider.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
        return file;
    }
}
