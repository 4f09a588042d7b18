package io.wsbench.core.load;

import io.netty.util.internal.logging.AbstractInternalLogger;
import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Netty's logging in a load generator: its debug and trace lines dropped, its info, warnings and errors written
 * through the JDK's logging as before, which is started only when one of them is. Every Netty class asks for a
 * logger as it loads, and by its default (SLF4J to the JDK's logging) the first request starts the JDK's
 * logging, which looks for a back end in every jar on the class path: 160-odd jars opened, about 0.1 CPU-s of
 * every start, for debug lines that a run never shows. Set before any Netty class loads ({@link #install}).
 */
public final class NettyLogs extends InternalLoggerFactory {

    NettyLogs() {
    }

    /** Netty's loggers from now on: call it before any Netty class loads. */
    public static void install() {
        InternalLoggerFactory.setDefaultFactory(new NettyLogs());
    }

    @Override
    protected InternalLogger newInstance(String name) {
        return new Quiet(name);
    }

    /** A logger whose debug and trace are off, and whose other levels go to the JDK's logger, made when first used. */
    private static final class Quiet extends AbstractInternalLogger {

        private static final long serialVersionUID = 1L;
        private transient volatile Logger jdk;

        Quiet(String name) {
            super(name);
        }

        private boolean on(Level level) {
            Logger l = jdk;
            if (l == null) {
                l = Logger.getLogger(name());
                jdk = l;
            }
            return l.isLoggable(level);
        }

        /** Netty's "{}" placeholders filled in order, and a Throwable last logged as the cause, as Netty's formatter does. */
        private void log(Level level, String format, Object... args) {
            if (!on(level)) {
                return;
            }
            Throwable cause = args.length > 0 && args[args.length - 1] instanceof Throwable t ? t : null;
            int values = cause == null ? args.length : args.length - 1;
            StringBuilder text = new StringBuilder();
            int from = 0;
            int used = 0;
            for (int at = format.indexOf("{}"); at >= 0 && used < values; at = format.indexOf("{}", from)) {
                text.append(format, from, at).append(args[used++]);
                from = at + 2;
            }
            text.append(format, from, format.length());
            jdk.log(level, text.toString(), cause);
        }

        private void thrown(Level level, String msg, Throwable t) {
            if (on(level)) {
                jdk.log(level, msg, t);
            }
        }

        // trace and debug: off
        @Override public boolean isTraceEnabled() { return false; }
        @Override public void trace(String msg) { }
        @Override public void trace(String format, Object arg) { }
        @Override public void trace(String format, Object a, Object b) { }
        @Override public void trace(String format, Object... args) { }
        @Override public void trace(String msg, Throwable t) { }
        @Override public boolean isDebugEnabled() { return false; }
        @Override public void debug(String msg) { }
        @Override public void debug(String format, Object arg) { }
        @Override public void debug(String format, Object a, Object b) { }
        @Override public void debug(String format, Object... args) { }
        @Override public void debug(String msg, Throwable t) { }

        // info, warn and error: the JDK's logging, at the levels slf4j-jdk14 maps them to
        @Override public boolean isInfoEnabled() { return on(Level.INFO); }
        @Override public void info(String msg) { log(Level.INFO, msg); }
        @Override public void info(String format, Object arg) { log(Level.INFO, format, arg); }
        @Override public void info(String format, Object a, Object b) { log(Level.INFO, format, a, b); }
        @Override public void info(String format, Object... args) { log(Level.INFO, format, args); }
        @Override public void info(String msg, Throwable t) { thrown(Level.INFO, msg, t); }
        @Override public boolean isWarnEnabled() { return on(Level.WARNING); }
        @Override public void warn(String msg) { log(Level.WARNING, msg); }
        @Override public void warn(String format, Object arg) { log(Level.WARNING, format, arg); }
        @Override public void warn(String format, Object a, Object b) { log(Level.WARNING, format, a, b); }
        @Override public void warn(String format, Object... args) { log(Level.WARNING, format, args); }
        @Override public void warn(String msg, Throwable t) { thrown(Level.WARNING, msg, t); }
        @Override public boolean isErrorEnabled() { return on(Level.SEVERE); }
        @Override public void error(String msg) { log(Level.SEVERE, msg); }
        @Override public void error(String format, Object arg) { log(Level.SEVERE, format, arg); }
        @Override public void error(String format, Object a, Object b) { log(Level.SEVERE, format, a, b); }
        @Override public void error(String format, Object... args) { log(Level.SEVERE, format, args); }
        @Override public void error(String msg, Throwable t) { thrown(Level.SEVERE, msg, t); }
    }
}
