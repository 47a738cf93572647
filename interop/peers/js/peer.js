"use strict";
// The JavaScript peer of the interop matrix (see ../../PROTOCOL.md):
// @msgpack/msgpack's decode / encode on plain JavaScript values.
const fs = require("fs");

const work = process.env.INTEROP_WORK;
if (!work) {
  console.error("INTEROP_WORK must be set (run setup first)");
  process.exit(2);
}
const msgpack = require(require.resolve("@msgpack/msgpack", { paths: [work] }));
const { ExtData, ExtensionCodec, EXT_TIMESTAMP, encodeTimeSpecToTimestamp } = msgpack;

// A codec of our own (not the shared default one) in which the built-in
// timestamp decoder is replaced: ext -1 stays an ExtData, byte for byte,
// instead of becoming a Date (milliseconds: nanoseconds would be lost).
// Registering a negative type replaces the built-in entry
// (ExtensionCodec.register; README note *5). Every other type has no
// decoder, and ExtensionCodec.decode returns an ExtData for those; the
// encoder writes an ExtData back as it is.
const rawCodec = new ExtensionCodec();
rawCodec.register({
  type: EXT_TIMESTAMP,
  encode: () => null,
  decode: (data, type) => new ExtData(type, data),
});

const decodeOptions = {
  extensionCodec: rawCodec,
  // int 64 / uint 64 become bigint, exact; every other int stays a number.
  useBigInt64: true,
};
const encodeOptions = {
  extensionCodec: rawCodec,
  // bigint is written as int 64 / uint 64 again.
  useBigInt64: true,
  // The default (100) refuses nesting that the matrix sends.
  maxDepth: 100000,
};

function readFrames(path) {
  const data = fs.readFileSync(path);
  const frames = [];
  let pos = 0;
  while (pos < data.length) {
    if (pos + 4 > data.length) throw new Error(`truncated frame header at byte ${pos}`);
    const n = data.readUInt32BE(pos);
    pos += 4;
    if (pos + n > data.length) {
      throw new Error(`frame at byte ${pos - 4} wants ${n} bytes, ${data.length - pos} left`);
    }
    frames.push(data.subarray(pos, pos + n));
    pos += n;
  }
  return frames;
}

function frame(bytes) {
  const header = Buffer.alloc(4);
  header.writeUInt32BE(bytes.length);
  return [header, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)];
}

function errorFrame(message) {
  return [Buffer.from([0xff, 0xff, 0xff, 0xff]), ...frame(Buffer.from(String(message), "utf8"))];
}

function roundtrip(input, output) {
  const out = [];
  for (const bytes of readFrames(input)) {
    try {
      // decode() throws RangeError when bytes follow the value or when the
      // value is cut short: the whole frame is one value.
      const value = msgpack.decode(bytes, decodeOptions);
      out.push(...frame(msgpack.encode(value, encodeOptions)));
    } catch (e) {
      out.push(...errorFrame(`${e && e.name}: ${e && e.message}`));
    }
  }
  fs.writeFileSync(output, Buffer.concat(out));
}

function edgeValues() {
  const v = [];
  // Numbers that the encoder writes as integers (useBigInt64: int 32 /
  // uint 32 ranges) and bigints (always int 64 / uint 64).
  v.push(0, 1, 127, 128, 255, 256, 65535, 65536, 4294967295);
  v.push(-1, -31, -32, -33, -127, -128, -129, -32767, -32768, -32769, -2147483647, -2147483648);
  v.push(2n ** 32n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 64n - 1n, 2n ** 53n + 1n, 0n, 1n);
  v.push(-(2n ** 31n) - 1n, -(2n ** 53n) - 1n, -(2n ** 63n) + 1n, -(2n ** 63n), -1n);
  // Numbers that are not int 32 are written as float 64.
  v.push(1.5, 0.1, -0.5, 2 ** 53, -(2 ** 40), Infinity, -Infinity, NaN,
    Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, 1e300, 3.4028234663852886e38);
  v.push(null, true, false);
  // str and bin around every length boundary.
  for (const n of [0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536]) {
    v.push("s".repeat(n));
    v.push(new Uint8Array(n).fill(7));
  }
  v.push("h\u00e9llo \u2603 \u{1F600}");
  // Arrays and maps (objects: str keys) around 15/16 and 65535/65536.
  for (const n of [0, 1, 15, 16, 65535, 65536]) {
    v.push(Array.from({ length: n }, (_, i) => i % 100));
    const m = {};
    for (let i = 0; i < n; i++) m[`k${i}`] = i;
    v.push(m);
  }
  // Nesting.
  let deep = "leaf";
  for (let i = 0; i < 40; i++) deep = i % 2 === 0 ? [deep] : { k: deep };
  v.push(deep);
  v.push([null, [], {}, [[[]]], { a: { b: { c: [1, "x", new Uint8Array([1, 2])] } } }]);
  // Every fixext size, and ext 8/16/32 around their boundaries.
  for (const n of [1, 2, 4, 8, 16, 0, 3, 17, 255, 256, 65535, 65536]) {
    v.push(new ExtData(42, new Uint8Array(n).fill(7)));
  }
  v.push(new ExtData(127, new Uint8Array([1])), new ExtData(-128, new Uint8Array([1])));
  // Timestamps as the library writes them: Date through the default codec
  // (milliseconds), and encodeTimeSpecToTimestamp for the layouts a Date
  // cannot reach (nanoseconds, seconds beyond a Date's range).
  for (const ms of [0, 1000, (2 ** 32 - 1) * 1000, 2 ** 32 * 1000, 1, (2 ** 34 - 1) * 1000 + 999, 2 ** 34 * 1000, -1, -1000, 8.64e15, -8.64e15]) {
    v.push(new Date(ms));
  }
  for (const [sec, nsec] of [[0, 1], [2 ** 34 - 1, 999999999], [-1, 999999999], [-(2 ** 53) + 1, 0], [2 ** 53 - 1, 999999999]]) {
    v.push(new ExtData(EXT_TIMESTAMP, encodeTimeSpecToTimestamp({ sec, nsec })));
  }
  return v;
}

function edge(output) {
  // The default codec: Date is written as a timestamp.
  const options = { useBigInt64: true, maxDepth: 100000 };
  const out = [];
  for (const value of edgeValues()) out.push(...frame(msgpack.encode(value, options)));
  fs.writeFileSync(output, Buffer.concat(out));
}

const [mode, ...args] = process.argv.slice(2);
if (mode === "roundtrip" && args.length === 2) {
  roundtrip(args[0], args[1]);
} else if (mode === "edge" && args.length === 1) {
  edge(args[0]);
} else {
  console.error(`usage: run roundtrip IN OUT | run edge OUT (mode ${JSON.stringify(mode)} is not implemented)`);
  process.exit(2);
}
