/*
 * msgpack-c interop peer (interop/PROTOCOL.md).
 *
 *   roundtrip IN OUT  decode every frame of IN with msgpack_unpack_next into
 *                     a msgpack_object, re-encode it with msgpack_pack_object,
 *                     write one frame per value to OUT (error frames for
 *                     values that fail).
 *   edge OUT          write msgpack-c's own boundary values, one per frame,
 *                     with the msgpack_pack_* API.
 */
#include <msgpack.h>

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("msgpack-c peer: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(1);
}

static void write_all(FILE *out, const void *buf, size_t len) {
    if (len > 0 && fwrite(buf, 1, len, out) != len) die("write failed: %s", strerror(errno));
}

static void write_frame(FILE *out, const char *buf, size_t len) {
    unsigned char hdr[4];
    if (len >= 0xffffffffu) die("frame of %zu bytes is too large", len);
    hdr[0] = (unsigned char)(len >> 24);
    hdr[1] = (unsigned char)(len >> 16);
    hdr[2] = (unsigned char)(len >> 8);
    hdr[3] = (unsigned char)len;
    write_all(out, hdr, 4);
    write_all(out, buf, len);
}

static void write_error(FILE *out, const char *fmt, ...) {
    static const unsigned char marker[4] = {0xff, 0xff, 0xff, 0xff};
    char msg[512];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof msg) n = (int)sizeof msg - 1;
    write_all(out, marker, 4);
    write_frame(out, msg, (size_t)n);
}

static unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f) die("cannot open %s: %s", path, strerror(errno));
    for (;;) {
        size_t got;
        if (n == cap) {
            cap = cap ? cap * 2 : 1 << 16;
            buf = realloc(buf, cap);
            if (!buf) die("out of memory reading %s", path);
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) die("cannot read %s: %s", path, strerror(errno));
            break;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static FILE *open_out(const char *path) {
    FILE *f = fopen(path, "wb");
    if (!f) die("cannot create %s: %s", path, strerror(errno));
    return f;
}

static void close_out(FILE *f, const char *path) {
    if (fclose(f) != 0) die("cannot write %s: %s", path, strerror(errno));
}

/* ---------------------------------------------------------------- roundtrip */

static void roundtrip_one(FILE *out, const char *data, size_t len) {
    msgpack_unpacked result;
    msgpack_unpack_return ret;
    size_t off = 0;

    if (len == 0) {
        write_error(out, "msgpack-c: empty frame (no value)");
        return;
    }
    msgpack_unpacked_init(&result);
    ret = msgpack_unpack_next(&result, data, len, &off);
    switch (ret) {
    case MSGPACK_UNPACK_SUCCESS:
    case MSGPACK_UNPACK_EXTRA_BYTES:
        if (off != len) {
            write_error(out, "msgpack-c: %zu trailing byte(s) after the value (value is %zu of %zu bytes)",
                        len - off, off, len);
        } else {
            msgpack_sbuffer sbuf;
            msgpack_packer pk;
            msgpack_sbuffer_init(&sbuf);
            msgpack_packer_init(&pk, &sbuf, msgpack_sbuffer_write);
            if (msgpack_pack_object(&pk, result.data) != 0) {
                write_error(out, "msgpack-c: msgpack_pack_object failed");
            } else {
                write_frame(out, sbuf.data, sbuf.size);
            }
            msgpack_sbuffer_destroy(&sbuf);
        }
        break;
    case MSGPACK_UNPACK_CONTINUE:
        write_error(out, "msgpack-c: value truncated (msgpack_unpack_next: MSGPACK_UNPACK_CONTINUE after %zu bytes)", len);
        break;
    case MSGPACK_UNPACK_PARSE_ERROR:
        write_error(out, "msgpack-c: parse error (msgpack_unpack_next: MSGPACK_UNPACK_PARSE_ERROR)");
        break;
    case MSGPACK_UNPACK_NOMEM_ERROR:
        /* also what the unpacker returns past MSGPACK_EMBED_STACK_SIZE (32,
         * unpack_define.h, compiled into libmsgpackc) nested containers */
        write_error(out, "msgpack-c: out of memory or nested deeper than 32 containers (msgpack_unpack_next: MSGPACK_UNPACK_NOMEM_ERROR)");
        break;
    default:
        write_error(out, "msgpack-c: msgpack_unpack_next returned %d", (int)ret);
        break;
    }
    msgpack_unpacked_destroy(&result);
}

static int do_roundtrip(const char *in_path, const char *out_path) {
    size_t len, pos = 0;
    unsigned char *buf = read_file(in_path, &len);
    FILE *out = open_out(out_path);
    while (pos < len) {
        size_t n;
        if (len - pos < 4) die("%s: truncated frame header at byte %zu", in_path, pos);
        n = ((size_t)buf[pos] << 24) | ((size_t)buf[pos + 1] << 16) | ((size_t)buf[pos + 2] << 8) | buf[pos + 3];
        pos += 4;
        if (n > len - pos) die("%s: frame at byte %zu claims %zu bytes, %zu left", in_path, pos - 4, n, len - pos);
        roundtrip_one(out, (const char *)buf + pos, n);
        pos += n;
    }
    close_out(out, out_path);
    free(buf);
    return 0;
}

/* --------------------------------------------------------------------- edge */

static FILE *edge_out;
static msgpack_sbuffer edge_buf;
static msgpack_packer pk;
static size_t edge_count;

static void begin(void) {
    msgpack_sbuffer_clear(&edge_buf);
}

static void end(void) {
    write_frame(edge_out, edge_buf.data, edge_buf.size);
    edge_count++;
}

static void check(int rc, const char *what) {
    if (rc != 0) die("edge: %s failed", what);
}

#define PACK(call) check((call), #call)
#define ONE(call)   \
    do {            \
        begin();    \
        PACK(call); \
        end();      \
    } while (0)

static char *filled(size_t n, char c) {
    char *p = malloc(n ? n : 1);
    if (!p) die("out of memory");
    memset(p, c, n);
    return p;
}

static void str_of(size_t n) {
    char *s = filled(n, 'a');
    size_t i;
    for (i = 0; i < n; i++) s[i] = (char)('a' + i % 26);
    begin();
    PACK(msgpack_pack_str_with_body(&pk, s, n));
    end();
    free(s);
}

static void bin_of(size_t n) {
    char *b = filled(n, 0);
    size_t i;
    for (i = 0; i < n; i++) b[i] = (char)(i * 7);
    begin();
    PACK(msgpack_pack_bin_with_body(&pk, b, n));
    end();
    free(b);
}

static void ext_of(int8_t type, size_t n) {
    char *b = filled(n, 0);
    size_t i;
    for (i = 0; i < n; i++) b[i] = (char)(i + 1);
    begin();
    PACK(msgpack_pack_ext_with_body(&pk, b, n, type));
    end();
    free(b);
}

static void array_of(size_t n) {
    size_t i;
    begin();
    PACK(msgpack_pack_array(&pk, n));
    for (i = 0; i < n; i++) PACK(msgpack_pack_uint32(&pk, (uint32_t)(i % 300)));
    end();
}

static void map_of(size_t n) {
    size_t i;
    begin();
    PACK(msgpack_pack_map(&pk, n));
    for (i = 0; i < n; i++) {
        PACK(msgpack_pack_uint32(&pk, (uint32_t)i));
        if (i % 2) PACK(msgpack_pack_true(&pk));
        else PACK(msgpack_pack_nil(&pk));
    }
    end();
}

static void timestamp(int64_t sec, uint32_t nsec) {
    msgpack_timestamp ts;
    ts.tv_sec = sec;
    ts.tv_nsec = nsec;
    begin();
    PACK(msgpack_pack_timestamp(&pk, &ts));
    end();
}

static float f32_bits(uint32_t bits) {
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

static double f64_bits(uint64_t bits) {
    double d;
    memcpy(&d, &bits, 8);
    return d;
}

static int do_edge(const char *out_path) {
    size_t i;
    static const size_t str_lens[] = {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536};
    static const size_t bin_lens[] = {0, 1, 31, 32, 255, 256, 65535, 65536};
    static const size_t coll_lens[] = {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536};
    static const size_t ext_lens[] = {1, 2, 4, 8, 16, 0, 3, 5, 17, 255, 256, 65535, 65536};

    edge_out = open_out(out_path);
    msgpack_sbuffer_init(&edge_buf);
    msgpack_packer_init(&pk, &edge_buf, msgpack_sbuffer_write);

    /* nil, bool */
    ONE(msgpack_pack_nil(&pk));
    ONE(msgpack_pack_true(&pk));
    ONE(msgpack_pack_false(&pk));

    /* unsigned widths (each packer picks the smallest form for the value) */
    ONE(msgpack_pack_uint8(&pk, 0));
    ONE(msgpack_pack_uint8(&pk, 127));
    ONE(msgpack_pack_uint8(&pk, 128));
    ONE(msgpack_pack_uint8(&pk, UINT8_MAX));
    ONE(msgpack_pack_uint16(&pk, 256));
    ONE(msgpack_pack_uint16(&pk, UINT16_MAX));
    ONE(msgpack_pack_uint32(&pk, 65536));
    ONE(msgpack_pack_uint32(&pk, UINT32_MAX));
    ONE(msgpack_pack_uint64(&pk, 0));
    ONE(msgpack_pack_uint64(&pk, 1));
    ONE(msgpack_pack_uint64(&pk, UINT32_MAX));
    ONE(msgpack_pack_uint64(&pk, (uint64_t)UINT32_MAX + 1));
    ONE(msgpack_pack_uint64(&pk, (uint64_t)1 << 53));
    ONE(msgpack_pack_uint64(&pk, ((uint64_t)1 << 53) + 1));
    ONE(msgpack_pack_uint64(&pk, (uint64_t)INT64_MAX));
    ONE(msgpack_pack_uint64(&pk, (uint64_t)INT64_MAX + 1));
    ONE(msgpack_pack_uint64(&pk, UINT64_MAX));
    ONE(msgpack_pack_unsigned_long_long(&pk, UINT64_MAX - 1));

    /* signed widths */
    ONE(msgpack_pack_int8(&pk, 0));
    ONE(msgpack_pack_int8(&pk, -1));
    ONE(msgpack_pack_int8(&pk, -32));
    ONE(msgpack_pack_int8(&pk, -33));
    ONE(msgpack_pack_int8(&pk, INT8_MIN));
    ONE(msgpack_pack_int8(&pk, INT8_MAX));
    ONE(msgpack_pack_int16(&pk, -129));
    ONE(msgpack_pack_int16(&pk, INT16_MIN));
    ONE(msgpack_pack_int16(&pk, INT16_MAX));
    ONE(msgpack_pack_int32(&pk, INT16_MIN - 1));
    ONE(msgpack_pack_int32(&pk, INT32_MIN));
    ONE(msgpack_pack_int32(&pk, INT32_MAX));
    ONE(msgpack_pack_int64(&pk, (int64_t)INT32_MIN - 1));
    ONE(msgpack_pack_int64(&pk, -((int64_t)1 << 53)));
    ONE(msgpack_pack_int64(&pk, -((int64_t)1 << 53) - 1));
    ONE(msgpack_pack_int64(&pk, INT64_MIN));
    ONE(msgpack_pack_int64(&pk, INT64_MIN + 1));
    ONE(msgpack_pack_int64(&pk, INT64_MAX));
    ONE(msgpack_pack_long_long(&pk, -2));

    /* the fix_* (fixed width) packers, at values whose fixed form is also
     * the smallest one (any other value would be re-encoded shorter by every
     * other implementation, msgpack-c's own msgpack_pack_object included) */
    ONE(msgpack_pack_fix_uint8(&pk, 128));
    ONE(msgpack_pack_fix_uint8(&pk, UINT8_MAX));
    ONE(msgpack_pack_fix_uint16(&pk, 256));
    ONE(msgpack_pack_fix_uint16(&pk, UINT16_MAX));
    ONE(msgpack_pack_fix_uint32(&pk, 65536));
    ONE(msgpack_pack_fix_uint32(&pk, UINT32_MAX));
    ONE(msgpack_pack_fix_uint64(&pk, (uint64_t)UINT32_MAX + 1));
    ONE(msgpack_pack_fix_uint64(&pk, UINT64_MAX));
    ONE(msgpack_pack_fix_int8(&pk, -33));
    ONE(msgpack_pack_fix_int8(&pk, INT8_MIN));
    ONE(msgpack_pack_fix_int16(&pk, -129));
    ONE(msgpack_pack_fix_int16(&pk, INT16_MIN));
    ONE(msgpack_pack_fix_int32(&pk, INT16_MIN - 1));
    ONE(msgpack_pack_fix_int32(&pk, INT32_MIN));
    ONE(msgpack_pack_fix_int64(&pk, (int64_t)INT32_MIN - 1));
    ONE(msgpack_pack_fix_int64(&pk, INT64_MIN));

    /* float 32 */
    ONE(msgpack_pack_float(&pk, 0.0f));
    ONE(msgpack_pack_float(&pk, -0.0f));
    ONE(msgpack_pack_float(&pk, 1.5f));
    ONE(msgpack_pack_float(&pk, -1.0f));
    ONE(msgpack_pack_float(&pk, FLT_MAX));
    ONE(msgpack_pack_float(&pk, -FLT_MAX));
    ONE(msgpack_pack_float(&pk, FLT_MIN));
    ONE(msgpack_pack_float(&pk, f32_bits(0x00000001u))); /* smallest subnormal */
    ONE(msgpack_pack_float(&pk, INFINITY));
    ONE(msgpack_pack_float(&pk, -INFINITY));
    ONE(msgpack_pack_float(&pk, NAN));
    ONE(msgpack_pack_float(&pk, f32_bits(0x7f800001u))); /* signalling NaN */
    ONE(msgpack_pack_float(&pk, f32_bits(0xffc00000u))); /* negative quiet NaN */

    /* float 64 */
    ONE(msgpack_pack_double(&pk, 0.0));
    ONE(msgpack_pack_double(&pk, -0.0));
    ONE(msgpack_pack_double(&pk, 0.1));
    ONE(msgpack_pack_double(&pk, -1.0));
    ONE(msgpack_pack_double(&pk, 9007199254740992.0));  /* 2^53 */
    ONE(msgpack_pack_double(&pk, 18446744073709551616.0)); /* 2^64 */
    ONE(msgpack_pack_double(&pk, DBL_MAX));
    ONE(msgpack_pack_double(&pk, -DBL_MAX));
    ONE(msgpack_pack_double(&pk, DBL_MIN));
    ONE(msgpack_pack_double(&pk, f64_bits(1))); /* smallest subnormal */
    ONE(msgpack_pack_double(&pk, INFINITY));
    ONE(msgpack_pack_double(&pk, -INFINITY));
    ONE(msgpack_pack_double(&pk, (double)NAN));
    ONE(msgpack_pack_double(&pk, f64_bits(0x7ff0000000000001ull))); /* signalling NaN */
    ONE(msgpack_pack_double(&pk, f64_bits(0xfff8000000000000ull))); /* negative quiet NaN */

    /* str, bin */
    for (i = 0; i < sizeof str_lens / sizeof *str_lens; i++) str_of(str_lens[i]);
    begin();
    PACK(msgpack_pack_str_with_body(&pk, "h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80", 15));
    end();
    begin();
    PACK(msgpack_pack_str_with_body(&pk, "a\0b", 3)); /* embedded NUL */
    end();
    for (i = 0; i < sizeof bin_lens / sizeof *bin_lens; i++) bin_of(bin_lens[i]);

    /* array, map headers */
    for (i = 0; i < sizeof coll_lens / sizeof *coll_lens; i++) array_of(coll_lens[i]);
    for (i = 0; i < sizeof coll_lens / sizeof *coll_lens; i++) map_of(coll_lens[i]);

    /* ext: fixext 1/2/4/8/16, ext 8 (0, 3, 5, 17, 255), ext 16, ext 32 */
    for (i = 0; i < sizeof ext_lens / sizeof *ext_lens; i++) ext_of((int8_t)(i % 2 ? 127 : 1), ext_lens[i]);
    ext_of(-128, 1);
    ext_of(-2, 4);
    ext_of(0, 8);

    /* timestamps at each layout boundary */
    timestamp(0, 0);                                /* ts 32 */
    timestamp(1, 0);
    timestamp(UINT32_MAX, 0);                       /* ts 32, last */
    timestamp((int64_t)UINT32_MAX + 1, 0);          /* ts 64 */
    timestamp(0, 1);                                /* ts 64 */
    timestamp(1, 999999999);
    timestamp(((int64_t)1 << 34) - 1, 999999999);   /* ts 64, last */
    timestamp((int64_t)1 << 34, 0);                 /* ts 96 */
    timestamp(-1, 0);                               /* ts 96, before the epoch */
    timestamp(-1, 999999999);
    timestamp(INT64_MIN, 0);
    timestamp(INT64_MAX, 999999999);

    /* nesting */
    begin(); /* 32 levels: msgpack-c's unpacker stack (MSGPACK_EMBED_STACK_SIZE) */
    for (i = 0; i < 31; i++) PACK(msgpack_pack_array(&pk, 1));
    PACK(msgpack_pack_array(&pk, 0));
    end();
    begin(); /* {"a": [1, {"b": [nil, true, -1.5]}], "c": {}} */
    PACK(msgpack_pack_map(&pk, 2));
    PACK(msgpack_pack_str_with_body(&pk, "a", 1));
    PACK(msgpack_pack_array(&pk, 2));
    PACK(msgpack_pack_int(&pk, 1));
    PACK(msgpack_pack_map(&pk, 1));
    PACK(msgpack_pack_str_with_body(&pk, "b", 1));
    PACK(msgpack_pack_array(&pk, 3));
    PACK(msgpack_pack_nil(&pk));
    PACK(msgpack_pack_true(&pk));
    PACK(msgpack_pack_double(&pk, -1.5));
    PACK(msgpack_pack_str_with_body(&pk, "c", 1));
    PACK(msgpack_pack_map(&pk, 0));
    end();
    begin(); /* keys of every kind: int, nil, bool, float, bin, array, map, ext */
    PACK(msgpack_pack_map(&pk, 9));
    PACK(msgpack_pack_int(&pk, -5));
    PACK(msgpack_pack_str_with_body(&pk, "neg", 3));
    PACK(msgpack_pack_nil(&pk));
    PACK(msgpack_pack_int(&pk, 0));
    PACK(msgpack_pack_false(&pk));
    PACK(msgpack_pack_int(&pk, 1));
    PACK(msgpack_pack_float(&pk, 2.5f));
    PACK(msgpack_pack_int(&pk, 2));
    PACK(msgpack_pack_bin_with_body(&pk, "\x00\x01", 2));
    PACK(msgpack_pack_int(&pk, 3));
    PACK(msgpack_pack_array(&pk, 2));
    PACK(msgpack_pack_int(&pk, 1));
    PACK(msgpack_pack_int(&pk, 2));
    PACK(msgpack_pack_int(&pk, 4));
    PACK(msgpack_pack_map(&pk, 1));
    PACK(msgpack_pack_str_with_body(&pk, "k", 1));
    PACK(msgpack_pack_str_with_body(&pk, "v", 1));
    PACK(msgpack_pack_int(&pk, 5));
    PACK(msgpack_pack_ext_with_body(&pk, "\x2a", 1, 7));
    PACK(msgpack_pack_int(&pk, 6));
    PACK(msgpack_pack_uint64(&pk, UINT64_MAX));
    PACK(msgpack_pack_int(&pk, 7));
    end();
    begin(); /* an array of one of each kind */
    PACK(msgpack_pack_array(&pk, 10));
    PACK(msgpack_pack_nil(&pk));
    PACK(msgpack_pack_true(&pk));
    PACK(msgpack_pack_int64(&pk, INT64_MIN));
    PACK(msgpack_pack_uint64(&pk, UINT64_MAX));
    PACK(msgpack_pack_float(&pk, 0.25f));
    PACK(msgpack_pack_double(&pk, 0.25));
    PACK(msgpack_pack_str_with_body(&pk, "", 0));
    PACK(msgpack_pack_bin_with_body(&pk, "", 0));
    PACK(msgpack_pack_array(&pk, 0));
    {
        msgpack_timestamp ts = {1700000000, 123456789};
        PACK(msgpack_pack_timestamp(&pk, &ts));
    }
    end();

    msgpack_sbuffer_destroy(&edge_buf);
    close_out(edge_out, out_path);
    fprintf(stderr, "msgpack-c peer: wrote %zu edge values\n", edge_count);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "roundtrip") == 0) return do_roundtrip(argv[2], argv[3]);
    if (argc == 3 && strcmp(argv[1], "edge") == 0) return do_edge(argv[2]);
    fprintf(stderr, "usage: %s roundtrip IN OUT | edge OUT\n", argv[0]);
    return 2;
}
