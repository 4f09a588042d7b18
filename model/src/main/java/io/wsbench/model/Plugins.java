package io.wsbench.model;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The plug-ins of one kind (a protocol, a monitor, an error kind), found as {@link ServiceLoader} finds them
 * (their {@code META-INF/services} files), but read from wsbench's own jars only: the class path entries named
 * {@code wsbench-*.jar}, and its directories (a module's classes in a build). ServiceLoader alone reads the
 * file from every jar on the class path, and opening the 160-odd jars of the stacks, the report and the
 * agents costs a start about 0.1 CPU-s that a {@code wsbench load} of 10 s counts against its requests
 * (most of them are never opened otherwise: the classes a start uses come from its class-data archive).
 * A plug-in of one's own is found when its jar's name starts with {@code wsbench-}. Where the class path names
 * no such entry (an unusual launch), the whole class path is read, as ServiceLoader reads it.
 */
public final class Plugins {

    private static final List<URL> OWN = own(System.getProperty("java.class.path", ""));

    private Plugins() {
    }

    /** Every {@code type} declared in wsbench's jars, made in the order their jars come on the class path. */
    public static <S> List<S> of(Class<S> type) {
        return of(type, OWN);
    }

    /** Every {@code type} declared in the services files of {@code entries}; all the class path's when there are none. */
    static <S> List<S> of(Class<S> type, List<URL> entries) {
        ClassLoader app = type.getClassLoader() == null ? ClassLoader.getSystemClassLoader() : type.getClassLoader();
        if (entries.isEmpty()) {
            return list(ServiceLoader.load(type, app));
        }
        try (URLClassLoader own = new OwnEntries(entries, app)) {
            return list(ServiceLoader.load(type, own));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static <S> List<S> list(ServiceLoader<S> loader) {
        List<S> all = new ArrayList<>();
        loader.forEach(all::add);
        return all;
    }

    /** The entries of {@code classPath} that are wsbench's: its jars by name, and directories. */
    static List<URL> own(String classPath) {
        List<URL> own = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            File f = new File(entry);
            if (entry.isEmpty() || !(f.isDirectory() || f.getName().startsWith("wsbench-") && f.getName().endsWith(".jar"))) {
                continue;
            }
            try {
                own.add(f.toURI().toURL());
            } catch (MalformedURLException e) {
                // a path no URL can name is no plug-in's
            }
        }
        return List.copyOf(own);
    }

    /**
     * A loader whose resources are those of its own entries alone, and whose classes are its parent's: the
     * plug-ins' services files are read from wsbench's jars, and the classes they name are the application's.
     */
    private static final class OwnEntries extends URLClassLoader {

        OwnEntries(List<URL> entries, ClassLoader parent) {
            super(entries.toArray(URL[]::new), parent);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            Enumeration<URL> found = findResources(name);
            return found == null ? Collections.emptyEnumeration() : found;
        }
    }
}
