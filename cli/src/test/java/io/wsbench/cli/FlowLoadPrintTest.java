package io.wsbench.cli;

import io.wsbench.model.record.ErrorCounts;
import io.wsbench.model.record.LatencyRecord;
import io.wsbench.model.record.LoadRecord;
import io.wsbench.model.record.PointRecord;
import io.wsbench.model.record.PointRecordBuilder;
import io.wsbench.model.record.StepRecord;
import io.wsbench.model.record.TargetRecord;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code load --flow}'s table of steps, as a user reads it. */
class FlowLoadPrintTest {

    private static final LatencyRecord TWO_MS = new LatencyRecord(2000, 100, 2000, 2000, 2000, 2100, 3000);

    private static StepRecord step(String name, long validated) {
        return new StepRecord(name, 40, validated, ErrorCounts.NONE, validated == 0 ? new LatencyRecord(0, 0, 0, 0, 0, 0, 0) : TWO_MS,
                20, 100, 170, null, null);
    }

    private static String printed(List<StepRecord> setup, List<StepRecord> steps, long validated) {
        PointRecord p = PointRecordBuilder.builder()
                .target(new TargetRecord("items", null, "flow", null, null, null, null, "http://127.0.0.1:9000"))
                .load(new LoadRecord("closed", 4, 40L, null, null, null, true)).repeat(1).requests(80).durationSeconds(2.0)
                .throughput(20).latencyMicros(validated == 0 ? new LatencyRecord(0, 0, 0, 0, 0, 0, 0) : TWO_MS)
                .traffic(new PointRecord.Traffic(200, 340)).errors(ErrorCounts.NONE).validated(validated).build()
                .withFlowSteps(new PointRecord.FlowSteps(40L, steps, setup, List.of()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        FlowLoad.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), p, "items");
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The column of a line's figure that follows its step's name: where "requests" ends in the header. */
    private static int requestsColumn(String line) {
        return line.indexOf(" 40 ") + 3;
    }

    @Test
    void longStepNamesKeepTheColumnsInLine() {
        // the operationIds FastAPI gives: longer than the 22 characters the column had
        String out = printed(List.of(step("login_login_post", 4)),
                List.of(step("add_item_items_post", 40), step("get_item_items__item_id__get", 40)), 40);
        List<String> lines = out.lines().toList();
        String header = lines.stream().filter(l -> l.startsWith("  step ")).findFirst().orElseThrow();
        int end = header.indexOf("requests") + "requests".length();
        for (String name : List.of("setup login_login_post ", "  add_item_items_post ", "  get_item_items__item_id__get ")) {
            String line = lines.stream().filter(l -> l.contains(name)).findFirst().orElseThrow(() -> new AssertionError(out));
            assertEquals(end, requestsColumn(line), out);
        }
        assertTrue(header.startsWith("  " + "step" + " ".repeat(28 - 4) + "  requests"), "as wide as the longest name: " + out);
    }

    @Test
    void noLatencyWhereNoAnswerPassed() {
        String out = printed(List.of(), List.of(step("placeOrder", 0)), 0);
        assertTrue(out.contains("  iteration     -"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  placeOrder ") && l.contains("  -  bytes/request")), out);
        assertTrue(!out.contains("0.000ms"), out);
        assertTrue(out.contains("  " + "step" + " ".repeat(22 - 4) + "  requests"), "short names keep the column 22 wide: " + out);
    }
}
