package io.wsbench.protocols;

import io.wsbench.contract.seismic.Answer;
import io.wsbench.contract.seismic.Catalog;
import io.wsbench.contract.seismic.Oracle;
import io.wsbench.contract.seismic.Quake;
import io.wsbench.contract.seismic.Query;
import io.wsbench.contract.seismic.QuerySequence;
import io.wsbench.core.load.Verdict;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** matchQuakes over GraphQL judged by seed 001's oracle: the right quakes pass, one missing or one other fails, errors are errors. */
class GraphQlSeismicWorkloadTest {

    @Test
    void anAnswerIsRightOnlyWithTheOraclesCountAndQuakes() {
        Catalog c = Catalog.standard();
        QuerySequence s = QuerySequence.named("small", c);
        List<Answer> oracle = Oracle.answers(c, s);
        int i = 0;
        while (oracle.get(i).count() < 2) {
            i++;
        }
        Query q = s.queries().get(i);
        List<Quake> quakes = c.match(q).stream().flatMap(rs -> rs.quakes().stream()).toList();
        String right = answer(quakes.size(), quakes);
        assertEquals(Verdict.OK, judge(right, oracle.get(i)));
        assertEquals(Verdict.VALIDATION, judge(answer(quakes.size(), quakes.subList(1, quakes.size())), oracle.get(i)));
        assertEquals(Verdict.VALIDATION, judge(answer(quakes.size() + 1, quakes), oracle.get(i)));
        assertEquals(GraphQl.ERRORS, judge("{\"errors\":[{\"message\":\"no\"}],\"data\":null}", oracle.get(i)));

        // through the workload's validator: the right answer accepted, again from its digest; a wrong one still judged and refused
        io.wsbench.core.load.Validator v = GraphQlSeismicWorkload.of("small").validator();
        byte[] ok = right.getBytes(StandardCharsets.UTF_8);
        byte[] wrong = answer(quakes.size(), quakes.subList(1, quakes.size())).getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 2; round++) {
            assertEquals(Verdict.OK, v.check(i, 200, "application/json", ok, ok.length));
            assertEquals(Verdict.VALIDATION, v.check(i, 200, "application/json", wrong, wrong.length));
        }
        assertEquals(Verdict.VALIDATION, v.check(i + 1, 200, "application/json", ok, ok.length), "right for another request only");

        String body = new String(GraphQlSeismicWorkload.request(q), StandardCharsets.UTF_8);
        assertTrue(body.startsWith("{\"query\":\"query Match($q: QuakeQuery!)"), body);
        assertTrue(body.contains("\"variables\":{\"q\":{"), body);
    }

    private static Verdict judge(String json, Answer expected) {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        return GraphQlSeismicWorkload.judge(b, b.length, expected);
    }

    /** An answer as the server writes it: one result set holding {@code quakes}, with a region beside them. */
    private static String answer(int count, List<Quake> quakes) {
        StringBuilder sb = new StringBuilder("{\"data\":{\"matchQuakes\":{\"count\":").append(count)
                .append(",\"resultSets\":[{\"areaName\":\"A\",\"regions\":[{\"ident\":\"r1\",\"index\":1,\"name\":\"R\"}],\"quakes\":[");
        for (int k = 0; k < quakes.size(); k++) {
            Quake q = quakes.get(k);
            sb.append(k == 0 ? "" : ",").append("{\"time\":\"t\",\"millis\":\"").append(q.millis()).append("\",\"latitude\":1.0,")
                    .append("\"magnitude\":2.0,\"method\":\"m\",\"region\":\"").append(Catalog.regionIdent(q.region())).append("\"}");
        }
        return sb.append("]}]}}}").toString();
    }
}
