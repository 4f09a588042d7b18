package io.wsbench.runner;

import io.wsbench.launch.StackCatalog;
import io.wsbench.launch.StackDescriptor;
import io.wsbench.launch.StackException;
import io.wsbench.launch.StackLauncher;
import io.wsbench.model.suite.ServiceSpec;
import io.wsbench.model.suite.Suite;
import io.wsbench.model.suite.SuiteException;
import io.wsbench.model.suite.SuiteReader;
import io.wsbench.model.suite.TargetSpec;
import io.wsbench.model.suite.UserStack;
import io.wsbench.protocols.Protocols;
import io.wsbench.protocols.Workload;
import io.wsbench.wssec.SecuredWorkload;

import java.net.URI;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * A suite checked before anything starts: every target against the stacks built here and the
 * stacks the suite declares, each mistake one line naming its place in the suite file.
 */
public final class SuiteCheck {

    private SuiteCheck() {
    }

    /** Checks every target against the stacks built here, naming the place in the suite file. */
    public static void check(StackCatalog catalog, Suite suite) {
        for (String own : suite.stacks().keySet()) {
            checkOwnStack(catalog, suite, own);
        }
        long limit = io.wsbench.core.load.FileLimit.max();
        for (int i = 0; i < suite.load().size(); i++) {
            Integer users = suite.load().get(i).users();
            String tooMany = users == null ? null : io.wsbench.core.load.FileLimit.tooMany(users, limit);
            if (tooMany != null) {
                throw SuiteReader.at(suite, "/load/" + i, tooMany);
            }
        }
        List<TargetSpec> targets = suite.targets();
        for (int i = 0; i < targets.size(); i++) {
            checkTarget(catalog, suite, targets.get(i), "/targets/" + i);
        }
    }

    /** A target's stack that neither wsbench builds nor the suite declares: the names close to it, and all of them. */
    private static SuiteException unknownStack(StackCatalog catalog, Suite suite, String at, String stack) {
        return SuiteReader.at(suite, at + "/stack", "unknown stack '" + stack + "'" + Nearest.didYouMean(stack, stackNames(catalog, suite))
                + " (built here: " + String.join(", ", catalog.names())
                + (suite.stacks().isEmpty() ? "" : "; declared in the suite: " + String.join(", ", suite.stacks().keySet())) + ")");
    }

    /** One target: what it asks, then where it is served. */
    private static void checkTarget(StackCatalog catalog, Suite suite, TargetSpec t, String at) {
        if (t.own()) {
            checkOwn(catalog, suite, t, at);
            return;
        }
        if (t.asIs()) {
            checkWhere(catalog, suite, t, at); // no protocol of wsbench's to check: any 2xx answer is valid
            return;
        }
        try {
            Protocols.byName(t.protocol());
        } catch (IllegalArgumentException e) {
            throw SuiteReader.at(suite, at + "/protocol", e.getMessage());
        }
        try {
            Workload.of(t.protocol(), t.operation(), t.sequence(), t.client());
        } catch (IllegalArgumentException e) {
            throw SuiteReader.at(suite, at, e.getMessage());
        }
        try {
            SecuredWorkload.check(t.protocol(), t.operation(), t.security());
        } catch (IllegalArgumentException e) {
            throw SuiteReader.at(suite, at + "/security", e.getMessage());
        }
        checkWhere(catalog, suite, t, at);
    }

    /** Where a built-in target is served: its URL, the user's stack, or a stack built here that serves it. */
    private static void checkWhere(StackCatalog catalog, Suite suite, TargetSpec t, String at) {
        if (t.url() != null) {
            URI u;
            try {
                u = new URI(t.url());
            } catch (java.net.URISyntaxException e) {
                throw SuiteReader.at(suite, at + "/url", "not a URL: " + e.getMessage());
            }
            if (!("http".equals(u.getScheme()) || "https".equals(u.getScheme())) || u.getHost() == null) {
                throw SuiteReader.at(suite, at + "/url", "only http:// and https:// URLs can be loaded: " + t.url());
            }
            return;
        }
        if (suite.stacks().containsKey(t.stack())) {
            if (t.path() == null) {
                throw SuiteReader.at(suite, at, "a target on your own stack '" + t.stack()
                        + "' needs the 'path' it answers on, e.g. path: /hello");
            }
            return;
        }
        StackDescriptor s = catalog.find(t.stack()).orElseThrow(() -> unknownStack(catalog, suite, at, t.stack()));
        try {
            Map<String, String> asked = suite.optionsFor(t);
            StackLauncher.checkOptions(catalog.serving(s, asked), asked);
        } catch (StackException e) {
            throw SuiteReader.at(suite, at + (t.ownOptions().isEmpty() ? "" : "/stackOptions"), e.getMessage());
        }
        if (t.path() != null) {
            return;
        }
        if (s.endpoint(t.operation(), t.protocol(), t.variant()) == null && unavailable(catalog, t) == null) {
            throw SuiteReader.at(suite, at + (t.variant() != null ? "/variant" : "/protocol"),
                    "stack " + s.name() + " does not serve " + t.operation() + " over " + t.protocol()
                            + (t.variant() == null ? "" : " variant '" + t.variant() + "'")
                            + " (it serves: " + String.join("; ", s.endpoints()) + ")");
        }
        if (t.secured() && s.endpoint(t.operation(), t.protocol(), t.variant(), t.security().word()) == null) {
            String note = s.securityNote();
            throw SuiteReader.at(suite, at + "/security", "security '" + t.security() + "' is unsupported on stack "
                    + s.name() + (note == null ? "" : ": " + note));
        }
    }

    /**
     * A stack of the user's own: its name free, its files there, and every key it was given one
     * that applies to its kind, a command or a WAR: a key that does not is refused, never ignored.
     */
    private static void checkOwnStack(StackCatalog catalog, Suite suite, String own) {
        String at = "/stacks/" + own;
        if (catalog.find(own).isPresent()) {
            throw SuiteReader.at(suite, at, "'" + own + "' is a built-in stack: give yours another name");
        }
        UserStack u = suite.stacks().get(own);
        if (u.war() != null && !Files.isRegularFile(suite.resolve(u.war()))) {
            throw SuiteReader.at(suite, at + "/war", "no such WAR file: " + suite.resolve(u.war()));
        }
        if (u.war() != null && catalog.find(SuiteRunner.WAR_HOST).isEmpty()) {
            throw SuiteReader.at(suite, at + "/war", "the WAR host (stacks/" + SuiteRunner.WAR_HOST + ") is not built here");
        }
        if (u.war() == null && u.tomcat() != null) {
            throw SuiteReader.at(suite, at + "/tomcat", "'tomcat' names the container of a 'war': a 'command' starts its own server");
        }
        if (u.directory() != null && !Files.isDirectory(suite.resolve(u.directory()))) {
            throw SuiteReader.at(suite, at + "/directory", "no such directory: " + suite.resolve(u.directory()));
        }
        if (u.war() == null && !u.jvmOptions().isEmpty() && !StackLauncher.isJava(u.command().get(0))) {
            // wsbench cannot tell whether a script starts a JVM: options it would pass blindly could be dropped unseen
            throw SuiteReader.at(suite, at + "/jvmOptions", "'jvmOptions' go to a JVM wsbench starts: a 'war', or a 'command'"
                    + " whose first word is java, not " + u.command().get(0) + "; put them in your command's own words"
                    + " (or, for a script that starts java, in its 'environment', e.g. JAVA_TOOL_OPTIONS)");
        }
        for (int i = 0; i < u.jvmOptions().size(); i++) {
            String why = StackLauncher.refusedJvmOption(u.jvmOptions().get(i));
            if (why != null) {
                throw SuiteReader.at(suite, at + "/jvmOptions/" + i, why);
            }
        }
    }

    /**
     * A target on the user's own service: its operation named, its stack known, and, when its
     * description does not wait for its stack to start, everything read and encoded now.
     */
    private static void checkOwn(StackCatalog catalog, Suite suite, TargetSpec t, String at) {
        if (t.flow() != null) {
            String refused = FlowTarget.refusal(suite, t, SuiteRunner.keysDir(catalog));
            if (refused != null) {
                throw SuiteReader.at(suite, at + "/flow", refused);
            }
            return;
        }
        ServiceSpec d = t.service();
        String kind = d.wsdl() != null ? "wsdl" : d.openapi() != null ? "openapi" : "graphql";
        if (d.graphql() != null && !Files.isRegularFile(suite.resolve(d.graphql()))) {
            throw SuiteReader.at(suite, at + "/graphql", "no such file: " + suite.resolve(d.graphql()));
        }
        if (t.operation() == null && d.graphql() == null) {
            throw SuiteReader.at(suite, at, "a target with a '" + kind + "' needs the 'operation' to load (wsbench " + kind
                    + " " + (d.wsdl() != null ? d.wsdl() : d.openapi()) + " lists them)");
        }
        if (t.stack() != null && !suite.stacks().containsKey(t.stack()) && catalog.find(t.stack()).isEmpty()) {
            throw unknownStack(catalog, suite, at, t.stack());
        }
        for (String file : java.util.Arrays.asList(d.template(), d.data())) {
            if (file != null && !Files.isRegularFile(suite.resolve(file))) {
                throw SuiteReader.at(suite, at + (file.equals(d.template()) ? "/template" : "/data"),
                        "no such file: " + suite.resolve(file));
            }
        }
        if (t.stack() == null) {
            try {
                OwnService.of(OwnService.spec(suite, t, null));
            } catch (TargetException e) {
                throw SuiteReader.at(suite, at + "/" + kind, e.getMessage());
            }
        }
    }

    /**
     * Why the stack of {@code t} cannot serve it here (its descriptor says so, e.g. a missing
     * extension), or null for a target that it serves or that is a URL.
     */
    static String unavailable(StackCatalog catalog, TargetSpec t) {
        if (t.url() != null || t.path() != null || t.own()) {
            return null;
        }
        return catalog.find(t.stack())
                .filter(d -> d.endpoint(t.operation(), t.protocol(), t.variant()) == null)
                .map(d -> d.unavailable(t.operation(), t.protocol()))
                .orElse(null);
    }

    /** The stacks a target may name: those built here and those the suite declares. */
    private static List<String> stackNames(StackCatalog catalog, Suite suite) {
        List<String> names = new java.util.ArrayList<>(catalog.names());
        names.addAll(suite.stacks().keySet());
        return names;
    }
}
