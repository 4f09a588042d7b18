<?php
// A user's own REST service for the tests, on PHP's built-in web server: the project's test OpenAPI
// specs (../openapi) served with this server's address in them, and the operations they describe
// under /api. Under /api-v0 an older build answers getItem in a shape the spec does not allow.
// /orders answers as the FastAPI service of orders-fastapi.json, /springdoc/items as the Spring
// service of items-springdoc.json (its spec says every answer is */*).
$specDir = realpath(__DIR__ . '/../openapi');
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$method = $_SERVER['REQUEST_METHOD'];
$host = $_SERVER['HTTP_HOST'];

function answer(int $status, array $body): bool {
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($body);
    return true;
}

if ($path === '/ready') {
    header('Content-Type: text/plain');
    echo 'ready';
    return true;
}
if (preg_match('#^/spec/([a-z0-9-]+\.(yaml|json))$#', $path, $m) && is_file("$specDir/$m[1]")) {
    header('Content-Type: ' . ($m[2] === 'json' ? 'application/json' : 'application/yaml'));
    echo str_replace('http://127.0.0.1:8080', "http://$host", file_get_contents("$specDir/$m[1]"));
    return true;
}
if ($method === 'GET' && $path === '/api/add') {
    if (!isset($_GET['a'], $_GET['b']) || !is_numeric($_GET['a']) || !is_numeric($_GET['b'])) {
        return answer(400, ['error' => 'a and b are numbers']);
    }
    return answer(200, ['sum' => intval($_GET['a']) + intval($_GET['b'])]);
}
if ($method === 'GET' && preg_match('#^/api(-v0)?/items/([0-9]+)$#', $path, $m)) {
    $id = intval($m[2]);
    if ($id > 100) {
        return answer(404, ['error' => "no item $id"]);
    }
    $currency = $_GET['currency'] ?? 'EUR';
    if ($m[1] === '-v0') {
        return answer(200, ['id' => "$id", 'label' => "item $id", 'price' => $id * 1.5]);
    }
    return answer(200, ['id' => $id, 'name' => "item $id", 'price' => $id * 1.5, 'currency' => $currency,
        'note' => $_SERVER['HTTP_X_CLIENT'] ?? null]);
}
if ($method === 'POST' && $path === '/api/orders') {
    $order = json_decode(file_get_contents('php://input'), true);
    if (!is_array($order) || !isset($order['item'], $order['quantity'], $order['customer']['name'])
        || !is_int($order['quantity'])) {
        return answer(400, ['error' => 'not an order: ' . json_last_error_msg()]);
    }
    $prices = ['apple' => 0.5, 'pear' => 0.75, 'fig' => 2.0];
    $price = $prices[$order['item']] ?? 1.0;
    return answer(201, ['id' => 'o-' . substr(md5(json_encode($order)), 0, 8), 'item' => $order['item'],
        'quantity' => $order['quantity'], 'total' => $order['quantity'] * $price * (empty($order['express']) ? 1 : 2),
        'customer' => $order['customer']['name']]);
}
if ($method === 'POST' && $path === '/orders') {
    // as FastAPI's placeOrder: a 422 for a body its model refuses; the receipt names the fields it was sent
    $order = json_decode(file_get_contents('php://input'), true);
    if (!is_array($order) || !isset($order['item'], $order['quantity'], $order['unitPrice']) || !is_int($order['quantity'])
        || !is_numeric($order['unitPrice']) || (array_key_exists('note', $order) && !is_null($order['note']) && !is_string($order['note']))) {
        return answer(422, ['detail' => [['loc' => ['body'], 'msg' => 'not an order', 'type' => 'value_error']]]);
    }
    return answer(200, ['item' => $order['item'], 'quantity' => $order['quantity'], 'total' => $order['quantity'] * $order['unitPrice'],
        'note' => $order['note'] ?? null, 'fields' => implode(',', array_keys($order))]);
}
if ($method === 'GET' && preg_match('#^/springdoc/items/([0-9]+)$#', $path, $m)) {
    // items over 50 come from a table whose prices are words: answers the spec's Item does not allow
    $id = intval($m[1]);
    return answer(200, ['id' => $id, 'name' => "item $id", 'price' => $id > 50 ? 'ask' : $id * 1.5]);
}
return answer(404, ['error' => "no such path: $method $path"]);
