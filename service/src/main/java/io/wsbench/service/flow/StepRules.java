package io.wsbench.service.flow;

import io.wsbench.core.load.StepAnswer;
import io.wsbench.core.load.Verdict;
import io.wsbench.protocols.XmlAnswers;
import io.wsbench.service.own.AnswerCheck;
import io.wsbench.service.own.Extraction;
import io.wsbench.service.own.OwnWorkload;
import io.wsbench.service.own.ParsedAnswer;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * What one step of a flow asks of its answer, for one I/O thread: its status (any 2xx unless a
 * {@code status:} check says otherwise; a wrong one is an {@code httpStatus} error), no SOAP Fault for
 * a SOAP step, then its extractions into the user's variables (one that finds nothing is a
 * {@code validation} error naming the variable), then its checks, which may read any variable.
 */
final class StepRules implements StepAnswer {

    /** A variable an extraction fills, by its slot. */
    record Extract(String variable, int slot, Extraction from) {
    }

    private final List<Extract> extracts;
    private final List<AnswerCheck> checks;
    /** The step's status checks (none: any 2xx); an answer must pass each, so two of them accept only what both do. */
    private final List<AnswerCheck> statuses;
    private final XmlAnswers soap;
    private final Set<String> headers = new HashSet<>();
    private final ParsedAnswer parsed = new ParsedAnswer();
    private final Variables view;

    StepRules(List<Extract> extracts, List<AnswerCheck> checks, boolean soap, Map<String, Integer> slots) {
        this.extracts = extracts.stream().map(e -> new Extract(e.variable(), e.slot(), e.from().instance())).toList();
        this.checks = checks.stream().filter(c -> !(c instanceof AnswerCheck.StatusCheck)).map(AnswerCheck::instance).toList();
        this.statuses = checks.stream().filter(c -> c instanceof AnswerCheck.StatusCheck).map(AnswerCheck::instance).toList();
        this.soap = soap ? new XmlAnswers() : null;
        this.view = new Variables(slots);
        extracts.forEach(e -> {
            if (e.from().header() != null) {
                headers.add(e.from().header());
            }
        });
        checks.forEach(c -> {
            if (c.header() != null) {
                headers.add(c.header());
            }
        });
    }

    @Override
    public Set<String> headers() {
        return headers;
    }

    @Override
    public Failure read(int code, String contentType, byte[] body, int length, Map<String, String> answerHeaders,
                        String[] variables) {
        view.values = variables;
        parsed.reset(code, contentType, view, body, length, answerHeaders);
        if (soap != null && (code == 500 || code == 200) && io.wsbench.protocols.FaultScan.fault(soap, body, length)) {
            return new Failure(io.wsbench.protocols.Soap.FAULT, "SOAP Fault (status " + code + ")");
        }
        if (statuses.isEmpty() ? code < 200 || code >= 300 : refusing(parsed) != null) {
            return new Failure(Verdict.HTTP_STATUS, "status " + code + (statuses.isEmpty() ? "" : ", not " + refusing(parsed).text()));
        }
        for (Extract e : extracts) {
            String v = e.from().from(parsed, answerHeaders);
            if (v == null) {
                return new Failure(Verdict.VALIDATION, "extract " + e.variable() + ": nothing found by '" + e.from().text() + "'");
            }
            variables[e.slot()] = v;
        }
        for (AnswerCheck c : checks) {
            String problem = c.problem(parsed);
            if (problem != null) {
                return new Failure(Verdict.VALIDATION, "check '" + c.text() + "': " + problem);
            }
        }
        return null;
    }

    /** The first status check the answer fails; null when it passes them all. */
    private AnswerCheck refusing(ParsedAnswer answer) {
        for (int i = 0; i < statuses.size(); i++) {
            if (statuses.get(i).problem(answer) != null) {
                return statuses.get(i);
            }
        }
        return null;
    }

    /** The user's variables by name, as the checks read a row: a view, never a copy. */
    private static final class Variables extends AbstractMap<String, String> {
        private final Map<String, Integer> slots;
        String[] values;

        Variables(Map<String, Integer> slots) {
            this.slots = slots;
        }

        @Override
        public String get(Object name) {
            Integer i = slots.get(name);
            return i == null ? null : values[i];
        }

        @Override
        public boolean containsKey(Object name) {
            return get(name) != null;
        }

        @Override
        public Set<Entry<String, String>> entrySet() {
            return new AbstractSet<>() {
                @Override
                public Iterator<Entry<String, String>> iterator() {
                    Iterator<Entry<String, Integer>> all = slots.entrySet().iterator();
                    return new Iterator<>() {
                        @Override
                        public boolean hasNext() {
                            return all.hasNext();
                        }

                        @Override
                        public Entry<String, String> next() {
                            if (!hasNext()) {
                                throw new NoSuchElementException();
                            }
                            Entry<String, Integer> e = all.next();
                            String v = values[e.getValue()];
                            return new SimpleImmutableEntry<>(e.getKey(), v == null ? "" : v);
                        }
                    };
                }

                @Override
                public int size() {
                    return slots.size();
                }
            };
        }
    }
}
