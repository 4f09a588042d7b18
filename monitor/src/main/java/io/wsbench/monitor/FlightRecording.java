package io.wsbench.monitor;

import io.wsbench.model.record.ServerRecord;
import io.wsbench.model.record.ServerRecord.ExceptionRate;
import io.wsbench.model.record.ServerRecord.HotFrame;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a Flight Recorder recording of one point says: the frames most often on top of the
 * execution samples (the "every thread is on the same line" view of seed 002), and the exceptions
 * created per second by class, including those the server catches and hides.
 * <p>
 * A sample counts for its top frame outside the JDK ({@link #JDK}): the line of the server's own
 * code (its framework included) that was running or had called into the JDK. Time spent in
 * {@code HashMap.get} thus lands on the line that asked for it, which is the line to fix. Building an
 * exception lands on the line that created it, past the constructors of the server's own exception
 * classes. A sample with JDK frames only (the JDK's own threads) counts for its top frame.
 */
record FlightRecording(long samples, List<HotFrame> hotFrames, List<ExceptionRate> exceptions, ServerRecord.GcPauses pauses,
                       io.wsbench.model.profile.Folded socketReads) {

    static final int TOP = 10;
    private static final List<String> JDK = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    /** Reads the events of {@code file} that happened between {@code from} and {@code to}. */
    static FlightRecording read(Path file, Instant from, Instant to) throws IOException {
        Map<String, Integer> tops = new HashMap<>();
        int samples = 0;
        Map<String, Map<String, Integer>> thrown = new HashMap<>(); // class -> creating frame -> count
        io.wsbench.model.profile.Folded socketReads = new io.wsbench.model.profile.Folded();
        long collections = 0;
        double pausedMillis = 0;
        double longestMillis = 0;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                if (e.getStartTime().isBefore(from) || e.getStartTime().isAfter(to)) {
                    continue;
                }
                if (e.getEventType().getName().equals("jdk.GarbageCollection")) {
                    collections++;
                    pausedMillis += e.getDuration("sumOfPauses").toNanos() / 1e6;
                    longestMillis = Math.max(longestMillis, e.getDuration("longestPause").toNanos() / 1e6);
                    continue;
                }
                if (e.getStackTrace() == null) {
                    continue;
                }
                List<RecordedFrame> frames = e.getStackTrace().getFrames();
                switch (e.getEventType().getName()) {
                    case "jdk.ExecutionSample" -> {
                        if (!frames.isEmpty()) {
                            List<Site> sites = frames.stream()
                                    .map(f -> new Site(f.getMethod().getType().getName(), f.getMethod().getName())).toList();
                            tops.merge(name(frames.get(ownTop(sites))), 1, Integer::sum);
                            samples++;
                        }
                    }
                    case "jdk.SocketRead" -> socketReads.add(ProfileReading.frames(e.getStackTrace(), null,
                            "[socket read " + e.getString("host") + ":" + e.getInt("port") + "]"), e.getDuration().toNanos() / 1000);
                    case "jdk.JavaExceptionThrow" -> {
                        if (ATTACH_LISTENER.equals(threadName(e)) || extraEventOfAnError(frames)) {
                            continue;
                        }
                        String type = e.getClass("thrownClass") == null ? "?" : e.getClass("thrownClass").getName();
                        thrown.computeIfAbsent(type, k -> new HashMap<>()).merge(creator(frames, type), 1, Integer::sum);
                    }
                    default -> {
                    }
                }
            }
        }
        int total = samples;
        List<HotFrame> hot = tops.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(TOP)
                .map(t -> new HotFrame(t.getKey(), Math.round(1000.0 * t.getValue() / total) / 1000.0))
                .toList();
        double seconds = Math.max(1e-3, (to.toEpochMilli() - from.toEpochMilli()) / 1000.0);
        List<ExceptionRate> rates = new ArrayList<>();
        thrown.forEach((type, sites) -> {
            long count = sites.values().stream().mapToLong(Integer::longValue).sum();
            String site = sites.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
            rates.add(new ExceptionRate(type, Math.round(10 * count / seconds) / 10.0, count, site));
        });
        rates.sort(Comparator.comparingLong(ExceptionRate::count).reversed().thenComparing(ExceptionRate::className));
        return new FlightRecording(total, hot, rates, new ServerRecord.GcPauses(collections,
                Math.round(pausedMillis * 100) / 100.0, Math.round(longestMillis * 100) / 100.0), socketReads);
    }

    /**
     * The JVM's thread that runs the diagnostic commands sent to it (jcmd's, and the monitor's own, which start and
     * stop this recording): what it throws is the monitor's doing, not the server's. JDK 25's {@code JFR.start}
     * throws two {@code NoSuchMethodError}s there and catches them, which read as the server's exceptions.
     */
    static final String ATTACH_LISTENER = "Attach Listener";

    private static String threadName(RecordedEvent e) {
        return e.getThread() == null ? null : e.getThread().getJavaName();
    }

    /**
     * Whether an exception event is the extra one of the two the JDK records for one {@link Error}: Flight Recorder
     * instruments both {@code Throwable}'s constructor and {@code Error}'s, and an {@code Error} passes through both
     * (JDK 17 and 25 alike: three errors thrown make six {@code jdk.JavaExceptionThrow} events). The event made in
     * {@code Throwable}'s constructor, with {@code Error}'s below it, is left out; the one made in {@code Error}'s
     * counts the error once.
     */
    static boolean extraEventOfAnError(List<RecordedFrame> frames) {
        List<Site> sites = frames.stream().map(f -> new Site(f.getMethod().getType().getName(), f.getMethod().getName())).toList();
        return throwableEventOfAnError(sites);
    }

    /** {@link #extraEventOfAnError} on the frames' classes and methods, top first. */
    static boolean throwableEventOfAnError(List<Site> frames) {
        if (frames.isEmpty() || !frames.get(0).equals(THROWABLE_INIT)) {
            return false;
        }
        for (Site f : frames) {
            if (f.equals(ERROR_INIT)) {
                return true;
            }
            if (!f.method().equals("<init>")) {
                return false; // past the constructors
            }
        }
        return false;
    }

    private static final Site THROWABLE_INIT = new Site("java.lang.Throwable", "<init>");
    private static final Site ERROR_INIT = new Site("java.lang.Error", "<init>");

    /** A frame's class and method, all {@link #ownTop} needs to know of it. */
    record Site(String type, String method) {
        boolean inJdk() {
            return JDK.stream().anyMatch(type::startsWith);
        }
    }

    /**
     * The index of the frame a sample counts for (frames top first): the first outside the JDK, or,
     * when that is a constructor run by {@code java.lang.Throwable} above it (the server's own
     * exception filling in its stack trace), the caller of that constructor chain.
     */
    static int ownTop(List<Site> frames) {
        boolean buildingThrowable = false;
        for (int i = 0; i < frames.size(); i++) {
            Site f = frames.get(i);
            if (f.inJdk()) {
                buildingThrowable |= f.type().equals("java.lang.Throwable");
                continue;
            }
            if (buildingThrowable && f.method().equals("<init>")) {
                int caller = i;
                while (caller < frames.size() && frames.get(caller).method().equals("<init>")) {
                    caller++;
                }
                return caller < frames.size() ? caller : i;
            }
            return i;
        }
        return 0;
    }

    /** "class.method:line", the way a stack trace names a line. */
    static String name(RecordedFrame f) {
        String at = f.getMethod().getType().getName() + "." + f.getMethod().getName();
        return f.getLineNumber() > 0 ? at + ":" + f.getLineNumber() : at;
    }

    /**
     * The frame that created the exception: the caller of its class's constructor. The frames above
     * it are the constructors of the exception and its superclasses, and JFR's own tracer.
     */
    private static String creator(List<RecordedFrame> frames, String type) {
        int caller = 0;
        for (int i = 0; i < frames.size(); i++) {
            RecordedFrame f = frames.get(i);
            boolean constructor = "<init>".equals(f.getMethod().getName());
            if (constructor && f.getMethod().getType().getName().equals(type)) {
                caller = i + 1;
            } else if (caller == 0 && !constructor && !f.getMethod().getType().getName().startsWith("jdk.jfr.")) {
                caller = i; // its constructor was not seen: the first frame that builds nothing
                break;
            }
        }
        return caller < frames.size() ? name(frames.get(caller)) : null;
    }
}
