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
    return ['receipt' => ['orderId' => $o->id, 'lines' => count($lines), 'total' => sprintf('%.2f', $total),
        'status' => isset($o->card) ? 'accepted' : 'invoiced']];
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
