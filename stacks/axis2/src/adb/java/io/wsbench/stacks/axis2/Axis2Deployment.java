package io.wsbench.stacks.axis2;

import io.wsbench.stacks.tomcathost.ServletHost;
import org.apache.axis2.AxisFault;
import org.apache.axis2.engine.AxisConfiguration;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * How the axis2 (Axis2 2.0, jakarta) and axis2-rampart (Axis2 1.8, javax) servers deploy the
 * seismic services: from an exploded repository, as a WAR's WEB-INF would, checked before they
 * listen. Each server's AxisServlet subclass differs only in the servlet API it extends, so it is
 * a few lines calling {@link #requireDeployed}.
 */
public final class Axis2Deployment {

    private Axis2Deployment() {
    }

    /** Loads the catalog before listening: a bad one ends the start, and the first request runs at full speed. */
    public static void loadCatalog() {
        try {
            SeismicSkeleton.catalog();
        } catch (UncheckedIOException e) {
            ServletHost.fail("cannot load catalog: " + e.getCause().getMessage(), 2);
        }
    }

    /** AxisServlet's own init, which {@link #start} runs. */
    public interface Init {
        void run() throws Exception;
    }

    /**
     * Runs AxisServlet's init ({@code super.init(config)}); one that throws (an axis2.xml naming a
     * class this Axis2 lacks) ends the process: Tomcat would log it and answer 404s until the start
     * timeout.
     */
    public static void start(Init init) {
        try {
            init.run();
        } catch (Exception e) {
            ServletHost.fail("AxisServlet did not start: " + e, 3);
        }
    }

    /** -Dwsbench.axis2.repository, else the repository beside the lib/ holding {@code server}'s jar. */
    public static Path repository(Class<?> server) {
        String override = System.getProperty("wsbench.axis2.repository");
        if (override != null && !override.isBlank()) {
            return Path.of(override).toAbsolutePath();
        }
        return ServletHost.stackDir(server).resolve("repository");
    }

    /** AxisServlet's init parameters for deploying from {@code repository}. */
    public static Map<String, String> servletParameters(Path repository) {
        return Map.of("axis2.repository.path", repository.toString(),
                "axis2.xml.path", repository.resolve("conf/axis2.xml").toString());
    }

    /**
     * AxisServlet logs a service that fails to deploy and carries on; this ends the process (exit 3)
     * with the reason as its last line instead, so no server starts that never becomes ready.
     */
    public static void requireDeployed(AxisConfiguration axis, List<String> services, List<String> modules) {
        for (String service : services) {
            String problem = null;
            try {
                if (axis.getService(service) == null) {
                    problem = service + " is not deployed";
                }
            } catch (AxisFault e) {
                problem = service + " is not deployed: " + e.getMessage();
            }
            if (problem != null) {
                Object why = axis.getFaultyServices().values().stream().findFirst().orElse(null);
                ServletHost.fail(problem + (why == null ? "" : ": " + why.toString().lines().findFirst().orElse("")), 3);
            }
        }
        for (String module : modules) {
            if (axis.getModule(module) == null) {
                ServletHost.fail("the " + module + " module is not deployed", 3);
            }
        }
    }
}
