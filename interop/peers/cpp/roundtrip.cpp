// msgpack-cxx interop peer (interop/PROTOCOL.md).
//
//   roundtrip IN OUT  msgpack::unpack every frame of IN into a
//                     msgpack::object_handle, msgpack::pack the object back
//                     into an sbuffer, one frame per value (error frames for
//                     values that fail).
//   edge OUT          msgpack-cxx's own boundary values, written with
//                     msgpack::packer methods and C++ types.
#include <msgpack.hpp>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <ctime>
#include <deque>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <list>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace {

[[noreturn]] void die(const std::string& msg) {
    std::cerr << "msgpack-cxx peer: " << msg << std::endl;
    std::exit(1);
}

std::vector<char> read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) die(std::string("cannot open ") + path);
    std::vector<char> buf((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) die(std::string("cannot read ") + path);
    return buf;
}

class FrameWriter {
public:
    explicit FrameWriter(const char* path) : path_(path), out_(path, std::ios::binary | std::ios::trunc) {
        if (!out_) die(std::string("cannot create ") + path);
    }
    void frame(const char* data, std::size_t len) {
        if (len >= 0xffffffffu) die("frame too large");
        header(static_cast<std::uint32_t>(len));
        out_.write(data, static_cast<std::streamsize>(len));
    }
    void error(const std::string& msg) {
        header(0xffffffffu);
        frame(msg.data(), msg.size());
    }
    void close() {
        out_.close();
        if (!out_) die(std::string("cannot write ") + path_);
    }

private:
    void header(std::uint32_t n) {
        const char h[4] = {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8),
                           static_cast<char>(n)};
        out_.write(h, 4);
    }
    std::string path_;
    std::ofstream out_;
};

// ---------------------------------------------------------------- roundtrip

// Nesting bound for the decoder (msgpack::unpack_limit.depth): msgpack-cxx's
// own default is 0xffffffff; the bound only keeps hostile input finite.
constexpr std::size_t kMaxDepth = 100000;

void roundtrip_one(FrameWriter& out, const char* data, std::size_t len) {
    try {
        if (len == 0) {
            out.error("msgpack-cxx: empty frame (no value)");
            return;
        }
        std::size_t off = 0;
        msgpack::unpack_limit limit(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, kMaxDepth);
        msgpack::object_handle oh = msgpack::unpack(data, len, off, nullptr, nullptr, limit);
        if (off != len) {
            out.error("msgpack-cxx: " + std::to_string(len - off) + " trailing byte(s) after the value (value is " +
                      std::to_string(off) + " of " + std::to_string(len) + " bytes)");
            return;
        }
        msgpack::sbuffer sbuf;
        msgpack::pack(sbuf, oh.get());
        out.frame(sbuf.data(), sbuf.size());
    } catch (const msgpack::insufficient_bytes& e) {
        out.error(std::string("msgpack-cxx: value truncated (insufficient_bytes: ") + e.what() + ")");
    } catch (const msgpack::parse_error& e) {
        out.error(std::string("msgpack-cxx: parse error: ") + e.what());
    } catch (const msgpack::unpack_error& e) {
        out.error(std::string("msgpack-cxx: unpack error: ") + e.what());
    } catch (const std::bad_alloc& e) {
        out.error(std::string("msgpack-cxx: out of memory (std::bad_alloc: ") + e.what() + ")");
    } catch (const std::exception& e) {
        out.error(std::string("msgpack-cxx: ") + e.what());
    }
}

int do_roundtrip(const char* in_path, const char* out_path) {
    std::vector<char> buf = read_file(in_path);
    FrameWriter out(out_path);
    std::size_t pos = 0, len = buf.size();
    while (pos < len) {
        if (len - pos < 4) die(std::string(in_path) + ": truncated frame header at byte " + std::to_string(pos));
        const unsigned char* h = reinterpret_cast<const unsigned char*>(buf.data() + pos);
        std::size_t n = (std::size_t(h[0]) << 24) | (std::size_t(h[1]) << 16) | (std::size_t(h[2]) << 8) | h[3];
        pos += 4;
        if (n > len - pos)
            die(std::string(in_path) + ": frame at byte " + std::to_string(pos - 4) + " claims " +
                std::to_string(n) + " bytes, " + std::to_string(len - pos) + " left");
        roundtrip_one(out, buf.data() + pos, n);
        pos += n;
    }
    out.close();
    return 0;
}

// --------------------------------------------------------------------- edge

struct Edge {
    explicit Edge(const char* path) : out(path), pk(sbuf) {}
    FrameWriter out;
    msgpack::sbuffer sbuf;
    msgpack::packer<msgpack::sbuffer> pk;
    std::size_t count = 0;

    // One frame: whatever f writes with the packer.
    template <typename F>
    void with(F f) {
        sbuf.clear();
        f(pk);
        out.frame(sbuf.data(), sbuf.size());
        ++count;
    }
    // One frame: a C++ value through its msgpack-cxx adaptor.
    template <typename T>
    void value(const T& v) {
        with([&](msgpack::packer<msgpack::sbuffer>& p) { p.pack(v); });
    }
};

float f32_bits(std::uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}
double f64_bits(std::uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

std::string letters(std::size_t n) {
    std::string s(n, 'a');
    for (std::size_t i = 0; i < n; ++i) s[i] = static_cast<char>('a' + i % 26);
    return s;
}
std::vector<char> bytes(std::size_t n) {
    std::vector<char> b(n);
    for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<char>(i * 7);
    return b;
}

timespec ts(std::int64_t sec, long nsec) {
    timespec t{};
    t.tv_sec = static_cast<time_t>(sec);
    t.tv_nsec = nsec;
    return t;
}

using P = msgpack::packer<msgpack::sbuffer>;
using I64 = std::numeric_limits<std::int64_t>;

int do_edge(const char* out_path) {
    Edge e(out_path);

    // nil, bool
    e.value(msgpack::type::nil_t());
    e.value(true);
    e.value(false);
    e.with([](P& p) { p.pack_nil(); });

    // unsigned widths through the packer's sized methods
    e.with([](P& p) { p.pack_uint8(0); });
    e.with([](P& p) { p.pack_uint8(127); });
    e.with([](P& p) { p.pack_uint8(128); });
    e.with([](P& p) { p.pack_uint8(255); });
    e.with([](P& p) { p.pack_uint16(256); });
    e.with([](P& p) { p.pack_uint16(65535); });
    e.with([](P& p) { p.pack_uint32(65536); });
    e.with([](P& p) { p.pack_uint32(0xffffffffu); });
    e.with([](P& p) { p.pack_uint64(0); });
    e.with([](P& p) { p.pack_uint64(0x100000000ull); });
    e.with([](P& p) { p.pack_uint64(1ull << 53); });
    e.with([](P& p) { p.pack_uint64((1ull << 53) + 1); });
    e.with([](P& p) { p.pack_uint64(0x7fffffffffffffffull); });
    e.with([](P& p) { p.pack_uint64(0x8000000000000000ull); });
    e.with([](P& p) { p.pack_uint64(0xffffffffffffffffull); });
    // signed widths
    e.with([](P& p) { p.pack_int8(-1); });
    e.with([](P& p) { p.pack_int8(-32); });
    e.with([](P& p) { p.pack_int8(-33); });
    e.with([](P& p) { p.pack_int8(-128); });
    e.with([](P& p) { p.pack_int8(127); });
    e.with([](P& p) { p.pack_int16(-129); });
    e.with([](P& p) { p.pack_int16(-32768); });
    e.with([](P& p) { p.pack_int16(32767); });
    e.with([](P& p) { p.pack_int32(-32769); });
    e.with([](P& p) { p.pack_int32(std::numeric_limits<std::int32_t>::min()); });
    e.with([](P& p) { p.pack_int32(std::numeric_limits<std::int32_t>::max()); });
    e.with([](P& p) { p.pack_int64(std::int64_t(std::numeric_limits<std::int32_t>::min()) - 1); });
    e.with([](P& p) { p.pack_int64(-(std::int64_t(1) << 53) - 1); });
    e.with([](P& p) { p.pack_int64(I64::min()); });
    e.with([](P& p) { p.pack_int64(I64::max()); });
    // the same through C++ integer types (the adaptors pick the method)
    e.value(std::uint8_t(200));
    e.value(static_cast<signed char>(-100));
    e.value(short(-300));
    e.value(static_cast<unsigned short>(40000));
    e.value(-70000);
    e.value(3000000000u);
    e.value(static_cast<long long>(-5000000000LL));
    e.value(std::numeric_limits<unsigned long long>::max());
    e.value(std::numeric_limits<long long>::min());
    e.value(std::size_t(1) << 40);
    // msgpack::type::fix_* (fixed width), at values whose fixed form is also
    // the smallest (any other value is re-encoded shorter by every decoder
    // that does not keep the width, msgpack-cxx's object included)
    e.value(msgpack::type::fix_uint8(255));
    e.value(msgpack::type::fix_uint16(65535));
    e.value(msgpack::type::fix_uint32(0xffffffffu));
    e.value(msgpack::type::fix_uint64(0xffffffffffffffffull));
    e.value(msgpack::type::fix_int8(-128));
    e.value(msgpack::type::fix_int16(-32768));
    e.value(msgpack::type::fix_int32(std::numeric_limits<std::int32_t>::min()));
    e.value(msgpack::type::fix_int64(I64::min()));
    e.with([](P& p) { p.pack_fix_uint16(256); });
    e.with([](P& p) { p.pack_fix_int8(-33); });

    // float 32
    using F = std::numeric_limits<float>;
    for (float f : {0.0f, -0.0f, 1.5f, -1.0f, F::max(), F::lowest(), F::min(), F::denorm_min(), F::infinity(),
                    -F::infinity(), F::quiet_NaN(), f32_bits(0xffc00000u), f32_bits(0x7fc00001u)})
        e.value(f);
    e.with([](P& p) { p.pack_float(f32_bits(0x7f800001u)); });  // signalling NaN
    // float 64
    using D = std::numeric_limits<double>;
    for (double d : {0.0, -0.0, 0.1, -1.0, 9007199254740992.0, 18446744073709551616.0, D::max(), D::lowest(),
                     D::min(), D::denorm_min(), D::infinity(), -D::infinity(), D::quiet_NaN(),
                     f64_bits(0xfff8000000000000ull), f64_bits(0x7ff8000000000001ull)})
        e.value(d);
    e.with([](P& p) { p.pack_double(f64_bits(0x7ff0000000000001ull)); });  // signalling NaN

    // str: std::string, and the raw header methods
    for (std::size_t n : {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}) e.value(letters(n));
    e.value(std::string("h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80"));
    e.value(std::string("a\0b", 3));
    e.value("a C string");
    e.with([](P& p) {
        p.pack_str(3);
        p.pack_str_body("xyz", 3);
    });
    // bin: std::vector<char>, msgpack::type::raw_ref, the header methods
    for (std::size_t n : {0, 1, 31, 32, 255, 256, 65535, 65536}) e.value(bytes(n));
    e.value(std::vector<unsigned char>{0, 1, 2, 255});
    e.value(msgpack::type::raw_ref("\x00\xff", 2));
    e.with([](P& p) {
        p.pack_bin(2);
        p.pack_bin_body("\x01\x02", 2);
    });

    // arrays: std::vector, std::list, std::deque, std::tuple, the header method
    for (std::size_t n : {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}) {
        std::vector<std::uint32_t> v(n);
        for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint32_t>(i % 300);
        e.value(v);
    }
    e.value(std::vector<msgpack::type::nil_t>(16));
    e.value(std::list<std::string>{"a", "b"});
    e.value(std::deque<bool>{true, false});
    e.value(std::make_tuple(1, "two", 3.0, false, msgpack::type::nil_t()));
    e.value(std::array<int, 3>{{-1, 0, 1}});
    e.with([](P& p) {
        p.pack_array(2);
        p.pack_int(1);
        p.pack_array(0);
    });
    // maps: std::map (sorted keys), the header method
    for (std::size_t n : {0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}) {
        std::map<std::uint32_t, bool> m;
        for (std::size_t i = 0; i < n; ++i) m[static_cast<std::uint32_t>(i)] = i % 2;
        e.value(m);
    }
    e.value(std::map<std::string, int>{{"a", 1}, {"b", -2}, {"c", 300}});
    e.value(std::map<int, std::string>{{-5, "neg"}, {0, "zero"}, {70000, "big"}});
    e.value(std::map<std::vector<int>, int>{{{1, 2}, 3}, {{}, 0}});
    e.value(std::map<std::string, std::map<std::string, std::vector<double>>>{
        {"outer", {{"inner", {1.5, -0.0}}}}, {"empty", {}}});
    e.with([](P& p) {  // keys of every kind
        p.pack_map(8);
        p.pack_nil();
        p.pack_int(0);
        p.pack_false();
        p.pack_int(1);
        p.pack_float(2.5f);
        p.pack_int(2);
        p.pack_bin(2);
        p.pack_bin_body("\x00\x01", 2);
        p.pack_int(3);
        p.pack_array(2);
        p.pack_int(1);
        p.pack_int(2);
        p.pack_int(4);
        p.pack_map(1);
        p.pack(std::string("k"));
        p.pack(std::string("v"));
        p.pack_int(5);
        p.pack_ext(1, 7);
        p.pack_ext_body("\x2a", 1);
        p.pack_int(6);
        p.pack_uint64(0xffffffffffffffffull);
        p.pack_int(7);
    });

    // ext: fixext 1/2/4/8/16, ext 8/16/32, through msgpack::type::ext and the header method
    {
        int i = 0;
        for (std::size_t n : {1, 2, 4, 8, 16, 0, 3, 5, 17, 255, 256, 65535, 65536}) {
            std::vector<char> b(n);
            for (std::size_t k = 0; k < n; ++k) b[k] = static_cast<char>(k + 1);
            e.value(msgpack::type::ext(static_cast<int8_t>(i++ % 2 ? 127 : 1), b.data(),
                                       static_cast<std::uint32_t>(n)));
        }
    }
    e.value(msgpack::type::ext(-128, "\x01", 1));
    e.value(msgpack::type::ext(-2, "\x01\x02\x03\x04", 4));
    e.with([](P& p) {
        p.pack_ext(8, 0);
        p.pack_ext_body("\x01\x02\x03\x04\x05\x06\x07\x08", 8);
    });

    // timestamps: struct timespec (the full range of seconds) at each layout boundary
    e.value(ts(0, 0));                                 // ts 32
    e.value(ts(1, 0));
    e.value(ts(0xffffffffll, 0));                      // ts 32, last
    e.value(ts(0x100000000ll, 0));                     // ts 64
    e.value(ts(0, 1));                                 // ts 64
    e.value(ts(1, 999999999));
    e.value(ts((1ll << 34) - 1, 999999999));           // ts 64, last
    e.value(ts(1ll << 34, 0));                         // ts 96
    e.value(ts(-1, 0));                                // ts 96, before the epoch
    e.value(ts(-1, 999999999));
    e.value(ts(I64::min(), 0));
    e.value(ts(I64::max(), 999999999));
#if !defined(MSGPACK_NO_BOOST)  // msgpack-cxx's chrono adaptor needs boost
    // and std::chrono::system_clock::time_point (nanoseconds here: about +-292 years)
    using std::chrono::system_clock;
    e.value(system_clock::time_point());
    e.value(system_clock::time_point(std::chrono::seconds(1700000000)));
    e.value(system_clock::time_point(std::chrono::seconds(1700000000) + std::chrono::nanoseconds(123456789)));
    e.value(system_clock::time_point(std::chrono::seconds(0xffffffffll)));
    e.value(system_clock::time_point(std::chrono::seconds(0x100000000ll)));
    e.value(system_clock::time_point(std::chrono::nanoseconds(-1)));
    e.value(system_clock::time_point(std::chrono::milliseconds(-1500)));
    e.value(std::chrono::time_point<system_clock, std::chrono::seconds>(std::chrono::seconds(1ll << 34)));
    e.value(std::chrono::time_point<system_clock, std::chrono::seconds>(std::chrono::seconds(-(1ll << 40))));
#endif

    // nesting
    e.with([](P& p) {  // 64 levels of arrays
        for (int i = 0; i < 63; ++i) p.pack_array(1);
        p.pack_array(0);
    });
    e.with([](P& p) {  // 64 levels of maps {"k": {"k": ... {}}}
        for (int i = 0; i < 63; ++i) {
            p.pack_map(1);
            p.pack(std::string("k"));
        }
        p.pack_map(0);
    });
    e.value(std::vector<std::vector<std::vector<int>>>{{{1}, {}}, {}});
    e.value(std::make_tuple(msgpack::type::nil_t(), true, I64::min(), std::numeric_limits<std::uint64_t>::max(), 0.25f,
                            0.25, std::string(), std::vector<char>(), std::vector<int>(), std::map<int, int>(),
                            msgpack::type::ext(9, "", 0), ts(1700000000, 123456789)));

    e.out.close();
    std::cerr << "msgpack-cxx peer: wrote " << e.count << " edge values" << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "roundtrip") == 0) return do_roundtrip(argv[2], argv[3]);
    if (argc == 3 && std::strcmp(argv[1], "edge") == 0) return do_edge(argv[2]);
    std::cerr << "usage: " << argv[0] << " roundtrip IN OUT | edge OUT" << std::endl;
    return 2;
}
