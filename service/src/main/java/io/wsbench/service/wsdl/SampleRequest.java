package io.wsbench.service.wsdl;

import io.wsbench.service.sample.Bounds;
import io.wsbench.service.sample.Patterns;

import org.apache.xmlbeans.QNameSet;
import org.apache.xmlbeans.SchemaGlobalElement;
import org.apache.xmlbeans.SchemaLocalAttribute;
import org.apache.xmlbeans.SchemaParticle;
import org.apache.xmlbeans.SchemaProperty;
import org.apache.xmlbeans.SchemaType;
import org.apache.xmlbeans.XmlAnySimpleType;
import org.apache.xmlbeans.XmlString;
import org.apache.xmlbeans.soap.SOAPArrayType;
import org.apache.xmlbeans.soap.SchemaWSDLArrayType;

import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the request envelope of an operation from its WSDL's schema: every element and attribute,
 * a sample value of its XSD type at each leaf (or a {@code ${name}} placeholder, for a template),
 * optional, repeated, nillable elements and choices said in a comment before them. Rpc styles get
 * the operation's wrapper with one unqualified child per part; rpc/encoded adds SOAP section 5's
 * {@code encodingStyle} and an {@code xsi:type} on each typed element. A template for data leaves out
 * an optional element ({@code minOccurs="0"}, or in an optional group) none of whose placeholders
 * is a column of the data.
 *
 * <p>What a schema only names in general is written as a value it accepts: an abstract type as a concrete type
 * derived from it (with its {@code xsi:type}), an abstract element as a member of its substitution group, a
 * required {@code xs:any} as a global element of a namespace it allows. Where recursion would leave a required
 * element empty, the choice takes another branch, or the nearest optional element or group around it is left out.
 */
public final class SampleRequest {

    private static final String ENVELOPE_PREFIX = "soapenv";
    private static final int INDENT = 2;

    private final ServiceDescription wsdl;
    private final SoapOperation op;
    private final boolean placeholders;
    /** The data's columns, for a template for data; else null: every element is written. */
    private final Set<String> columns;
    private final StringBuilder body = new StringBuilder();
    private final Map<String, String> prefixOf = new LinkedHashMap<>();
    private final Set<String> usedPrefixes = new HashSet<>(Set.of(ENVELOPE_PREFIX, "xml", "xmlns"));
    private final Map<String, String> wsdlPrefixes = new HashMap<>();
    private final Set<String> names = new HashSet<>();
    private final List<String> placeholderNames = new ArrayList<>();
    private final Deque<SchemaType> open = new ArrayDeque<>();
    /** How many required elements were written empty so far, because their type was being written already. */
    private int cuts;
    /** The type of the last such element. */
    private String cutType;

    private SampleRequest(ServiceDescription wsdl, SoapOperation op, boolean placeholders, Set<String> columns) {
        this.wsdl = wsdl;
        this.op = op;
        this.placeholders = placeholders;
        this.columns = columns;
        wsdl.prefixes().forEach((p, ns) -> wsdlPrefixes.putIfAbsent(ns, p));
    }

    /** The envelope with sample values. */
    public static String sample(ServiceDescription wsdl, SoapOperation op) throws WsdlException {
        return new SampleRequest(wsdl, op, false, null).write();
    }

    /** The envelope with a {@code ${name}} placeholder for every leaf value, names made unique. */
    public static String template(ServiceDescription wsdl, SoapOperation op) throws WsdlException {
        return new SampleRequest(wsdl, op, true, null).write();
    }

    /**
     * The template for data whose header is {@code columns}: an optional element is left out when
     * none of its placeholders is a column. Names are those of the whole template, whatever is left
     * out, so they read as {@code --template} shows them.
     */
    public static String template(ServiceDescription wsdl, SoapOperation op, Set<String> columns) throws WsdlException {
        return new SampleRequest(wsdl, op, true, Set.copyOf(columns)).write();
    }

    private String write() throws WsdlException {
        int depth = 2;
        for (SoapOperation.Part part : op.headers()) { // written first, then taken out of the body: each a header block
            if (part.element() != null) {
                globalElement(part, depth);
            } else {
                part(part, depth);
            }
        }
        String headers = body.toString();
        body.setLength(0);
        if (!op.attachments().isEmpty()) {
            indent(depth).append("<!-- not sent: the MIME attachments ").append(String.join(", ", op.attachments()))
                    .append(" (SOAP with Attachments); a server that needs them will refuse this envelope alone -->\n");
        }
        if (op.rpc()) {
            String wrapper = qualified(new QName(op.namespace(), op.name()));
            indent(depth).append('<').append(wrapper);
            if (op.encoded()) {
                body.append(' ').append(ENVELOPE_PREFIX).append(":encodingStyle=\"").append(ServiceDescription.SOAP_ENCODING).append('"');
            }
            body.append(">\n");
            for (SoapOperation.Part part : op.input()) {
                if (part.element() != null) {
                    globalElement(part, depth + 1);
                } else {
                    part(part, depth + 1);
                }
            }
            indent(depth).append("</").append(wrapper).append(">\n");
        } else {
            if (op.input().stream().anyMatch(p -> p.element() == null)) {
                // not WS-I, but served (Zend's AutoDiscover, PHP's own WSDLs): written as SoapUI and PHP's SoapClient write it
                indent(depth).append("<!-- document style, its parts typed by types, not elements: each an element of its name -->\n");
            }
            for (SoapOperation.Part part : op.input()) {
                if (part.element() != null) {
                    globalElement(part, depth);
                } else {
                    part(part, depth);
                }
            }
        }
        StringBuilder env = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        env.append('<').append(ENVELOPE_PREFIX).append(":Envelope xmlns:").append(ENVELOPE_PREFIX).append("=\"")
                .append(op.version().envelopeNamespace).append('"');
        prefixOf.forEach((ns, p) -> env.append(" xmlns:").append(p).append("=\"").append(escape(ns)).append('"'));
        env.append(">\n");
        if (!headers.isEmpty()) {
            env.append(" ".repeat(INDENT)).append('<').append(ENVELOPE_PREFIX).append(":Header>\n");
            env.append(headers);
            env.append(" ".repeat(INDENT)).append("</").append(ENVELOPE_PREFIX).append(":Header>\n");
        }
        env.append(" ".repeat(INDENT)).append('<').append(ENVELOPE_PREFIX).append(":Body>\n");
        env.append(body);
        env.append(" ".repeat(INDENT)).append("</").append(ENVELOPE_PREFIX).append(":Body>\n");
        env.append("</").append(ENVELOPE_PREFIX).append(":Envelope>\n");
        return env.toString();
    }

    /** A part typed by a type, not an element (rpc style, or a document style that WS-I forbids): an element of the part's name. */
    private void part(SoapOperation.Part part, int depth) throws WsdlException {
        SchemaType type = wsdl.types().findType(part.type());
        if (type == null) {
            throw undeclared("type " + part.type() + " of part '" + part.name() + "'");
        }
        element(new QName("", part.name()), type, false, null, depth, null, false);
    }

    private void globalElement(SoapOperation.Part part, int depth) throws WsdlException {
        SchemaGlobalElement e = wsdl.types().findElement(part.element());
        if (e == null) {
            throw undeclared("element " + part.element() + " of part '" + part.name() + "'");
        }
        SchemaGlobalElement written = substitute(e, depth);
        element(written.getName(), written.getType(), written.isNillable(), null, depth, null, false);
    }

    private WsdlException undeclared(String what) {
        return new WsdlException(wsdl.location() + ": " + what + " of operation '" + op.name()
                + "' is not declared in the WSDL's schemas");
    }

    /** Writes the element, then takes it back when it is {@code optional} and the data has a column for none of its placeholders. */
    private void element(QName name, SchemaType type, boolean nillable, String occurs, int depth, String parent, boolean optional) {
        if (optional && type.getName() != null && open.contains(type)) {
            // an optional element of a type being written already: left out, as an empty one would break its own content
            indent(depth).append("<!-- ").append(name.getLocalPart()).append(": recursive (").append(type.getName().getLocalPart())
                    .append("), optional, left out -->\n");
            return;
        }
        int mark = body.length();
        int named = placeholderNames.size();
        writeElement(name, type, nillable, occurs, depth, parent);
        List<String> inside = placeholderNames.subList(named, placeholderNames.size());
        if (columns != null && optional && inside.stream().noneMatch(columns::contains)) {
            body.setLength(mark);
            inside.clear();
        }
    }

    private void writeElement(QName name, SchemaType declared, boolean nillable, String occurs, int depth, String parent) {
        SchemaType concrete = declared.isAbstract() ? concreteSubtype(declared) : null;
        SchemaType type = concrete == null ? declared : concrete;
        QName arrayItem = op.encoded() ? soapArrayItem(type) : null;
        List<String> notes = new ArrayList<>();
        if (concrete != null) {
            notes.add("type " + declared.getName().getLocalPart() + " is abstract: " + concrete.getName().getLocalPart()
                    + ", derived from it, is written");
        }
        if (occurs != null) {
            notes.add(occurs);
        }
        if (nillable) {
            notes.add("nillable");
        }
        XmlAnySimpleType[] enumeration = simpleContent(type) ? enumeration(type) : null;
        if (enumeration != null) {
            List<String> values = new ArrayList<>();
            for (XmlAnySimpleType v : enumeration) {
                values.add(v.getStringValue());
            }
            notes.add("one of: " + String.join(" | ", values));
        }
        for (SchemaProperty a : type.getAttributeProperties()) {
            if (a.getMinOccurs().signum() == 0 && !soapEncodingReference(a) && !(arrayItem != null && ARRAY_TYPE.equals(a.getName()))) {
                notes.add("optional attribute " + a.getName().getLocalPart() + " (not written)");
            }
        }
        if (!notes.isEmpty()) {
            indent(depth).append("<!-- ").append(String.join("; ", notes)).append(" -->\n");
        }
        String tag = qualified(name);
        indent(depth).append('<').append(tag);
        if ((op.encoded() || concrete != null) && type.getName() != null) {
            body.append(" xsi:type=\"").append(qualified(type.getName())).append('"');
            prefixOf.computeIfAbsent(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, ns -> reserve("xsi"));
        }
        for (SchemaProperty a : type.getAttributeProperties()) {
            if (a.getMinOccurs().signum() == 0) {
                continue; // a column for every optional attribute would be a chore: the comment names them
            }
            body.append(' ').append(qualified(a.getName())).append("=\"")
                    .append(value(a.getType(), a.getName().getLocalPart(), name.getLocalPart())).append('"');
        }
        if (simpleContent(type)) {
            body.append('>').append(value(type, name.getLocalPart(), parent)).append("</").append(tag).append(">\n");
            return;
        }
        if (arrayItem != null) { // one item, of the type its wsdl:arrayType names, as SOAP section 5 writes an array
            body.append(' ').append(qualified(ARRAY_TYPE)).append("=\"").append(qualified(arrayItem)).append("[1]\">\n");
            element(new QName("", "item"), wsdl.types().findType(arrayItem), false, null, depth + 1, name.getLocalPart(), false);
            indent(depth).append("</").append(tag).append(">\n");
            return;
        }
        SchemaParticle model = type.getContentModel();
        if (model == null) {
            body.append("/>\n");
            return;
        }
        if (open.contains(type) && type.getName() != null) {
            body.append("/><!-- recursive: ").append(type.getName().getLocalPart()).append(" -->\n");
            if (!model.isSkippable()) { // empty, it is invalid: a choice takes another branch, an optional particle goes
                cuts++;
                cutType = type.getName().getLocalPart();
            }
            return;
        }
        body.append(">\n");
        open.push(type);
        particle(model, depth + 1, name.getLocalPart(), null, false);
        open.pop();
        indent(depth).append("</").append(tag).append(">\n");
    }

    /** {@code inOptional}: the particle is in a group that may be absent. */
    private void particle(SchemaParticle p, int depth, String parent, String inheritedOccurs, boolean inOptional) {
        String occurs = occurs(p, inheritedOccurs);
        boolean optional = inOptional || p.getIntMinOccurs() == 0;
        Written before = new Written();
        // as often as it must be (minOccurs="2": twice, or the request is invalid), at most ten times
        for (int i = 0, times = Math.min(Math.max(1, p.getIntMinOccurs()), MAX_REPEATS); i < times; i++) {
            once(p, depth, parent, i == 0 ? occurs : null, optional);
        }
        if (p.getIntMinOccurs() == 0 && cuts > before.cuts) {
            // a required element inside was written empty (recursion): the whole optional particle is left out instead
            String what = p.getParticleType() == SchemaParticle.ELEMENT ? p.getName().getLocalPart() : "a group";
            String type = cutType;
            before.restore();
            indent(depth).append("<!-- ").append(what).append(": optional, left out, as its content recurses (")
                    .append(type).append(") -->\n");
        }
    }

    /** How far the request is written: {@link #restore()} takes back everything written since. */
    private final class Written {
        final int length = body.length();
        final int placeholders = placeholderNames.size();
        final int cuts = SampleRequest.this.cuts;

        void restore() {
            body.setLength(length);
            List<String> taken = placeholderNames.subList(placeholders, placeholderNames.size());
            taken.forEach(names::remove);
            taken.clear();
            SampleRequest.this.cuts = cuts;
        }
    }

    /** The most times a sample repeats a particle its schema wants more often. */
    private static final int MAX_REPEATS = 10;

    private void once(SchemaParticle p, int depth, String parent, String occurs, boolean optional) {
        switch (p.getParticleType()) {
            case SchemaParticle.ELEMENT -> {
                SchemaGlobalElement head = wsdl.types().findElement(p.getName());
                if (head != null && head.isAbstract() && head.getType() == p.getType()) { // a reference to an abstract element
                    SchemaGlobalElement member = substitute(head, depth);
                    element(member.getName(), member.getType(), member.isNillable(), occurs, depth, parent, optional);
                } else {
                    element(p.getName(), p.getType(), p.isNillable(), occurs, depth, parent, optional);
                }
            }
            case SchemaParticle.SEQUENCE, SchemaParticle.ALL -> {
                SchemaParticle[] children = p.getParticleChildren();
                for (int i = 0; i < children.length; i++) {
                    particle(children[i], depth, parent, i == 0 ? occurs : null, optional);
                }
            }
            case SchemaParticle.CHOICE -> choice(p.getParticleChildren(), depth, parent, occurs, optional);
            case SchemaParticle.WILDCARD -> wildcard(p, depth, parent, occurs);
            default -> { }
        }
    }

    /**
     * The first of a choice's branches whose content does not recurse into a required element left empty (the first,
     * if all do), after a comment that names them all and the one shown.
     */
    private void choice(SchemaParticle[] children, int depth, String parent, String occurs, boolean optional) {
        String prefix = occurs == null ? "" : occurs + "; ";
        if (children.length == 0) {
            indent(depth).append("<!-- ").append(prefix).append("an empty choice, which no content satisfies -->\n");
            return;
        }
        List<String> options = new ArrayList<>();
        for (SchemaParticle c : children) {
            options.add(branch(c));
        }
        Written before = new Written();
        int shown = -1;
        for (int i = 0; i < children.length && shown < 0; i++) {
            particle(children[i], depth, parent, null, optional);
            if (cuts == before.cuts) {
                shown = i;
            } else {
                before.restore();
            }
        }
        if (shown < 0) {
            shown = 0; // every branch recurses: the first, its recursion marked
            particle(children[0], depth, parent, null, optional);
        }
        String comment = " ".repeat(depth * INDENT) + "<!-- " + prefix + "a choice of " + String.join(" | ", options)
                + (shown == 0 ? " (the first is shown)" : " (" + options.get(shown) + " is shown: the ones before recurse)") + " -->\n";
        body.insert(before.length, comment);
    }

    private static String branch(SchemaParticle c) {
        return c.getParticleType() == SchemaParticle.ELEMENT ? c.getName().getLocalPart() : "a group";
    }

    /**
     * An {@code xs:any}: optional, a comment; required, an element it allows: a global element of the schemas (one of
     * simple content first), else one of wsbench's own, in a namespace the wildcard allows.
     */
    private void wildcard(SchemaParticle p, int depth, String parent, String occurs) {
        String prefix = occurs == null ? "" : occurs + "; ";
        if (p.getIntMinOccurs() == 0) {
            indent(depth).append("<!-- ").append(prefix).append("any element -->\n");
            return;
        }
        QNameSet allowed = p.getWildcardSet();
        SchemaGlobalElement declared = wsdl.globalElements().stream()
                .filter(e -> allowed.contains(e.getName()) && !e.isAbstract() && !open.contains(e.getType()))
                .min(Comparator.comparing((SchemaGlobalElement e) -> !simpleContent(e.getType()))
                        .thenComparing(e -> e.getName().getLocalPart()).thenComparing(e -> e.getName().getNamespaceURI()))
                .orElse(null);
        if (declared != null) {
            indent(depth).append("<!-- ").append(prefix).append("any element: ").append(declared.getName().getLocalPart())
                    .append(", which the schemas declare, is written -->\n");
            element(declared.getName(), declared.getType(), declared.isNillable(), null, depth, parent, false);
            return;
        }
        List<QName> candidates = new ArrayList<>(List.of(new QName("urn:wsbench:sample", "any"), new QName("", "any")));
        if (allowed.includedURIs() != null) {
            allowed.includedURIs().forEach(ns -> candidates.add(new QName(ns, "any")));
        }
        QName name = candidates.stream().filter(allowed::contains).findFirst().orElse(candidates.get(0));
        indent(depth).append("<!-- ").append(prefix).append("any element: one of wsbench's is written, as the schemas declare")
                .append(" none it allows; the service may want its own -->\n");
        String tag = qualified(name);
        indent(depth).append('<').append(tag).append('>').append(value(XmlString.type, "any", parent))
                .append("</").append(tag).append(">\n");
    }

    /** {@code head} when it may stand in an instance, else the first member of its substitution group that may, after a comment. */
    private SchemaGlobalElement substitute(SchemaGlobalElement head, int depth) {
        if (!head.isAbstract()) {
            return head;
        }
        Deque<SchemaGlobalElement> todo = new ArrayDeque<>(List.of(head));
        Set<QName> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            SchemaGlobalElement e = todo.poll();
            if (!seen.add(e.getName())) {
                continue;
            }
            if (!e.isAbstract()) {
                indent(depth).append("<!-- element ").append(head.getName().getLocalPart()).append(" is abstract: ")
                        .append(e.getName().getLocalPart()).append(", of its substitution group, is written -->\n");
                return e;
            }
            for (QName m : e.substitutionGroupMembers()) {
                SchemaGlobalElement member = wsdl.types().findElement(m);
                if (member != null) {
                    todo.add(member);
                }
            }
        }
        return head; // no member may stand in: the abstract element, which a validating server refuses
    }

    /** The named, non-abstract type derived from {@code type} in the fewest steps (by name among those), or null. */
    private SchemaType concreteSubtype(SchemaType type) {
        return wsdl.globalTypes().stream()
                .filter(t -> t != type && !t.isAbstract() && type.isAssignableFrom(t))
                .min(Comparator.comparingInt((SchemaType t) -> steps(t, type)).thenComparing(t -> t.getName().getLocalPart()))
                .orElse(null);
    }

    private static int steps(SchemaType derived, SchemaType base) {
        int n = 0;
        for (SchemaType t = derived; t != null && t != base; t = t.getBaseType()) {
            n++;
        }
        return n;
    }

    private static final QName ARRAY_TYPE = new QName(ServiceDescription.SOAP_ENCODING, "arrayType");

    /**
     * The item type of a SOAP-encoded array whose {@code wsdl:arrayType} names it ({@code <attribute ref="soapenc:arrayType"
     * wsdl:arrayType="xsd:string[]"/>} in a restriction of soapenc:Array), of one dimension and declared; else null (an
     * array written with its own item element in a sequence has its content model for that).
     */
    private QName soapArrayItem(SchemaType type) {
        if (type.getAttributeModel() == null) {
            return null;
        }
        for (SchemaLocalAttribute a : type.getAttributeModel().getAttributes()) {
            if (a instanceof SchemaWSDLArrayType w && w.getWSDLArrayType() != null) {
                SOAPArrayType array = w.getWSDLArrayType();
                boolean oneDimension = array.getRanks().length == 0 && array.getDimensions().length == 1;
                return oneDimension && wsdl.types().findType(array.getQName()) != null ? array.getQName() : null;
            }
        }
        return null;
    }

    /** SOAP encoding's id and href, on every soapenc type: how the encoding links multi-referenced values, not data. */
    private static boolean soapEncodingReference(SchemaProperty a) {
        String owner = a.getContainerType() == null || a.getContainerType().getName() == null ? null
                : a.getContainerType().getName().getNamespaceURI();
        return ServiceDescription.SOAP_ENCODING.equals(owner)
                || (a.getName().getNamespaceURI().isEmpty() && Set.of("id", "href").contains(a.getName().getLocalPart())
                && ServiceDescription.SOAP_ENCODING.equals(baseNamespace(a.getContainerType())));
    }

    private static String baseNamespace(SchemaType t) {
        for (SchemaType b = t; b != null; b = b.getBaseType()) {
            if (b.getName() != null && ServiceDescription.SOAP_ENCODING.equals(b.getName().getNamespaceURI())) {
                return ServiceDescription.SOAP_ENCODING;
            }
        }
        return null;
    }

    /** "optional", "repeated 1 to unbounded times", ...: null for exactly once. */
    private static String occurs(SchemaParticle p, String inherited) {
        int min = p.getIntMinOccurs();
        int max = p.getIntMaxOccurs();
        String own = min == 1 && max == 1 ? null
                : max == 1 ? "optional"
                : "repeated " + min + " to " + (max == Integer.MAX_VALUE ? "unbounded" : String.valueOf(max)) + " times";
        if (own == null) {
            return inherited;
        }
        return inherited == null ? own : inherited + "; " + own;
    }

    private static boolean simpleContent(SchemaType t) {
        return t.isSimpleType() || t.getContentType() == SchemaType.SIMPLE_CONTENT;
    }

    private static XmlAnySimpleType[] enumeration(SchemaType t) {
        XmlAnySimpleType[] e = t.getEnumerationValues();
        return e == null || e.length == 0 ? null : e;
    }

    private String value(SchemaType t, String name, String parent) {
        if (placeholders) {
            String n = name;
            if (!names.add(n)) {
                n = parent == null ? name : parent + "_" + name;
                for (int i = 2; !names.add(n); i++) {
                    n = (parent == null ? name : parent + "_" + name) + i;
                }
            }
            placeholderNames.add(n);
            return "${" + n + "}";
        }
        return escape(sampleValue(t));
    }

    /** A value valid for simple type {@code t}: its first enumeration value, its minimum, or one of its built-in type. */
    static String sampleValue(SchemaType t) {
        XmlAnySimpleType[] e = enumeration(t);
        if (e != null) {
            return e[0].getStringValue();
        }
        if (t.getSimpleVariety() == SchemaType.LIST && t.getListItemType() != null) {
            return sampleValue(t.getListItemType());
        }
        if (t.getSimpleVariety() == SchemaType.UNION && t.getUnionMemberTypes().length > 0) {
            return sampleValue(t.getUnionMemberTypes()[0]);
        }
        SchemaType b = t;
        while (b != null && !b.isBuiltinType()) {
            b = b.getBaseType();
        }
        int code = b == null ? SchemaType.BTC_STRING : b.getBuiltinTypeCode();
        String v = withinBounds(builtin(code), t, code);
        Integer min = facet(t, SchemaType.FACET_LENGTH, SchemaType.FACET_MIN_LENGTH);
        Integer max = facet(t, SchemaType.FACET_LENGTH, SchemaType.FACET_MAX_LENGTH);
        if ((code == SchemaType.BTC_BASE_64_BINARY || code == SchemaType.BTC_HEX_BINARY) && (min != null || max != null)) {
            // a binary's lengths count its octets, not its text's characters: that many zero bytes, encoded
            byte[] octets = new byte[Math.min(min != null ? min : Math.min(3, max), 1 << 16)];
            v = code == SchemaType.BTC_HEX_BINARY ? "00".repeat(octets.length) : java.util.Base64.getEncoder().encodeToString(octets);
            return valid(t, v) ? v : builtin(code);
        }
        if (max != null && v.length() > max) {
            v = v.substring(0, max);
        }
        if (valid(t, v)) {
            return v;
        }
        if (!t.hasPatternFacet()) {
            String resized = Patterns.resized(v, min, max); // a least length ("text" is too short for 5)
            return valid(t, resized) ? resized : v;
        }
        // the type's patterns (xs:pattern) refuse the built-in sample: a string that all its derivation steps accept
        String example = Patterns.example(patterns(t), true, min, max);
        return example != null && valid(t, example) ? example : v;
    }

    /** A simple type's patterns, one a derivation step: a step's own are alternatives, the steps' all hold. */
    private static List<String> patterns(SchemaType t) {
        List<String> steps = new ArrayList<>();
        for (SchemaType s = t; s != null && !s.isBuiltinType(); s = s.getBaseType()) {
            if (s.hasPatternFacet() && s.getPatterns().length > 0) {
                String[] own = s.getPatterns();
                steps.add(own.length == 1 ? own[0] : "(" + String.join(")|(", own) + ")");
            }
        }
        return steps;
    }

    /** A length facet's value: {@code exact}'s (xs:length) if the type has one, else {@code bound}'s; null if neither. */
    private static Integer facet(SchemaType t, int exact, int bound) {
        XmlAnySimpleType f = t.getFacet(exact) != null ? t.getFacet(exact) : t.getFacet(bound);
        return f == null ? null : Integer.valueOf(f.getStringValue());
    }

    /** Whether {@code v} is a value of simple type {@code t}: its lexical space and every facet. */
    private static boolean valid(SchemaType t, String v) {
        try {
            return t.newValue(v).validate();
        } catch (RuntimeException invalid) {
            return false;
        }
    }

    /** A numeric sample moved inside a restriction's bounds, inclusive or exclusive; any other kept. */
    private static String withinBounds(String v, SchemaType t, int code) {
        java.math.BigDecimal n;
        try {
            n = new java.math.BigDecimal(v);
        } catch (NumberFormatException notNumeric) {
            return v; // dates and strings keep their sample
        }
        boolean integer = code != SchemaType.BTC_FLOAT && code != SchemaType.BTC_DOUBLE && code != SchemaType.BTC_DECIMAL;
        XmlAnySimpleType minInclusive = t.getFacet(SchemaType.FACET_MIN_INCLUSIVE);
        XmlAnySimpleType minExclusive = t.getFacet(SchemaType.FACET_MIN_EXCLUSIVE);
        XmlAnySimpleType maxInclusive = t.getFacet(SchemaType.FACET_MAX_INCLUSIVE);
        XmlAnySimpleType maxExclusive = t.getFacet(SchemaType.FACET_MAX_EXCLUSIVE);
        try {
            XmlAnySimpleType low = minExclusive != null ? minExclusive : minInclusive;
            XmlAnySimpleType high = maxExclusive != null ? maxExclusive : maxInclusive;
            java.math.BigDecimal within = Bounds.within(n, low == null ? null : new java.math.BigDecimal(low.getStringValue()),
                    minExclusive != null, high == null ? null : new java.math.BigDecimal(high.getStringValue()), maxExclusive != null,
                    integer);
            return within == n ? v : within.toPlainString();
        } catch (NumberFormatException notDecimal) {
            return v; // a float's INF bound
        }
    }

    private static String builtin(int code) {
        return switch (code) {
            case SchemaType.BTC_BOOLEAN -> "true";
            case SchemaType.BTC_FLOAT, SchemaType.BTC_DOUBLE -> "1.5";
            case SchemaType.BTC_DECIMAL -> "1.50";
            case SchemaType.BTC_INTEGER, SchemaType.BTC_LONG, SchemaType.BTC_INT, SchemaType.BTC_SHORT, SchemaType.BTC_BYTE,
                 SchemaType.BTC_NON_NEGATIVE_INTEGER, SchemaType.BTC_POSITIVE_INTEGER, SchemaType.BTC_UNSIGNED_LONG,
                 SchemaType.BTC_UNSIGNED_INT, SchemaType.BTC_UNSIGNED_SHORT, SchemaType.BTC_UNSIGNED_BYTE -> "3";
            case SchemaType.BTC_NON_POSITIVE_INTEGER -> "0";
            case SchemaType.BTC_NEGATIVE_INTEGER -> "-1";
            case SchemaType.BTC_DATE_TIME -> "2026-01-31T12:00:00Z";
            case SchemaType.BTC_TIME -> "12:00:00";
            case SchemaType.BTC_DATE -> "2026-01-31";
            case SchemaType.BTC_G_YEAR_MONTH -> "2026-01";
            case SchemaType.BTC_G_YEAR -> "2026";
            case SchemaType.BTC_G_MONTH_DAY -> "--01-31";
            case SchemaType.BTC_G_DAY -> "---31";
            case SchemaType.BTC_G_MONTH -> "--01";
            case SchemaType.BTC_DURATION -> "P1D";
            case SchemaType.BTC_BASE_64_BINARY -> "AQID";
            case SchemaType.BTC_HEX_BINARY -> "0A0B";
            case SchemaType.BTC_ANY_URI -> "http://example.com/";
            case SchemaType.BTC_LANGUAGE -> "en";
            case SchemaType.BTC_QNAME, SchemaType.BTC_ID, SchemaType.BTC_IDREF, SchemaType.BTC_NCNAME, SchemaType.BTC_NAME,
                 SchemaType.BTC_NMTOKEN, SchemaType.BTC_ENTITY -> "id1";
            default -> "text";
        };
    }

    private String qualified(QName name) {
        String ns = name.getNamespaceURI();
        if (ns == null || ns.isEmpty()) {
            return name.getLocalPart();
        }
        return prefixOf.computeIfAbsent(ns, n -> {
            String preferred = XMLConstants.W3C_XML_SCHEMA_NS_URI.equals(n) ? "xsd"
                    : ServiceDescription.SOAP_ENCODING.equals(n) ? "soapenc" : wsdlPrefixes.get(n);
            return reserve(preferred == null ? "ns" : preferred);
        }) + ":" + name.getLocalPart();
    }

    private String reserve(String preferred) {
        String p = preferred;
        for (int i = 1; !usedPrefixes.add(p); i++) {
            p = preferred + i;
        }
        return p;
    }

    private StringBuilder indent(int depth) {
        return body.append(" ".repeat(depth * INDENT));
    }

    static String escape(String s) {
        return io.wsbench.service.own.Placeholders.xml(s);
    }
}
