<?php
// The hello contract served by ext/soap's SoapServer in WSDL mode: it reads hello.wsdl (from its
// cache when soap.wsdl_cache_enabled is on) and dispatches the request to Hello::hello.
class Hello
{
    public function hello($parameters)
    {
        return array('return' => 'Hello World');
    }
}

$wsdl = __DIR__ . '/hello.wsdl';
if ($_SERVER['REQUEST_METHOD'] === 'GET') {
    if (isset($_GET['wsdl'])) {
        // the shared WSDL, with the address this server is reached at
        header('Content-Type: text/xml; charset=utf-8');
        echo str_replace('127.0.0.1:8080', $_SERVER['HTTP_HOST'], file_get_contents($wsdl));
    } else {
        http_response_code(405);
        header('Content-Type: text/plain');
        echo 'POST a SOAP envelope, or GET ?wsdl';
    }
    return;
}
$server = new SoapServer($wsdl);
$server->setClass('Hello');
$server->handle();
