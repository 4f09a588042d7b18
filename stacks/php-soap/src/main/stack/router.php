<?php
// Routes PHP's built-in server: readiness, the WSDL, and the hello endpoint with the WSDL cache
// as php.ini has it (/hello/soap), switched on (/hello/soap/cache-on) or off (/hello/soap/cache-off).
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
switch ($path) {
    case '/ready':
        header('Content-Type: text/plain');
        echo 'ready: PHP ' . PHP_VERSION . ', soap ' . (extension_loaded('soap') ? phpversion('soap') : 'missing');
        return true;
    case '/hello/soap/cache-on':
        ini_set('soap.wsdl_cache_enabled', '1');
        break;
    case '/hello/soap/cache-off':
        ini_set('soap.wsdl_cache_enabled', '0');
        break;
    case '/hello/soap':
    case '/hello/soap12':
        break;
    default:
        http_response_code(404);
        header('Content-Type: text/plain');
        echo "no such path: $path";
        return true;
}
require __DIR__ . '/hello.php';
return true;
