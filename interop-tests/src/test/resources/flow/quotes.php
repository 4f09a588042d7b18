<?php
// A SOAP service for the flow tests (PHP's SoapServer): Login gives a session id, and Quote answers
// only a request that carries it in a Session SOAP header (a Fault without). /stats counts logins.
$dir = __DIR__ . '/state';
@mkdir($dir);
if (parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) === '/stats') {
    header('Content-Type: application/json');
    echo json_encode(['logins' => (int) @file_get_contents("$dir/logins"), 'quotes' => (int) @file_get_contents("$dir/quotes")]);
    exit;
}
$request = file_get_contents('php://input');

function Login($p) {
    global $dir;
    if ($p->password !== 'pw-' . $p->user) {
        throw new SoapFault('Client', 'bad credentials');
    }
    file_put_contents("$dir/logins", (int) @file_get_contents("$dir/logins") + 1);
    $session = bin2hex(random_bytes(8));
    file_put_contents("$dir/session-$session", $p->user);
    return ['session' => $session];
}

function Quote($p) {
    global $dir, $request;
    if (!preg_match('#<(?:\w+:)?Session[^>]*>([0-9a-f]+)</#', $request, $m) || !is_file("$dir/session-$m[1]")) {
        throw new SoapFault('Client', 'no session');
    }
    file_put_contents("$dir/quotes", (int) @file_get_contents("$dir/quotes") + 1);
    return ['symbol' => $p->symbol, 'price' => strlen($p->symbol) * 10.5, 'user' => file_get_contents("$dir/session-$m[1]")];
}

ini_set('soap.wsdl_cache_enabled', '0');
$server = new SoapServer(__DIR__ . '/quotes.wsdl');
$server->addFunction(['Login', 'Quote']);
$server->handle($request);
