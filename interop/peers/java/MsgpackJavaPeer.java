// msgpack-java interop peer (interop/PROTOCOL.md).
//
//   roundtrip IN OUT  MessageUnpacker.unpackValue() every frame of IN,
//                     MessagePacker.packValue() the value back, one frame per
//                     value (error frames for values that fail).
//   edge OUT          msgpack-java's own boundary values, written with the
//                     MessagePacker methods and the Value API.

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ImmutableValue;
import org.msgpack.value.Value;
import org.msgpack.value.ValueFactory;

public final class MsgpackJavaPeer {
    private MsgpackJavaPeer() {}

    public static void main(String[] args) throws Exception {
        // unpackValue() and packValue() recurse once per nesting level: run on a
        // thread with a large stack so deep values are not a StackOverflowError.
        final int[] rc = {2};
        final Throwable[] failure = {null};
        Thread t = new Thread(null, () -> {
            try {
                rc[0] = run(args);
            } catch (Throwable e) {
                failure[0] = e;
            }
        }, "peer", 1L << 30);
        t.start();
        t.join();
        if (failure[0] != null) {
            System.err.println("msgpack-java peer: " + failure[0]);
            System.exit(1);
        }
        System.exit(rc[0]);
    }

    private static int run(String[] args) throws IOException {
        if (args.length == 3 && args[0].equals("roundtrip")) return roundtrip(args[1], args[2]);
        if (args.length == 2 && args[0].equals("edge")) return edge(args[1]);
        System.err.println("usage: MsgpackJavaPeer roundtrip IN OUT | edge OUT");
        return 2;
    }

    // ------------------------------------------------------------ frames

    private static void header(OutputStream out, long n) throws IOException {
        out.write((int) (n >>> 24) & 0xff);
        out.write((int) (n >>> 16) & 0xff);
        out.write((int) (n >>> 8) & 0xff);
        out.write((int) n & 0xff);
    }

    private static void frame(OutputStream out, byte[] b) throws IOException {
        header(out, b.length);
        out.write(b);
    }

    private static void error(OutputStream out, String msg) throws IOException {
        header(out, 0xffffffffL);
        frame(out, msg.getBytes(StandardCharsets.UTF_8));
    }

    private static String describe(Throwable e) {
        String m = e.getMessage();
        return e.getClass().getSimpleName() + (m == null ? "" : ": " + m);
    }

    // ------------------------------------------------------------ roundtrip

    private static int roundtrip(String inPath, String outPath) throws IOException {
        byte[] in = Files.readAllBytes(Paths.get(inPath));
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Paths.get(outPath)), 1 << 16)) {
            int pos = 0;
            while (pos < in.length) {
                if (in.length - pos < 4) throw new IOException(inPath + ": truncated frame header at byte " + pos);
                long n = ((in[pos] & 0xffL) << 24) | ((in[pos + 1] & 0xffL) << 16) | ((in[pos + 2] & 0xffL) << 8)
                        | (in[pos + 3] & 0xffL);
                pos += 4;
                if (n > in.length - pos)
                    throw new IOException(inPath + ": frame at byte " + (pos - 4) + " claims " + n + " bytes, "
                            + (in.length - pos) + " left");
                roundtripOne(out, in, pos, (int) n);
                pos += (int) n;
            }
        }
        return 0;
    }

    private static void roundtripOne(OutputStream out, byte[] in, int off, int len) throws IOException {
        byte[] encoded;
        try {
            if (len == 0) {
                error(out, "msgpack-java: empty frame (no value)");
                return;
            }
            ImmutableValue v;
            long read;
            try (MessageUnpacker u = MessagePack.newDefaultUnpacker(in, off, len)) {
                v = u.unpackValue();
                read = u.getTotalReadBytes();
            }
            if (read != len) {
                error(out, "msgpack-java: " + (len - read) + " trailing byte(s) after the value (value is " + read
                        + " of " + len + " bytes)");
                return;
            }
            try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
                p.packValue(v);
                encoded = p.toByteArray();
            }
        } catch (Exception | StackOverflowError | OutOfMemoryError e) {
            // one bad value is one error frame (OutOfMemoryError: a length header
            // that asks for more than the heap, e.g. an array of 2^31-1 items)
            error(out, "msgpack-java: " + describe(e));
            return;
        }
        frame(out, encoded);
    }

    // ------------------------------------------------------------ edge

    private interface Packing {
        void pack(MessagePacker p) throws IOException;
    }

    private static final class Edge {
        final OutputStream out;
        int count;

        Edge(OutputStream out) {
            this.out = out;
        }

        void with(Packing f) throws IOException {
            MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
            f.pack(p);
            p.close();
            frame(out, p.toByteArray());
            count++;
        }

        void value(Value v) throws IOException {
            with(p -> p.packValue(v));
        }
    }

    private static String letters(int n) {
        char[] c = new char[n];
        for (int i = 0; i < n; i++) c[i] = (char) ('a' + i % 26);
        return new String(c);
    }

    private static byte[] bytes(int n, int mul) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * mul + (mul == 1 ? 1 : 0));
        return b;
    }

    private static int edge(String outPath) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Paths.get(outPath)), 1 << 16)) {
            Edge e = new Edge(out);

            // nil, bool
            e.with(MessagePacker::packNil);
            e.with(p -> p.packBoolean(true));
            e.with(p -> p.packBoolean(false));

            // integers: packByte/packShort/packInt/packLong pick the smallest form
            for (byte b : new byte[] {0, 1, 127, -1, -32, -33, Byte.MIN_VALUE}) e.with(p -> p.packByte(b));
            for (short s : new short[] {128, 255, 256, Short.MAX_VALUE, -129, Short.MIN_VALUE}) e.with(p -> p.packShort(s));
            for (int i : new int[] {65535, 65536, Integer.MAX_VALUE, -32769, Integer.MIN_VALUE, 0, -1})
                e.with(p -> p.packInt(i));
            for (long l : new long[] {0xffffffffL, 0x100000000L, 1L << 53, (1L << 53) + 1, Long.MAX_VALUE,
                    (long) Integer.MIN_VALUE - 1, -(1L << 53) - 1, Long.MIN_VALUE, Long.MIN_VALUE + 1, 42})
                e.with(p -> p.packLong(l));
            BigInteger two64 = BigInteger.ONE.shiftLeft(64);
            for (BigInteger bi : new BigInteger[] {BigInteger.ZERO, BigInteger.valueOf(Long.MAX_VALUE),
                    BigInteger.ONE.shiftLeft(63), two64.subtract(BigInteger.ONE), two64.subtract(BigInteger.TWO),
                    BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(-33)})
                e.with(p -> p.packBigInteger(bi));
            e.value(ValueFactory.newInteger(two64.subtract(BigInteger.ONE)));
            e.value(ValueFactory.newInteger(Long.MIN_VALUE));

            // float 32 (packFloat) and float 64 (packDouble)
            for (float f : new float[] {0.0f, -0.0f, 1.5f, -1.0f, Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_NORMAL,
                    Float.MIN_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN,
                    Float.intBitsToFloat(0xffc00000), Float.intBitsToFloat(0x7fc00001)})
                e.with(p -> p.packFloat(f));
            for (double d : new double[] {0.0, -0.0, 0.1, -1.0, 9007199254740992.0, 18446744073709551616.0,
                    Double.MAX_VALUE, -Double.MAX_VALUE, Double.MIN_NORMAL, Double.MIN_VALUE,
                    Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
                    Double.longBitsToDouble(0xfff8000000000000L), Double.longBitsToDouble(0x7ff8000000000001L),
                    Double.longBitsToDouble(0x7ff0000000000001L)})
                e.with(p -> p.packDouble(d));
            e.value(ValueFactory.newFloat(2.5f)); // the Value API's float: a float 64 on the wire

            // str: packString (ASCII and multi-byte), packRawStringHeader + payload
            for (int n : new int[] {0, 1, 15, 16, 31, 32, 255, 256, 511, 512, 65535, 65536}) {
                String s = letters(n);
                e.with(p -> p.packString(s));
            }
            e.with(p -> p.packString("h\u00e9llo \u20ac \ud83d\ude00"));
            e.with(p -> p.packString("a\u0000b"));
            // 2-byte chars: 128 of them are 256 bytes (str 16), 32768 are 65536 (str 32)
            for (int n : new int[] {15, 16, 127, 128, 300, 32767, 32768}) {
                char[] c = new char[n];
                Arrays.fill(c, '\u00e9');
                String s = new String(c);
                e.with(p -> p.packString(s));
            }
            e.with(p -> {
                byte[] raw = "raw".getBytes(StandardCharsets.UTF_8);
                p.packRawStringHeader(raw.length);
                p.writePayload(raw);
            });
            e.value(ValueFactory.newString("value api"));

            // bin
            for (int n : new int[] {0, 1, 31, 32, 255, 256, 65535, 65536}) {
                byte[] b = bytes(n, 7);
                e.with(p -> {
                    p.packBinaryHeader(b.length);
                    p.writePayload(b);
                });
            }
            e.value(ValueFactory.newBinary(new byte[] {0, (byte) 0xff}));

            // arrays and maps at the header boundaries
            for (int n : new int[] {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}) {
                e.with(p -> {
                    p.packArrayHeader(n);
                    for (int i = 0; i < n; i++) p.packInt(i % 300);
                });
            }
            for (int n : new int[] {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}) {
                e.with(p -> {
                    p.packMapHeader(n);
                    for (int i = 0; i < n; i++) {
                        p.packInt(i);
                        if (i % 2 == 1) p.packBoolean(true);
                        else p.packNil();
                    }
                });
            }
            e.value(ValueFactory.emptyArray());
            e.value(ValueFactory.emptyMap());
            e.value(ValueFactory.newArray(ValueFactory.newNil(), ValueFactory.newBoolean(true),
                    ValueFactory.newInteger(-1), ValueFactory.newString("x")));
            Map<Value, Value> m = new LinkedHashMap<>();
            m.put(ValueFactory.newString("b"), ValueFactory.newInteger(2));
            m.put(ValueFactory.newString("a"), ValueFactory.newInteger(1));
            e.value(ValueFactory.newMap(m));
            // keys of every kind: nil, bool, int, float, bin, array, map, ext
            e.value(ValueFactory.newMap(
                    ValueFactory.newNil(), ValueFactory.newInteger(0),
                    ValueFactory.newBoolean(false), ValueFactory.newInteger(1),
                    ValueFactory.newFloat(2.5), ValueFactory.newInteger(2),
                    ValueFactory.newBinary(new byte[] {0, 1}), ValueFactory.newInteger(3),
                    ValueFactory.newArray(ValueFactory.newInteger(1), ValueFactory.newInteger(2)),
                    ValueFactory.newInteger(4),
                    ValueFactory.newMap(ValueFactory.newString("k"), ValueFactory.newString("v")),
                    ValueFactory.newInteger(5),
                    ValueFactory.newExtension((byte) 7, new byte[] {42}), ValueFactory.newInteger(6),
                    ValueFactory.newInteger(-5), ValueFactory.newString("neg")));

            // ext: fixext 1/2/4/8/16, ext 8/16/32 (packExtensionTypeHeader picks the form)
            int k = 0;
            for (int n : new int[] {1, 2, 4, 8, 16, 0, 3, 5, 17, 255, 256, 65535, 65536}) {
                byte type = (byte) (k++ % 2 == 1 ? 127 : 1);
                byte[] b = bytes(n, 1);
                e.with(p -> {
                    p.packExtensionTypeHeader(type, b.length);
                    p.writePayload(b);
                });
            }
            e.value(ValueFactory.newExtension((byte) -128, new byte[] {1}));
            e.value(ValueFactory.newExtension((byte) -2, new byte[] {1, 2, 3, 4}));
            e.value(ValueFactory.newExtension((byte) 0, bytes(8, 1)));

            // timestamps (packTimestamp) at each layout boundary
            long[][] ts = {
                {0, 0}, {1, 0}, {0xffffffffL, 0}, // ts 32
                {0x100000000L, 0}, {0, 1}, {1, 999999999}, {(1L << 34) - 1, 999999999}, // ts 64
                {1L << 34, 0}, {-1, 0}, {-1, 999999999}, // ts 96
                // the ends of java.time.Instant: packTimestamp(long, int) also writes
                // seconds beyond them (up to the int64 limits), but unpackValue()
                // cannot read those back (DateTimeException), so they are no edge
                // case msgpack-java round-trips
                {Instant.MIN.getEpochSecond(), 0}, {Instant.MAX.getEpochSecond(), 999999999},
            };
            for (long[] t : ts) e.with(p -> p.packTimestamp(t[0], (int) t[1]));
            e.with(p -> p.packTimestamp(Instant.ofEpochSecond(1700000000L, 123456789)));
            e.with(p -> p.packTimestamp(-1500L)); // epoch milliseconds
            e.value(ValueFactory.newTimestamp(Instant.ofEpochSecond(1L << 34, 1)));

            // nesting
            e.with(p -> { // 64 levels of arrays
                for (int i = 0; i < 63; i++) p.packArrayHeader(1);
                p.packArrayHeader(0);
            });
            Value nested = ValueFactory.emptyMap(); // 64 levels of maps {"k": {"k": ... {}}}
            for (int i = 0; i < 63; i++) nested = ValueFactory.newMap(ValueFactory.newString("k"), nested);
            e.value(nested);
            List<Value> all = new ArrayList<>();
            all.add(ValueFactory.newNil());
            all.add(ValueFactory.newBoolean(true));
            all.add(ValueFactory.newInteger(Long.MIN_VALUE));
            all.add(ValueFactory.newInteger(two64.subtract(BigInteger.ONE)));
            all.add(ValueFactory.newFloat(0.25));
            all.add(ValueFactory.newString(""));
            all.add(ValueFactory.newBinary(new byte[0]));
            all.add(ValueFactory.emptyArray());
            all.add(ValueFactory.emptyMap());
            all.add(ValueFactory.newExtension((byte) 9, new byte[0]));
            all.add(ValueFactory.newTimestamp(1700000000L, 123456789));
            e.value(ValueFactory.newArray(all));

            System.err.println("msgpack-java peer: wrote " + e.count + " edge values");
        }
        return 0;
    }
}
