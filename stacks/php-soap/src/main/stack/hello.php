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
        // the shared WSDL, with the address this server is reached at. A variant (cache-on, cache-off)
        // answers both SOAP versions itself, so both its ports name its own path, not /hello/soap{,12}
        header('Content-Type: text/xml; charset=utf-8');
        $text = file_get_contents($wsdl);
        $self = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
        if ($self !== '/hello/soap' && $self !== '/hello/soap12') {
            $text = preg_replace('#http://127\.0\.0\.1:8080/hello/soap(12)?"#', 'http://127.0.0.1:8080' . $self . '"', $text);
        }
        echo str_replace('127.0.0.1:8080', $_SERVER['HTTP_HOST'], $text);
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
