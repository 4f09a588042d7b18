package io.wsbench.wssec;

import io.wsbench.contract.security.WsSecurityKeys;
import io.wsbench.model.suite.Security;
import org.apache.wss4j.common.crypto.Crypto;
import org.apache.wss4j.common.crypto.CryptoFactory;
import org.apache.wss4j.common.ext.WSPasswordCallback;
import org.apache.wss4j.common.ext.WSSecurityException;
import org.apache.wss4j.common.util.KeyUtils;
import org.apache.wss4j.dom.WSConstants;
import org.apache.wss4j.dom.WSDataRef;
import org.apache.wss4j.dom.engine.WSSConfig;
import org.apache.wss4j.dom.engine.WSSecurityEngine;
import org.apache.wss4j.dom.engine.WSSecurityEngineResult;
import org.apache.wss4j.dom.handler.RequestData;
import org.apache.wss4j.dom.handler.WSHandlerResult;
import org.apache.wss4j.common.WSEncryptionPart;
import org.apache.wss4j.dom.message.WSSecEncrypt;
import org.apache.wss4j.dom.message.WSSecHeader;
import org.apache.wss4j.dom.message.WSSecSignature;
import org.apache.wss4j.dom.message.WSSecTimestamp;
import org.apache.wss4j.dom.message.WSSecUsernameToken;
import org.w3c.dom.Document;
import org.w3c.dom.Node;
import org.w3c.dom.traversal.DocumentTraversal;
import org.w3c.dom.traversal.NodeFilter;
import org.w3c.dom.traversal.TreeWalker;

import javax.crypto.KeyGenerator;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * WS-Security on wsbench's side, with Apache WSS4J (DOM API) over Apache Santuario: it secures each
 * request afresh (new Timestamp, nonce, signature and content key every time) and verifies and
 * decrypts each response. Same algorithms as the servers (WS-SecurityPolicy's Basic256Sha256
 * suite): RSA-SHA256 over SHA-256 digests, AES-256-CBC bodies, RSA-OAEP key transport.
 * One instance per I/O thread: the parsers and serializers in it are not thread-safe.
 */
public final class WsSecurity {

    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final QName BODY = new QName(SOAP11, "Body");
    static final QName TIMESTAMP = new QName(WSConstants.WSU_NS, "Timestamp");

    static {
        WSSConfig.init();
    }

    private final Security configuration;
    private final WsSecurityKeys keys;
    private final Crypto crypto;
    private final DocumentBuilder parser;
    private final Transformer serializer;
    private final WSSecurityEngine engine = new WSSecurityEngine();
    private final KeyGenerator contentKeys;

    /** {@code configuration}: a secured one; plain needs no instance. */
    public WsSecurity(Security configuration, WsSecurityKeys keys) {
        if (!configuration.secured()) {
            throw new IllegalArgumentException("security '" + configuration + "' secures nothing");
        }
        this.configuration = configuration;
        this.keys = keys;
        try {
            this.crypto = CryptoFactory.getInstance(keys.merlin(WsSecurityKeys.CLIENT_ALIAS));
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            this.parser = f.newDocumentBuilder();
            this.serializer = TransformerFactory.newInstance().newTransformer();
            serializer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            this.contentKeys = KeyUtils.getKeyGenerator(WSConstants.AES_256);
        } catch (WSSecurityException e) {
            throw new IllegalStateException("cannot load the client keystore " + keys.clientStore(), e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public Security configuration() {
        return configuration;
    }

    /** The request envelope secured for this configuration, serialized. */
    public byte[] secure(byte[] envelope) {
        return secure(envelope, Attack.NONE);
    }

    /**
     * The request envelope secured for this configuration, spoiled by {@code attack} so a server must
     * refuse it (or as it should be, for {@link Attack#NONE}), serialized.
     *
     * @throws IllegalArgumentException when the attack does not apply to this configuration
     */
    public byte[] secure(byte[] envelope, Attack attack) {
        if (!attack.appliesTo(configuration)) {
            throw new IllegalArgumentException(attack + " does not apply to " + configuration);
        }
        try {
            Document doc = parser.parse(new ByteArrayInputStream(envelope));
            WSSecHeader header = new WSSecHeader(doc);
            header.insertSecurityHeader();
            if (configuration == Security.USERNAME) {
                WSSecUsernameToken ut = new WSSecUsernameToken(header);
                ut.setPasswordType(WSConstants.PASSWORD_TEXT);
                ut.setUserInfo(WsSecurityKeys.USERNAME, attack == Attack.WRONG_PASSWORD
                        ? "not-" + keys.userPassword() : keys.userPassword());
                ut.addNonce();
                ut.addCreated();
                ut.build();
            } else {
                WSSecTimestamp ts = new WSSecTimestamp(header);
                if (attack == Attack.EXPIRED_TIMESTAMP) {
                    ts.setWsTimeSource(() -> Instant.now().minusSeconds(600));
                    ts.setTimeToLive(60);
                } else {
                    ts.setTimeToLive(300);
                }
                ts.build();
                WSSecSignature sig = new WSSecSignature(header);
                sig.setUserInfo(WsSecurityKeys.CLIENT_ALIAS, keys.storePassword());
                sig.setKeyIdentifierType(WSConstants.BST_DIRECT_REFERENCE);
                sig.setSignatureAlgorithm(WSConstants.RSA_SHA256);
                sig.setDigestAlgo(WSConstants.SHA256);
                sig.getParts().add(new WSEncryptionPart("Timestamp", WSConstants.WSU_NS, ""));
                sig.getParts().add(new WSEncryptionPart("Body", SOAP11, ""));
                sig.build(crypto);
                if (attack == Attack.TAMPERED_BODY) {
                    tamper(doc);
                }
                if (configuration == Security.SIGNENCR) {
                    WSSecEncrypt enc = new WSSecEncrypt(header);
                    enc.setUserInfo(WsSecurityKeys.SERVER_ALIAS);
                    if (attack == Attack.WRONG_KEY) {
                        enc.setUseThisCert(Stranger.CERTIFICATE);
                    }
                    enc.setKeyIdentifierType(WSConstants.ISSUER_SERIAL);
                    enc.setSymmetricEncAlgorithm(WSConstants.AES_256);
                    enc.setKeyEncAlgo(WSConstants.KEYTRANSPORT_RSAOAEP);
                    enc.getParts().add(new WSEncryptionPart("Body", SOAP11, "Content"));
                    enc.build(crypto, contentKeys.generateKey());
                }
            }
            return serialize(doc);
        } catch (Exception e) {
            throw new IllegalStateException("cannot secure a request (" + configuration + "): " + e.getMessage(), e);
        }
    }

    /** Changes the first text in the Body, as someone between client and server would change a query. */
    private static void tamper(Document doc) {
        Node body = doc.getElementsByTagNameNS(SOAP11, "Body").item(0);
        TreeWalker texts = ((DocumentTraversal) doc).createTreeWalker(body, NodeFilter.SHOW_TEXT, null, true);
        for (Node n = texts.nextNode(); n != null; n = texts.nextNode()) {
            if (!n.getNodeValue().isBlank()) {
                n.setNodeValue(n.getNodeValue() + "1");
                return;
            }
        }
        throw new IllegalStateException("the Body holds no text to tamper with");
    }

    /** A certificate no server holds the key of, generated once per JVM when first needed. */
    private static final class Stranger {
        static final X509Certificate CERTIFICATE = WsSecurityKeys.strangerCertificate();
    }

    /**
     * The response with its signature verified (by the server's trusted certificate, over Body and a
     * live Timestamp) and its body decrypted, serialized again for the oracle. "username" responses
     * carry no security and are returned as they are.
     *
     * @throws WSSecurityException when the response is not secured as the configuration requires
     */
    public byte[] open(byte[] body, int length) throws WSSecurityException {
        if (configuration == Security.USERNAME) {
            return body;
        }
        Document doc;
        try {
            doc = parser.parse(new ByteArrayInputStream(body, 0, length));
        } catch (Exception e) {
            throw new WSSecurityException(WSSecurityException.ErrorCode.INVALID_SECURITY, e);
        }
        RequestData data = new RequestData();
        data.setSigVerCrypto(crypto);
        data.setDecCrypto(crypto);
        data.setCallbackHandler(this::passwords);
        data.setTimeStampTTL(300);
        data.setTimeStampStrict(true);
        data.setRequireTimestampExpires(true);
        WSHandlerResult result = engine.processSecurityHeader(doc, data);
        if (result == null) {
            throw new WSSecurityException(WSSecurityException.ErrorCode.SECURITY_ERROR, "empty",
                    new Object[]{"the response carries no WS-Security header"});
        }
        Set<QName> signed = new HashSet<>();
        Set<QName> encrypted = new HashSet<>();
        boolean timestamp = false;
        for (WSSecurityEngineResult r : result.getResults()) {
            Integer action = (Integer) r.get(WSSecurityEngineResult.TAG_ACTION);
            @SuppressWarnings("unchecked")
            List<WSDataRef> refs = (List<WSDataRef>) r.get(WSSecurityEngineResult.TAG_DATA_REF_URIS);
            if (action == WSConstants.TS) {
                timestamp = true;
            } else if (action == WSConstants.SIGN && refs != null) {
                refs.forEach(ref -> signed.add(ref.getName()));
            } else if (action == WSConstants.ENCR && refs != null) {
                refs.forEach(ref -> encrypted.add(ref.getName()));
            }
        }
        boolean needEncryption = configuration == Security.SIGNENCR;
        if (!timestamp || !signed.contains(BODY) || !signed.contains(TIMESTAMP) || (needEncryption && !encrypted.contains(BODY))) {
            throw new WSSecurityException(WSSecurityException.ErrorCode.SECURITY_ERROR, "empty",
                    new Object[]{"the response's Body and Timestamp are not " + (needEncryption ? "signed and encrypted" : "signed")});
        }
        return serialize(doc);
    }

    private byte[] serialize(Document doc) {
        try {
            ByteArrayOutputStream out = new ByteArrayOutputStream(2048);
            serializer.transform(new DOMSource(doc), new StreamResult(out));
            return out.toByteArray();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void passwords(Callback[] callbacks) throws UnsupportedCallbackException {
        for (Callback c : callbacks) {
            if (c instanceof WSPasswordCallback pc && WsSecurityKeys.CLIENT_ALIAS.equals(pc.getIdentifier())) {
                pc.setPassword(keys.storePassword());
            } else if (!(c instanceof WSPasswordCallback)) {
                throw new UnsupportedCallbackException(c);
            }
        }
    }
}
