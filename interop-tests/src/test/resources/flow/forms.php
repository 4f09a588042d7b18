<?php
// A small web application with forms, for FlowFormsTest: a login page whose hidden CSRF token is
// kept in PHP's session, a login form that must carry it, a note form whose fields the server echoes
// as it decoded them, and an upload whose file it measures. Every answer is HTML, as a browser gets it.
session_start();
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
header('X-Frame-Options: DENY');
header('Content-Type: text/html; charset=utf-8');
$h = fn($s) => htmlspecialchars($s, ENT_QUOTES, 'UTF-8');

if ($path === '/login' && $_SERVER['REQUEST_METHOD'] === 'GET') {
    $_SESSION['csrf'] = bin2hex(random_bytes(16)) . '+/=';
    echo "<!DOCTYPE html><html><head><title>Log in | Notes</title></head><body><form method='post' action='/login'>"
        . "<input type='hidden' name='csrf' value='" . $h($_SESSION['csrf']) . "'>"
        . "<input name='user'><input type='password' name='password'></form></body></html>";
    exit;
}
if ($path === '/login') {
    if (($_POST['csrf'] ?? '') !== ($_SESSION['csrf'] ?? null)) {
        http_response_code(403);
        echo "<p class='error'>CSRF verification failed</p>";
        exit;
    }
    $_SESSION['user'] = $_POST['user'] ?? '';
    echo "<!DOCTYPE html><html><body><p id='welcome'>Welcome, " . $h($_SESSION['user']) . "</p></body></html>";
    exit;
}
if (!isset($_SESSION['user'])) {
    http_response_code(302);
    header('Location: /login');
    exit;
}
if ($path === '/notes') {
    // the fields as PHP decoded them, each in an element of its own
    echo "<!DOCTYPE html><html><body><ul class='messagelist'><li class='success'>Note saved</li></ul>";
    foreach ($_POST as $k => $v) {
        echo "<p id='" . $h($k) . "' data-length='" . strlen($v) . "'>" . $h($v) . "</p>";
    }
    echo "<a id='owner' href='/users/" . rawurlencode($_SESSION['user']) . "'>" . $h($_SESSION['user']) . "</a></body></html>";
    exit;
}
if ($path === '/upload') {
    $f = $_FILES['attachment'] ?? null;
    echo "<!DOCTYPE html><html><body><p id='title'>" . $h($_POST['title'] ?? '') . "</p>"
        . "<p id='file' data-size='" . ($f ? $f['size'] : -1) . "' data-type='" . $h($f ? $f['type'] : '') . "'>"
        . $h($f ? $f['name'] : 'none') . "</p><p id='sha1'>" . ($f ? sha1_file($f['tmp_name']) : '') . "</p></body></html>";
    exit;
}
http_response_code(404);
echo "<p>not found</p>";
