<?php
// The services that the imported tests of ImportTest were written against, served by PHP's built-in
// server on 127.0.0.1 so each runs with no network: the calculator of calc.wsdl (PHP's ext/soap, for
// the test's own SoapUI project), the Packt SoapUI Cookbook's invoice service (SOAP v3 and REST v1),
// the part of postman-echo.com that newman's collections call, example.org's page and 404 (the JMeter
// template) and BlazeDemo's forms (Taurus's recorded plan). With WSBENCH_WRONG=1 in its environment
// every answer is wrong in a way each converted check must catch: another sum, another invoice number,
// JSON without the keys the tests read, another heading, a 200 where a 404 was asked for.
$wrong = getenv('WSBENCH_WRONG') === '1';
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];
$raw = file_get_contents('php://input');

function json_answer($value, $code = 200) {
    http_response_code($code);
    header('Content-Type: application/json; charset=utf-8');
    echo json_encode($value, JSON_UNESCAPED_SLASHES);
    return true;
}

function request_headers() {
    $h = [];
    foreach (getallheaders() as $k => $v) {
        $h[strtolower($k)] = $v;
    }
    return $h;
}

if ($path === '/ready') {
    header('Content-Type: text/plain');
    echo 'ready';
    return true;
}

// ---- calc.wsdl's Add over SOAP 1.1 (PHP's SoapServer); a wrong server adds one
if ($path === '/calc' || $path === '/calc12') {
    $GLOBALS['wrong'] = $wrong;
    function Add($p) {
        return ['AddResult' => $p->a + $p->b + ($GLOBALS['wrong'] ? 1 : 0)];
    }
    function PlaceOrder($p) {
        return ['receipt' => ['orderId' => $p->order->id, 'lines' => 1, 'total' => '0.00', 'status' => 'invoiced']];
    }
    $server = new SoapServer(realpath(__DIR__ . '/../wsdl/calc.wsdl'),
        ['soap_version' => $path === '/calc12' ? SOAP_1_2 : SOAP_1_1, 'cache_wsdl' => WSDL_CACHE_NONE]);
    $functions = ['Add', 'PlaceOrder'];
    if ($wrong) {
        function Subtract($p) { // a wrong server answers what should have been a Fault
            return ['AddResult' => 0];
        }
        $functions[] = 'Subtract';
    }
    $server->addFunction($functions);
    $server->handle();
    return true;
}

// ---- SoapUI Cookbook, chapter 9: createInvoice acknowledged with the invoice's number
if ($path === '/ws/invoice/v3' && $method === 'POST') {
    preg_match('#<(?:\w+:)?id>([^<]*)</#', $raw, $m);
    $no = htmlspecialchars(($m[1] ?? '') . ($wrong ? '-0' : ''));
    header('Content-Type: text/xml; charset=utf-8');
    echo '<?xml version="1.0" encoding="UTF-8"?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body>'
        . '<ns1:Acknowledgement xmlns:ns1="http://soapui.cookbook.samples/schema/invoice"><ns1:invoiceNo>' . $no
        . '</ns1:invoiceNo></ns1:Acknowledgement></S:Body></S:Envelope>';
    return true;
}

// ---- SoapUI Cookbook, chapter 9: the next invoice's test data, which the SOAP request is filled from
if ($path === '/test-data-service/invoice') {
    header('Content-Type: application/xml');
    echo '<ns2:invoice xmlns:ns2="http://v1.invoice.rest"><id>INV-' . random_int(1000, 9999)
        . '</id><companyName>Test Company</companyName><amount>100.0</amount></ns2:invoice>';
    return true;
}

// ---- SoapUI Cookbook, chapter 1: the invoice as JSON
if (preg_match('#/invoice/(\d+)/?$#', $path, $m) && $method === 'GET') {
    return json_answer(['Invoice' => $wrong ? ['id' => 54321, 'companyName' => 'Other Company', 'amount' => 99]
        : ['id' => (int) $m[1], 'companyName' => 'Test Company', 'amount' => 100]]);
}

// ---- example.org, as the JMeter template reads it
if ($path === '/') {
    header('Content-Type: text/html; charset=utf-8');
    echo '<!doctype html><html><head><title>Example Domain</title></head><body><div><h1>'
        . ($wrong ? 'Another Domain' : 'Example Domain') . '</h1><p>This domain is for use in examples.</p></div></body></html>';
    return true;
}
if ($path === '/test') {
    http_response_code($wrong ? 200 : 404);
    header('Content-Type: text/html');
    echo $wrong ? 'found' : 'not found';
    return true;
}

// ---- BlazeDemo's flight booking forms (POSTed)
if (preg_match('#^/(reserve|purchase|confirmation)\.php$#', $path, $m)) {
    if ($wrong) {
        http_response_code(500);
        echo 'the booking failed';
        return true;
    }
    header('Content-Type: text/html; charset=utf-8');
    echo '<html><body><h3>' . htmlspecialchars($m[1]) . '</h3><p>from ' . htmlspecialchars($_POST['fromPort'] ?? '')
        . ' to ' . htmlspecialchars($_POST['toPort'] ?? '') . '</p></body></html>';
    return true;
}

// ---- postman-echo.com, the endpoints newman's collections call
$echo = function ($extra = []) use ($method, $raw, $wrong) {
    if ($wrong) {
        return json_answer(['wrong' => true]);
    }
    $type = $_SERVER['CONTENT_TYPE'] ?? '';
    $form = [];
    if (str_starts_with($type, 'application/x-www-form-urlencoded')) {
        parse_str($raw, $form);
    } elseif (str_starts_with($type, 'multipart/form-data')) {
        $form = $_POST;
    }
    $json = str_starts_with($type, 'application/json') ? json_decode($raw, true) : null;
    return json_answer(array_merge(['args' => (object) $_GET, 'data' => $form || $json !== null ? '' : $raw,
        'files' => (object) [], 'form' => (object) $form, 'headers' => request_headers(), 'json' => $json,
        'url' => 'http://' . $_SERVER['HTTP_HOST'] . $_SERVER['REQUEST_URI']], $extra));
};
switch (true) {
    case in_array($path, ['/get', '/post', '/put', '/patch', '/delete'], true):
        return $echo();
    case $path === '/headers':
        return json_answer($wrong ? ['wrong' => true] : ['headers' => request_headers()]);
    case $path === '/response-headers':
        foreach ($_GET as $k => $v) {
            header("$k: $v");
        }
        return json_answer($wrong ? ['wrong' => true] : $_GET);
    case $path === '/basic-auth':
        $ok = ($_SERVER['PHP_AUTH_USER'] ?? '') === 'postman' && ($_SERVER['PHP_AUTH_PW'] ?? '') === 'password';
        return $ok ? json_answer($wrong ? ['wrong' => true] : ['authenticated' => true]) : json_answer(['error' => 'Unauthorized'], 401);
    case $path === '/cookies/set':
        foreach ($_GET as $k => $v) {
            setcookie($k, $v, 0, '/');
        }
        header('Location: /cookies', true, 302);
        return true;
    case $path === '/cookies/delete':
        foreach (array_keys($_GET) as $k) {
            setcookie($k, '', 1, '/');
        }
        header('Location: /cookies', true, 302);
        return true;
    case $path === '/cookies':
        return json_answer($wrong ? ['wrong' => true] : ['cookies' => (object) $_COOKIE]);
    case (bool) preg_match('#^/status/(\d{3})$#', $path, $m):
        return json_answer(['status' => $wrong ? 500 : (int) $m[1]], (int) $m[1]);
    case (bool) preg_match('#^/stream/(\d+)$#', $path, $m):
        header('Content-Type: application/json');
        for ($i = 0; $i < (int) $m[1]; $i++) {
            echo json_encode(['id' => $i, 'url' => $path]), "\n";
        }
        return true;
    case (bool) preg_match('#^/delay/(\d+)$#', $path, $m):
        usleep(10000 * (int) $m[1]); // a hundredth of postman-echo's delay: the test stays short
        return json_answer($wrong ? ['wrong' => true] : ['delay' => $m[1]]);
    case $path === '/encoding/utf8':
        header('Content-Type: text/html; charset=utf-8');
        echo $wrong ? 'wrong' : '<html><body>∮ E⋅da = Q, ñ, ü</body></html>';
        return true;
    case $path === '/gzip' || $path === '/deflate':
        return json_answer($wrong ? ['wrong' => true] : [($path === '/gzip' ? 'gzipped' : 'deflated') => true,
            'headers' => request_headers(), 'method' => $method]);
    case $path === '/oauth2/token':
        return json_answer($wrong ? ['wrong' => true] : ['access_token' => 'vszhOGbsZ0sxJ7t7', 'token_type' => 'Bearer']);
    case $path === '/oauth2/user/info':
        return json_answer($wrong ? ['wrong' => true] : ['user_id' => 'postman', 'name' => 'Postman']);
    case $path === '/digest-auth' || $path === '/oauth1':
        header('WWW-Authenticate: Digest realm="Users", nonce="ni1LiL0O37PRRhofWdCLmwFsnEtH1lew", qop="auth"');
        return json_answer(['status' => 'fail'], 401);
}

http_response_code(404);
header('Content-Type: text/plain');
echo "no such path: $path";
return true;
