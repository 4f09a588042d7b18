package io.wsbench.contract;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a stack says it loaded: the version in the name of the jar a class came from
 * ("grpc-netty-1.85.1.jar": 1.85.1). Another version resolved through Maven (StackVersions) is a jar
 * of the same name with its own version, so this names what the server really runs.
 */
public final class JarVersion {

    private static final Pattern VERSION = Pattern.compile("-(\\d[^-]*)\\.jar$");

    private JarVersion() {
    }

    public static String of(Class<?> c) {
        try {
            String jar = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).getFileName().toString();
            Matcher m = VERSION.matcher(jar);
            return m.find() ? m.group(1) : jar;
        } catch (Exception e) {
            return "?";
        }
    }
}
