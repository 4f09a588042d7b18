<?php
// Redirects as web applications send them, for FlowRedirectsTest: a login form answered 303 to the
// home page (the session cookie set on the redirect itself), a 301 after a POST, a 307 that must keep
// the method and body, a chain of N hops, a loop, and a redirect to another origin.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];
header('Content-Type: text/plain; charset=utf-8');
$go = function (int $status, string $to) { http_response_code($status); header('Location: ' . $to); exit; };

if ($path === '/login' && $method === 'POST') {
    setcookie('who', $_POST['user'] ?? '', ['path' => '/']);
    $go(303, '/home?from=login');
}
if ($path === '/home') {
    if (!isset($_COOKIE['who'])) {
        $go(302, '/login');
    }
    echo "Welcome, " . $_COOKIE['who'] . " (" . $method . " " . $_SERVER['REQUEST_URI'] . ", body " . strlen(file_get_contents('php://input')) . " bytes)";
    exit;
}
if ($path === '/moved') {
    $go(301, 'home'); // relative to /moved: /home; a 301 after a POST becomes a GET
}
if ($path === '/keep') {
    $go(307, 'http://' . $_SERVER['HTTP_HOST'] . '/echo'); // absolute, same origin
}
if ($path === '/echo') {
    echo $method . " " . file_get_contents('php://input') . " type " . ($_SERVER['CONTENT_TYPE'] ?? 'none');
    exit;
}
if (preg_match('#^/chain/(\d+)$#', $path, $m)) {
    $n = (int) $m[1];
    if ($n > 0) {
        $go(302, '/chain/' . ($n - 1));
    }
    echo "end of the chain";
    exit;
}
if ($path === '/loop') {
    $go(302, '/loop/again');
}
if ($path === '/loop/again') {
    $go(302, '/loop');
}
if ($path === '/away') {
    $go(302, 'http://127.0.0.2:' . $_SERVER['SERVER_PORT'] . '/elsewhere');
}
http_response_code(404);
echo "no " . $path;
