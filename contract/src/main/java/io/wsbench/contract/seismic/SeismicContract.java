package io.wsbench.contract.seismic;

/** Names of seed 001's seismic contract, shared by every stack and by the client. */
public final class SeismicContract {

    public static final String OPERATION = "matchQuakes";
    public static final String NAMESPACE = "http://wsbench.io/seismic";
    public static final String SOAP_ACTION = "urn:matchQuakes";
    public static final String WSDL_RESOURCE = "/io/wsbench/contract/seismic/seismic.wsdl";

    private SeismicContract() {
    }
}
