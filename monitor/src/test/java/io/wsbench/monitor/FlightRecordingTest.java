package io.wsbench.monitor;

import io.wsbench.monitor.FlightRecording.Site;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FlightRecordingTest {

    private static final Site FILL = new Site("java.lang.Throwable", "fillInStackTrace");
    private static final Site THROWABLE = new Site("java.lang.Throwable", "<init>");
    private static final Site RUNTIME = new Site("java.lang.RuntimeException", "<init>");
    private static final Site OWN_EXCEPTION = new Site("io.example.Faults$NoCookies", "<init>");
    private static final Site CREATOR = new Site("io.example.Faults", "readCookies");
    private static final Site HANDLER = new Site("io.example.Handler", "channelRead");

    @Test
    void aSampleCountsForTheFirstFrameOutsideTheJdk() {
        assertEquals(1, FlightRecording.ownTop(List.of(new Site("java.util.HashMap", "get"), CREATOR, HANDLER)));
        assertEquals(0, FlightRecording.ownTop(List.of(CREATOR, HANDLER)));
    }

    @Test
    void aSampleWithJdkFramesOnlyCountsForItsTop() {
        assertEquals(0, FlightRecording.ownTop(List.of(new Site("jdk.internal.misc.Unsafe", "park"),
                new Site("java.lang.Thread", "run"))));
    }

    @Test
    void buildingTheServersOwnExceptionCountsForTheLineThatCreatedIt() {
        assertEquals(4, FlightRecording.ownTop(List.of(FILL, THROWABLE, RUNTIME, OWN_EXCEPTION, CREATOR, HANDLER)));
        Site subclass = new Site("io.example.Faults$NoCookiesAtAll", "<init>");
        assertEquals(5, FlightRecording.ownTop(List.of(FILL, THROWABLE, RUNTIME, OWN_EXCEPTION, subclass, CREATOR)));
    }

    @Test
    void aConstructorNotBuildingAThrowableIsItsOwnLine() {
        Site own = new Site("io.example.Answer", "<init>");
        assertEquals(1, FlightRecording.ownTop(List.of(new Site("java.util.ArrayList", "<init>"), own, CREATOR)));
    }
}
