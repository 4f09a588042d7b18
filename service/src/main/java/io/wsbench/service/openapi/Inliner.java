package io.wsbench.service.openapi;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A spec's schema references replaced by the component schemas they name, where swagger-parser's own inlining
 * (ResolverFully) follows a cycle without end (Azure's LUIS authoring spec, Microsoft Graph's): each reference becomes
 * the component's object, shared, except one back to a schema it is inside, which stays a reference, as swagger-parser
 * leaves a recursive one and the sample writer reads it (the end of the recursion). Without it every referenced
 * schema of such a spec was written as an empty object (Graph's 7,552 PATCH bodies were {@code {}}).
 */
final class Inliner {

    private static final String LOCAL = "#/components/schemas/";

    private final Map<String, Schema> components;
    private final Set<Schema<?>> done = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Schema<?>> inside = Collections.newSetFromMap(new IdentityHashMap<>());

    private Inliner(Map<String, Schema> components) {
        this.components = components;
    }

    static void inline(OpenAPI api) {
        Map<String, Schema> components = api.getComponents() == null || api.getComponents().getSchemas() == null ? Map.of()
                : api.getComponents().getSchemas();
        Inliner in = new Inliner(components);
        for (Schema<?> s : components.values()) {
            in.walk(s);
        }
        if (api.getPaths() == null) {
            return;
        }
        for (PathItem item : api.getPaths().values()) {
            if (item == null) {
                continue;
            }
            in.parameters(item.getParameters());
            for (Operation op : item.readOperationsMap().values()) {
                in.parameters(op.getParameters());
                if (op.getRequestBody() != null) {
                    in.content(op.getRequestBody().getContent());
                }
                if (op.getResponses() != null) {
                    for (ApiResponse r : op.getResponses().values()) {
                        in.content(r == null ? null : r.getContent());
                    }
                }
            }
        }
    }

    private void parameters(List<Parameter> parameters) {
        for (Parameter p : parameters == null ? List.<Parameter>of() : parameters) {
            if (p != null) {
                p.setSchema(child(p.getSchema()));
                content(p.getContent());
            }
        }
    }

    private void content(Content content) {
        for (MediaType media : content == null ? List.<MediaType>of() : content.values()) {
            if (media != null) {
                media.setSchema(child(media.getSchema()));
            }
        }
    }

    /** The component a local reference names, or null. */
    private Schema<?> target(Schema<?> s) {
        String ref = s == null ? null : s.get$ref();
        return ref != null && ref.startsWith(LOCAL) ? components.get(ref.substring(LOCAL.length())) : null;
    }

    /** What stands in a schema's place: the component its reference names (walked), or itself (walked). */
    @SuppressWarnings("rawtypes")
    private Schema child(Schema c) {
        Schema<?> t = target(c);
        if (t == null) {
            walk(c);
            return c;
        }
        if (inside.contains(t)) {
            return c; // back to a schema it is inside: the reference stays, the end of a recursion
        }
        walk(t);
        return t;
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private void walk(Schema<?> s) {
        if (s == null || done.contains(s) || inside.contains(s)) {
            return;
        }
        inside.add(s);
        if (s.getProperties() != null) {
            for (Map.Entry<String, Schema> e : s.getProperties().entrySet()) {
                e.setValue(child(e.getValue()));
            }
        }
        if (s.getItems() != null) {
            ((Schema) s).setItems(child(s.getItems()));
        }
        if (s.getAdditionalProperties() instanceof Schema<?> extra) {
            s.setAdditionalProperties(child(extra));
        }
        if (s.getNot() != null) {
            s.setNot(child(s.getNot()));
        }
        for (List<Schema> parts : new List[]{s.getAllOf(), s.getAnyOf(), s.getOneOf()}) {
            if (parts != null) {
                parts.replaceAll(this::child);
            }
        }
        inside.remove(s);
        done.add(s);
    }
}
