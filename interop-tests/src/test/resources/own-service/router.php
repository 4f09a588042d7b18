<?php
// A user's own SOAP service for the tests, on PHP's ext/soap SoapServer in WSDL mode: the project's
// test WSDLs (../wsdl) served with this server's address in them, and an endpoint for each.
$wsdlDir = realpath(__DIR__ . '/../wsdl');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$host = $_SERVER['HTTP_HOST'];

if ($path === '/ready') {
    header('Content-Type: text/plain');
    echo 'ready';
    return true;
}
if (preg_match('#^/wsdl/([a-z0-9-]+\.(wsdl|xsd))$#', $path, $m) && is_file("$wsdlDir/$m[1]")) {
    header('Content-Type: text/xml; charset=UTF-8');
    echo str_replace('http://127.0.0.1:8080/', "http://$host/", file_get_contents("$wsdlDir/$m[1]"));
    return true;
}
$endpoints = [
    '/calc' => ['calc.wsdl', SOAP_1_1],
    '/calc12' => ['calc.wsdl', SOAP_1_2],
    '/square' => ['calc-bare.wsdl', SOAP_1_1],
    '/multiply' => ['calc-rpc.wsdl', SOAP_1_1],
    '/greeter.cfc' => ['greeter-encoded.wsdl', SOAP_1_1],
];
if (!isset($endpoints[$path]) || $_SERVER['REQUEST_METHOD'] !== 'POST') {
    http_response_code(404);
    header('Content-Type: text/plain');
    echo "no such path: $path";
    return true;
}
require __DIR__ . '/operations.php';
[$wsdl, $version] = $endpoints[$path];
$server = new SoapServer("$wsdlDir/$wsdl", ['soap_version' => $version, 'cache_wsdl' => WSDL_CACHE_NONE]);
$server->addFunction(['Add', 'PlaceOrder', 'Square', 'Multiply', 'greet']);
$server->handle();
return true;
