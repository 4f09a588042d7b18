package io.wsbench.contract;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class XmlTest {

    @Test
    void textEscapesMarkupAndLeavesQuotes() {
        assertEquals("Hawke's Bay &lt;M&gt; &amp; \"Taupo\"", Xml.text("Hawke's Bay <M> & \"Taupo\""));
    }

    @Test
    void attributeEscapesQuotesToo() {
        assertEquals("a &lt; b &amp;&amp; &quot;c&quot; &apos;d&apos;", Xml.attribute("a < b && \"c\" 'd'"));
    }

    @Test
    void escapeAppends() {
        StringBuilder sb = new StringBuilder("<x>");
        Xml.escape(sb, "1 < 2", false);
        assertEquals("<x>1 &lt; 2", sb.toString());
    }
}
