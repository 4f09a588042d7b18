package io.wsbench.service.imports;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wsbench.service.own.OwnServiceException;
import org.w3c.dom.Element;

import static io.wsbench.service.imports.Texts.number;

/** The LoadTests of one SoapUI test case as the suite's loads. */
final class SoapUiLoads {

    private final SoapUiCase testCase;
    private final SuiteDraft draft;
    private boolean thought;

    SoapUiLoads(SoapUiCase testCase, SuiteDraft draft) {
        this.testCase = testCase;
        this.draft = draft;
    }

    private String where() {
        return testCase.where();
    }

    private SuiteDraft.Target target() throws OwnServiceException {
        return testCase.target();
    }

    void loadTest(Element load) throws OwnServiceException {
        String label = "LoadTest '" + Dom.attr(load, "name") + "' of " + where();
        long threads = number(Dom.text(load, "threadCount"), 5);
        long limit = number(Dom.text(load, "testLimit"), 60);
        String limitType = Dom.text(load, "limitType") == null ? "TIME" : Dom.text(load, "limitType");
        Element strategy = Dom.child(load, "loadStrategy");
        String type = Dom.text(strategy, "type") == null ? "Simple" : Dom.text(strategy, "type");
        Element conf = Dom.child(strategy, "config");
        ObjectNode point = SuiteDraft.NODES.objectNode();
        switch (type) {
            case "Simple" -> {
                point.put("users", threads);
                long delay = number(Dom.text(conf, "testDelay"), 1000);
                double random = Texts.decimal(Dom.text(conf, "randomFactor"), 0.5);
                if (delay > 0 && !thought) {
                    thought = true;
                    target().think(target().steps, Math.round(delay * (1 - random)), delay);
                } else if (delay > 0) {
                    draft.note(label + ": its delay between runs is the one its case's first LoadTest gave");
                }
            }
            case "Fixed-Rate" -> {
                point.put("users", threads);
                point.put("rate", Texts.decimal(Dom.text(conf, "tps"), 1));
            }
            case "Thread" -> {
                long start = number(Dom.text(conf, "startThreadCount"), 1);
                long end = number(Dom.text(conf, "endThreadCount"), threads);
                if ("TIME".equals(limitType)) {
                    point.put("stages", "0s:" + start + "," + limit + "s:" + end);
                    draft.load(point);
                    return;
                }
                point.put("users", end);
                draft.note(label + ": its threads ramp from " + start + " to " + end + " over a count of runs; run at " + end + " users");
            }
            default -> {
                point.put("users", threads);
                draft.note(label + ": its " + type + " strategy is run as Simple's steady " + threads + " users");
            }
        }
        switch (limitType) {
            case "COUNT" -> point.put("iterationsPerUser", Math.max(1, (limit + threads - 1) / Math.max(1, threads)));
            case "COUNT_PER_THREAD" -> point.put("iterationsPerUser", Math.max(1, limit));
            default -> {
                if (limit <= 0) {
                    draft.note(label + ": it has no limit; run for 60 s");
                    limit = 60;
                }
                point.put("duration", limit + "s");
            }
        }
        for (Element a : Dom.children(load, "assertion")) {
            draft.ignore(label + ": its " + Dom.attr(a, "type") + " assertion (wsbench counts every step's errors by kind)");
        }
        draft.load(point);
    }
}
