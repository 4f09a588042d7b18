<?php
// A stateful service for the flow tests, under PHP's built-in server (one worker: no races on its
// files). REST: login gives a token, every order call needs it (401 without), placeOrder gives an
// id that getOrder reads back; /stats says what the server saw. Sessions: a cart per PHP session.
$dir = __DIR__ . '/state';
@mkdir($dir);
function count_up($dir, $name) { $f = "$dir/$name"; $n = (int) @file_get_contents($f) + 1; file_put_contents($f, $n); return $n; }
function counted($dir, $name) { return (int) @file_get_contents("$dir/$name"); }
function answer($code, $value) { http_response_code($code); echo json_encode($value); exit; }
function user_of_token($dir) {
    $h = $_SERVER['HTTP_AUTHORIZATION'] ?? '';
    if (!preg_match('/^Bearer (\S+)$/', $h, $m) || !is_file("$dir/token-" . md5($m[1]))) {
        answer(401, ['error' => 'no valid token']);
    }
    if (is_file("$dir/ttl") && count_up($dir, 'uses-' . md5($m[1])) > (int) file_get_contents("$dir/ttl")) {
        answer(401, ['error' => 'token expired']); // a token good for so many calls, when the test says so
    }
    return file_get_contents("$dir/token-" . md5($m[1]));
}
function session_user() {
    session_start();
    if (!isset($_SESSION['user'])) {
        answer(401, ['error' => 'not logged in']);
    }
    return $_SESSION['user'];
}

header('Content-Type: application/json');
$method = $_SERVER['REQUEST_METHOD'];
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);

if ($method === 'GET' && $path === '/openapi.yaml') {
    header('Content-Type: application/yaml');
    readfile(__DIR__ . '/shop-openapi.yaml');
    exit;
}
if ($method === 'POST' && $path === '/login') {
    $in = json_decode(file_get_contents('php://input'), true);
    if (!is_array($in) || ($in['password'] ?? '') !== 'pw-' . ($in['user'] ?? '')) {
        answer(403, ['error' => 'bad credentials']);
    }
    count_up($dir, 'logins');
    if (preg_match('/^\w+$/', $in['user'])) { // each login of a user, as the virtual user's number it came with (X-Vu)
        file_put_contents("$dir/login-" . $in['user'], trim(@file_get_contents("$dir/login-" . $in['user']) . ' ' . ($_SERVER['HTTP_X_VU'] ?? '-')));
    }
    $token = bin2hex(random_bytes(8));
    file_put_contents("$dir/token-" . md5($token), $in['user']);
    answer(200, ['token' => $token]);
}
if ($method === 'POST' && $path === '/orders') {
    $user = user_of_token($dir);
    $in = json_decode(file_get_contents('php://input'), true);
    $id = count_up($dir, 'orders');
    file_put_contents("$dir/order-$id", json_encode(['id' => $id, 'user' => $user, 'item' => $in['item'],
        'qty' => $in['qty'], 'total' => $in['total']]));
    answer(201, ['id' => $id]);
}
if ($method === 'GET' && preg_match('#^/orders/(\d+)$#', $path, $m)) {
    $user = user_of_token($dir);
    $f = "$dir/order-" . $m[1];
    if (!is_file($f)) {
        answer(404, ['error' => 'no such order']);
    }
    $order = json_decode(file_get_contents($f), true);
    if ($order['user'] !== $user) {
        answer(403, ['error' => 'not your order']);
    }
    count_up($dir, 'reads');
    answer(200, $order);
}
if ($method === 'POST' && $path === '/logout') {
    user_of_token($dir);
    count_up($dir, 'logouts');
    answer(200, ['bye' => true]);
}
if ($path === '/stall') {
    // the first call waits as long as the test said (state/stall, in ms), every later one answers at once
    if (is_file("$dir/stall") && count_up($dir, 'stalls') === 1) {
        usleep(1000 * (int) file_get_contents("$dir/stall"));
    }
    answer(200, ['ok' => true]);
}
if ($path === '/basic') {
    // HTTP Basic auth: user:pw-USER passes (counted), anything else is a 401 with its challenge
    $pair = preg_match('/^Basic (\S+)$/', $_SERVER['HTTP_AUTHORIZATION'] ?? '', $m) ? explode(':', (string) base64_decode($m[1], true), 2) : [];
    if (count($pair) !== 2 || $pair[1] !== 'pw-' . $pair[0]) {
        count_up($dir, 'basic-denied');
        header('WWW-Authenticate: Basic realm="shop"');
        answer(401, ['error' => 'bad credentials']);
    }
    count_up($dir, 'basic-ok');
    answer(200, ['user' => $pair[0]]);
}
if ($path === '/stats') {
    $byUser = [];
    foreach (glob("$dir/login-*") ?: [] as $f) {
        $byUser[substr(basename($f), 6)] = file_get_contents($f);
    }
    $totals = 0;
    foreach (glob("$dir/order-*") as $f) {
        $totals += json_decode(file_get_contents($f), true)['total'];
    }
    answer(200, ['logins' => counted($dir, 'logins'), 'logouts' => counted($dir, 'logouts'), 'orders' => counted($dir, 'orders'),
        'reads' => counted($dir, 'reads'), 'totals' => $totals, 'foreign' => counted($dir, 'foreign'), 'drawn' => counted($dir, 'drawn'),
        'basicOk' => counted($dir, 'basic-ok'), 'basicDenied' => counted($dir, 'basic-denied'),
        'loginsByUser' => (object) $byUser]);
}
if ($method === 'POST' && $path === '/session/login') {
    session_start();
    $_SESSION['user'] = $_POST['user'];
    $_SESSION['cart'] = [];
    answer(200, ['user' => $_POST['user']]);
}
if ($method === 'POST' && $path === '/session/cart') {
    $user = session_user();
    if (strpos($_POST['item'], "u$user-") !== 0) {
        count_up($dir, 'foreign'); // an item of another user's in this session: the jar mixed sessions
    }
    if (preg_match('/-[1-9][0-9][0-9]$/', $_POST['item'])) {
        count_up($dir, 'drawn'); // an item whose name ends in a random number from 100 to 999
    }
    $_SESSION['cart'][] = $_POST['item'];
    answer(200, ['count' => count($_SESSION['cart'])]);
}
if ($method === 'GET' && $path === '/session/cart') {
    $user = session_user();
    $own = count(array_filter($_SESSION['cart'], fn($i) => strpos($i, "u$user-") === 0));
    answer(200, ['user' => $user, 'count' => count($_SESSION['cart']), 'own' => $own, 'last' => end($_SESSION['cart'])]);
}
answer(404, ['error' => "no $method $path"]);
