package io.wsbench.core.load;

import io.wsbench.model.load.LoadSpec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A flow's point split among load agents ({@link FlowPlan#part}), run by the engine against a real
 * socket: each part's users are numbered in the whole point, take the per-user row of that number,
 * and share the unique rows as every N-th one, afresh for each point. What each user sent is read
 * from its variables as its answers come back.
 */
class FlowPartTest {

    private static final byte[] GET = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** Slots 0-2 are the built-ins; 3 is the per-user row's {@code name}, 4 the unique row's {@code item}. */
    private static final List<String> VARIABLES = List.of("vu", "iteration", "uuid", "name", "item");

    private static List<String[]> rows(String... values) {
        return java.util.Arrays.stream(values).map(v -> new String[]{v}).toList();
    }

    /** A login per user with its own row, then an iteration taking a unique row; {@code seen} gets "login VU NAME" and "order VU ITEM". */
    private static FlowPlan plan(Set<String> seen) {
        StepData users = new StepData(new int[]{3}, rows("ann", "bob", "cid", "dee", "eve"), StepData.Mode.PER_USER);
        StepData items = new StepData(new int[]{4}, rows("i0", "i1", "i2", "i3", "i4", "i5"), StepData.Mode.UNIQUE);
        FlowStep login = FlowStep.request("login", RequestTemplate.of(GET), () -> (status, type, body, length, headers, v) -> {
            seen.add("login " + v[FlowPlan.USER] + " " + v[3]);
            return null;
        }, users, java.util.Set.of());
        FlowStep order = FlowStep.request("order", RequestTemplate.of(GET), () -> (status, type, body, length, headers, v) -> {
            seen.add("order " + v[FlowPlan.USER] + " " + v[4]);
            return null;
        }, items, java.util.Set.of());
        return new FlowPlan(List.of(login), List.of(order), List.of(), VARIABLES, false);
    }

    @Test
    void eachPartsUsersAreNumberedInTheWholePointAndShareTheUniqueRows() throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        FlowPlan plan = plan(seen);
        try (TestServer server = TestServer.answering("ok"); LoadEngine engine = new LoadEngine(1)) {
            // the second of two parts of a point of 4 users: its users are 2 and 3, with rows cid and dee,
            // and they take rows 1 and 3 of the six unique ones (rows 1, 3, 5 are this part's)
            Measurement second = engine.run(LoadEngine.Point.flow(server.address(),
                    LoadSpec.closed(2, 1), plan.part(2, 1, 2)), ProgressListener.NONE);
            assertNull(second.aborted());
            assertEquals(2, second.flow().iterations());
            assertEquals(Set.of("login 2 cid", "login 3 dee"), of(seen, "login"));
            assertEquals(Set.of("i1", "i3"), items(seen));
            assertEquals(Set.of("2", "3"), users(of(seen, "order")));

            seen.clear();
            Measurement first = engine.run(LoadEngine.Point.flow(server.address(), LoadSpec.closed(2, 1), plan.part(0, 0, 2)), ProgressListener.NONE);
            assertEquals(2, first.flow().iterations());
            assertEquals(Set.of("login 0 ann", "login 1 bob"), of(seen, "login"));
            assertEquals(Set.of("i0", "i2"), items(seen));

            // the next point's part takes its rows afresh: its 3 rows (1, 3, 5) serve 3 iterations, then run out
            seen.clear();
            Measurement again = engine.run(LoadEngine.Point.flow(server.address(), LoadSpec.closed(1, 4), plan.part(2, 1, 2)), ProgressListener.NONE);
            assertEquals(Set.of("login 2 cid"), of(seen, "login"));
            assertEquals(Set.of("i1", "i3", "i5"), items(seen));
            assertEquals(3, again.flow().steps().get(0).ok());
            assertEquals("step order: the 3 data rows ran out (unique mode: each row once per point)", again.aborted());
        }
    }

    @Test
    void perUserAndCycleRowsAreWholeOnEveryPartAndUniqueOnesAreSplitByRowNumber() {
        StepData perUser = new StepData(new int[]{3}, rows("a", "b", "c"), StepData.Mode.PER_USER);
        StepData cycle = new StepData(new int[]{3}, rows("a", "b", "c"), StepData.Mode.CYCLE);
        assertSame(perUser, perUser.share(1, 2));
        assertSame(cycle, cycle.share(1, 2));
        StepData unique = new StepData(new int[]{3}, rows("r0", "r1", "r2", "r3", "r4"), StepData.Mode.UNIQUE);
        String[] v = new String[5];
        StepData third = unique.share(2, 3);
        assertEquals(2, third.fill(0, v), "its first row is row 2 of the file");
        assertEquals("r2", v[3]);
        assertEquals(-1, third.fill(0, v), "row 5 is past the end: its one row is taken");
        StepData none = new StepData(new int[]{3}, rows("r0"), StepData.Mode.UNIQUE).share(1, 2);
        assertEquals(0, none.rows());
        assertEquals(-1, none.fill(0, v), "a part with no row runs out at its first take");
        assertThrows(IllegalArgumentException.class, () -> unique.share(3, 3));
        assertThrows(IllegalArgumentException.class, () -> plan(ConcurrentHashMap.newKeySet()).part(-1, 0, 1));
    }

    private static Set<String> of(Set<String> seen, String step) {
        Set<String> out = new TreeSet<>();
        seen.stream().filter(s -> s.startsWith(step + " ")).forEach(out::add);
        return out;
    }

    private static Set<String> items(Set<String> seen) {
        Set<String> out = new TreeSet<>();
        of(seen, "order").forEach(s -> out.add(s.substring(s.lastIndexOf(' ') + 1)));
        return out;
    }

    private static Set<String> users(Set<String> entries) {
        Set<String> out = new TreeSet<>();
        entries.forEach(s -> out.add(s.split(" ")[1]));
        return out;
    }
    /**
     * A choice's draw: over 100,000 seeded draws each branch is chosen by its share of the weights (within 1%, where
     * σ is at most 0.16%), the steps of every other branch marked to skip and nothing outside the choice; a load agent's
     * part keeps the choices.
     */
    @Test
    void aChoiceDrawsOneBranchByWeightAndSkipsTheOthers() {
        FlowStep a = FlowStep.request("a", RequestTemplate.of(GET), () -> (status, type, body, length, headers, v) -> null, null, Set.of());
        // steps: a | b c (weight 2) | d (weight 1) | none (weight 1) | e
        List<FlowStep> steps = List.of(a, rename(a, "b"), rename(a, "c"), rename(a, "d"), rename(a, "e"));
        FlowPlan plan = new FlowPlan(List.of(), steps, List.of(), List.of("vu", "iteration", "uuid"), false, FlowPlan.OnError.NEXT, 0,
                List.of(new FlowPlan.Choice(1, new int[]{3, 4, 4}, new double[]{2, 1, 1})));
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        int[] chosen = new int[3];
        boolean[] skip = null;
        for (int i = 0; i < 100_000; i++) {
            skip = plan.draw(skip, random);
            assertEquals(false, skip[0]);
            assertEquals(false, skip[4]);
            assertEquals(skip[1], skip[2], "a branch's steps run together");
            if (!skip[1]) {
                assertEquals(true, skip[3]);
                chosen[0]++;
            } else if (!skip[3]) {
                chosen[1]++;
            } else {
                chosen[2]++;
            }
        }
        assertEquals(0.50, chosen[0] / 100_000.0, 0.01);
        assertEquals(0.25, chosen[1] / 100_000.0, 0.01);
        assertEquals(0.25, chosen[2] / 100_000.0, 0.01);
        assertEquals(plan.choices(), plan.part(2, 1, 2).choices());
        assertNull(new FlowPlan(List.of(), steps, List.of(), List.of("vu", "iteration", "uuid"), false).draw(null, random));
        assertThrows(IllegalArgumentException.class, () -> new FlowPlan.Choice(1, new int[]{3}, new double[]{1}));
        assertThrows(IllegalArgumentException.class, () -> new FlowPlan.Choice(1, new int[]{3, 4}, new double[]{1, 0}));
    }

    private static FlowStep rename(FlowStep s, String name) {
        return FlowStep.request(name, s.request(), s.answers(), null, Set.of());
    }
}
