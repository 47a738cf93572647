<?php
// The PHP peer of the interop matrix (see ../../PROTOCOL.md): php-msgpack's
// msgpack_unpack / msgpack_pack on plain PHP values.
declare(strict_types=1);

// php_only=0: maps decode to PHP arrays (not stdClass) and nothing is read
// or written as php-msgpack's own object serialization format.
ini_set('msgpack.php_only', '0');
// str 8 (0xd9) for strings of 32..255 bytes, as the current spec says.
ini_set('msgpack.use_str8_serialization', '1');
// The decoder reports malformed input, extra bytes after the value and
// illegal map keys as warnings (and still returns something): every warning
// during one value makes that value an error frame.
ini_set('msgpack.error_display', '1');
set_error_handler(function (int $no, string $msg, string $file, int $line): bool {
    throw new ErrorException($msg, 0, $no, $file, $line);
});

function read_frames(string $path): array {
    $data = file_get_contents($path);
    if ($data === false) {
        throw new RuntimeException("cannot read $path");
    }
    $frames = [];
    $pos = 0;
    $len = strlen($data);
    while ($pos < $len) {
        if ($pos + 4 > $len) {
            throw new RuntimeException("truncated frame header at byte $pos");
        }
        $n = unpack('N', $data, $pos)[1];
        $pos += 4;
        if ($pos + $n > $len) {
            throw new RuntimeException("frame at byte " . ($pos - 4) . " wants $n bytes, " . ($len - $pos) . " left");
        }
        $frames[] = substr($data, $pos, $n);
        $pos += $n;
    }
    return $frames;
}

function frame(string $bytes): string {
    return pack('N', strlen($bytes)) . $bytes;
}

function error_frame(string $message): string {
    if (!preg_match('//u', $message)) {
        $message = preg_replace('/[\x80-\xff]/', '?', $message);
    }
    return "\xff\xff\xff\xff" . frame($message);
}

function roundtrip(string $in, string $out): void {
    $result = '';
    foreach (read_frames($in) as $bytes) {
        try {
            // msgpack_unpack('') returns null without a word: an empty frame
            // holds no value.
            if ($bytes === '') {
                throw new RuntimeException('empty frame: no value to decode');
            }
            $value = msgpack_unpack($bytes);
            // msgpack_unpack returns false (with a warning, turned into an
            // exception above) for input it cannot decode; a real false is
            // the single byte 0xc2.
            if ($value === false && $bytes !== "\xc2") {
                throw new RuntimeException('msgpack_unpack failed');
            }
            $result .= frame(msgpack_pack($value));
        } catch (Throwable $e) {
            $result .= error_frame(get_class($e) . ': ' . $e->getMessage());
        }
    }
    file_put_contents($out, $result);
}

function edge_values(): array {
    $v = [];
    // Every integer width's limits; PHP's int is a signed 64-bit integer.
    foreach ([0, 1, 127, 128, 255, 256, 65535, 65536, 4294967295, 4294967296, PHP_INT_MAX,
              -1, -31, -32, -33, -127, -128, -129, -32767, -32768, -32769,
              -2147483647, -2147483648, -2147483649, PHP_INT_MIN + 1, PHP_INT_MIN,
              2 ** 53, 2 ** 53 + 1, -(2 ** 53) - 1] as $i) {
        $v[] = $i;
    }
    // PHP's float is a double, written as float 64.
    foreach ([0.0, -0.0, 1.5, 0.1, INF, -INF, NAN, PHP_FLOAT_MAX, PHP_FLOAT_MIN, 5.0e-324,
              PHP_FLOAT_EPSILON, 1.0e300] as $f) {
        $v[] = $f;
    }
    $v[] = null;
    $v[] = true;
    $v[] = false;
    // Strings (always written as str) around every length boundary.
    foreach ([0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536] as $n) {
        $v[] = str_repeat('s', $n);
    }
    $v[] = "h\u{e9}llo \u{2603} \u{1F600}";
    // Lists (written as arrays) and string-keyed arrays (written as maps).
    foreach ([1, 15, 16, 65535, 65536] as $n) {
        $v[] = array_map(fn($i) => $i % 100, range(0, $n - 1));
    }
    $v[] = [];
    foreach ([1, 15, 16, 65535, 65536] as $n) {
        $m = [];
        for ($i = 0; $i < $n; $i++) {
            $m["k$i"] = $i;
        }
        $v[] = $m;
    }
    // Integer keys that do not make a list stay a map with int keys.
    $v[] = [1 => 'one', -1 => 'minus one', PHP_INT_MAX => 'max', 'x' => 'str key'];
    // Nesting.
    $deep = 'leaf';
    for ($i = 0; $i < 40; $i++) {
        $deep = ($i % 2 == 0) ? [$deep] : ['k' => $deep];
    }
    $v[] = $deep;
    $v[] = [null, [], [[[]]], ['a' => ['b' => ['c' => [1, 'x', 2.5, false]]]]];
    return $v;
}

function edge(string $out): void {
    $result = '';
    foreach (edge_values() as $value) {
        $result .= frame(msgpack_pack($value));
    }
    file_put_contents($out, $result);
}

$mode = $argv[1] ?? '';
if ($mode === 'roundtrip' && $argc === 4) {
    roundtrip($argv[2], $argv[3]);
} elseif ($mode === 'edge' && $argc === 3) {
    edge($argv[2]);
} else {
    fwrite(STDERR, "usage: run roundtrip IN OUT | run edge OUT (mode '$mode' is not implemented)\n");
    exit(2);
}
