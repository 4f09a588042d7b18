<?php
// The operations of the test WSDLs, one per style.

// document/literal wrapped
function Add($p) {
    return ['AddResult' => $p->a + $p->b];
}

function PlaceOrder($p) {
    $o = $p->order;
    $lines = is_array($o->line) ? $o->line : [$o->line];
    $total = 0;
    foreach ($lines as $l) {
        $total += $l->quantity * $l->price;
    }
    // an order noted "break-schema" gets a status its schema's enumeration forbids: what a schema check must catch
    $status = isset($o->note) && $o->note === 'break-schema' ? 'lost' : (isset($o->card) ? 'accepted' : 'invoiced');
    return ['receipt' => ['orderId' => $o->id, 'lines' => count($lines), 'total' => sprintf('%.2f', $total),
        'status' => $status]];
}

// document/literal bare
function Square($n) {
    return $n * $n;
}

// rpc/literal
function Multiply($a, $b) {
    return $a * $b;
}

// rpc/encoded
function greet($person, $times, $style) {
    $s = trim(str_repeat('Hello ' . $person->name . '! ', $times));
    return $style === 'loud' ? strtoupper($s) : $s;
}
