// The interop peer for github.com/tinylib/msgp (see interop/PROTOCOL.md):
// `roundtrip IN OUT` (msgp.ReadIntfBytes, msgp.AppendIntf), `edge OUT`
// (the Append* functions at the boundaries) and `w2 IN OUT` (the code that
// the msgp generator writes for the W2 types of w2types.go).
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"strings"
	"time"

	"github.com/tinylib/msgp/msgp"
)

func readFrames(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var frames [][]byte
	for len(data) > 0 {
		if len(data) < 4 {
			return nil, errors.New("truncated frame length")
		}
		n := binary.BigEndian.Uint32(data)
		data = data[4:]
		if uint64(len(data)) < uint64(n) {
			return nil, fmt.Errorf("truncated frame: %d bytes announced, %d left", n, len(data))
		}
		frames = append(frames, data[:n])
		data = data[n:]
	}
	return frames, nil
}

type frameWriter struct {
	buf bytes.Buffer
}

func (w *frameWriter) frame(b []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(b)))
	w.buf.Write(n[:])
	w.buf.Write(b)
}

func (w *frameWriter) fail(err error) {
	w.buf.Write([]byte{0xff, 0xff, 0xff, 0xff})
	w.frame([]byte(err.Error()))
}

// each runs one conversion per frame; a panic becomes that frame's error.
func each(in, out string, conv func(i int, frame []byte) ([]byte, error)) error {
	frames, err := readFrames(in)
	if err != nil {
		return err
	}
	var w frameWriter
	for i, f := range frames {
		b, err := func() (b []byte, err error) {
			defer func() {
				if r := recover(); r != nil {
					b, err = nil, fmt.Errorf("panic: %v", r)
				}
			}()
			return conv(i, f)
		}()
		if err != nil {
			w.fail(err)
		} else {
			w.frame(b)
		}
	}
	return os.WriteFile(out, w.buf.Bytes(), 0o644)
}

func trailing(rest []byte) error {
	if len(rest) != 0 {
		return fmt.Errorf("decode: %d trailing bytes after the value", len(rest))
	}
	return nil
}

// roundtripOne: the generic decoder (ReadIntfBytes: map[string]interface{},
// []interface{}, int64, uint64, float32, float64, string, []byte, bool,
// nil, *msgp.RawExtension for ext types other than msgp's own 3, 4, 5) and
// the generic encoder (AppendIntf).
func roundtripOne(_ int, frame []byte) ([]byte, error) {
	// ReadIntfBytes allocates an array's announced length before reading
	// its elements (make([]interface{}, sz)); msgp.Skip first checks that
	// every announced length is backed by bytes, so a lying header is an
	// error and not a huge allocation.
	rest, err := msgp.Skip(frame)
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if err := trailing(rest); err != nil {
		return nil, err
	}
	v, rest, err := msgp.ReadIntfBytes(frame)
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if err := trailing(rest); err != nil {
		return nil, err
	}
	out, err := msgp.AppendIntf(nil, v)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return out, nil
}

// w2One: frame i is a Custom1 when i is even, a Custom2 when odd, through
// the generated UnmarshalMsg / MarshalMsg.
func w2One(i int, frame []byte) ([]byte, error) {
	type message interface {
		msgp.Unmarshaler
		msgp.Marshaler
	}
	var m message
	if i%2 == 0 {
		m = new(Custom1)
	} else {
		m = new(Custom2)
	}
	rest, err := m.UnmarshalMsg(frame)
	if err != nil {
		return nil, fmt.Errorf("decode %T: %w", m, err)
	}
	if err := trailing(rest); err != nil {
		return nil, err
	}
	out, err := m.MarshalMsg(nil)
	if err != nil {
		return nil, fmt.Errorf("encode %T: %w", m, err)
	}
	return out, nil
}

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

// edgeValues: the Append* functions at the boundaries. Left out: maps
// with keys that are not str (ReadIntfBytes reads map[string]interface{},
// so its own roundtrip refuses them) and ext types 3, 4, 5 in ext 8/16/32
// (msgp's own complex64, complex128 and time.Time, written here only
// through AppendComplex* and AppendTime). AppendInt* of a positive value
// above 127 writes int 16/32/64 (not the uint form): kept, msgpack-core has
// to read those.
func edgeValues() ([][]byte, error) {
	var out [][]byte
	add := func(b []byte) { out = append(out, b) }
	add(msgp.AppendNil(nil))
	add(msgp.AppendBool(nil, true))
	add(msgp.AppendBool(nil, false))
	for _, u := range []uint8{0, 1, 127, 128, 255} {
		add(msgp.AppendUint8(nil, u))
	}
	add(msgp.AppendByte(nil, 200))
	for _, u := range []uint16{256, 65535} {
		add(msgp.AppendUint16(nil, u))
	}
	for _, u := range []uint32{65536, math.MaxUint32} {
		add(msgp.AppendUint32(nil, u))
	}
	for _, u := range []uint64{math.MaxUint32 + 1, 1 << 53, 1<<53 + 1, math.MaxInt64, math.MaxInt64 + 1, math.MaxUint64} {
		add(msgp.AppendUint64(nil, u))
	}
	add(msgp.AppendUint(nil, 70000))
	for _, i := range []int8{0, 1, 127, -1, -32, -33, math.MinInt8} {
		add(msgp.AppendInt8(nil, i))
	}
	for _, i := range []int16{math.MinInt8 - 1, math.MinInt16} {
		add(msgp.AppendInt16(nil, i))
	}
	for _, i := range []int32{math.MinInt16 - 1, math.MinInt32} {
		add(msgp.AppendInt32(nil, i))
	}
	for _, i := range []int64{math.MinInt32 - 1, -(1 << 53), -(1 << 53) - 1, math.MinInt64} {
		add(msgp.AppendInt64(nil, i))
	}
	add(msgp.AppendInt(nil, -100000))
	// Positive values through the signed appenders: int 16/32/64 on the wire.
	add(msgp.AppendInt16(nil, 128))
	add(msgp.AppendInt16(nil, math.MaxInt16))
	add(msgp.AppendInt32(nil, math.MaxInt16+1))
	add(msgp.AppendInt32(nil, math.MaxInt32))
	add(msgp.AppendInt64(nil, math.MaxInt32+1))
	add(msgp.AppendInt64(nil, math.MaxInt64))
	add(msgp.AppendInt(nil, 1<<40))
	for _, bits := range []uint32{0, 0x80000000, 0x3fc00000, 0x00800000, 1, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fc00001, 0xffc00000, 0x7f800001} {
		add(msgp.AppendFloat32(nil, math.Float32frombits(bits)))
	}
	for _, bits := range []uint64{0, 0x8000000000000000, 0x3ff8000000000000, 0x3fb999999999999a, 0x0010000000000000, 1, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7ff8000000000001, 0xfff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000} {
		add(msgp.AppendFloat64(nil, math.Float64frombits(bits)))
	}
	lengths := []int{0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}
	for _, n := range lengths {
		add(msgp.AppendString(nil, strings.Repeat("s", n)))
	}
	add(msgp.AppendString(nil, "é€😀\x00\u007f\u0080\U0010ffff"))
	add(msgp.AppendStringFromBytes(nil, []byte("from bytes")))
	for _, n := range lengths {
		add(msgp.AppendBytes(nil, pattern(n)))
	}
	for _, n := range lengths {
		b := msgp.AppendArrayHeader(nil, uint32(n))
		for i := 0; i < n; i++ {
			b = msgp.AppendUint8(b, uint8(i%200))
		}
		add(b)
	}
	for _, n := range lengths {
		b := msgp.AppendMapHeader(nil, uint32(n))
		for i := 0; i < n; i++ {
			b = msgp.AppendString(b, fmt.Sprintf("k%d", i))
			b = msgp.AppendUint32(b, uint32(i))
		}
		add(b)
	}
	add(msgp.AppendMapStrStr(nil, map[string]string{"k1": "v1", "k2": "v2"}))
	b, err := msgp.AppendMapStrIntf(nil, map[string]interface{}{"a": int64(-1), "b": "x", "c": []interface{}{nil, 1.5, float32(2.5), []byte{1}}})
	if err != nil {
		return nil, err
	}
	add(b)
	// Ext: every fixext size and ext 8/16/32 around their edges (msgp's
	// own 3, 4, 5 excluded).
	for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 254, 255, 256, 65534, 65535, 65536} {
		for _, t := range []int8{-128, -1, 0, 1, 127} {
			b, err := msgp.AppendExtension(nil, &msgp.RawExtension{Type: t, Data: pattern(n)})
			if err != nil {
				return nil, err
			}
			add(b)
		}
	}
	// msgp's own extensions: complex64 (ext 3), complex128 (ext 4),
	// time.Time (ext 5, 12 bytes: int64 seconds, int32 nanoseconds).
	add(msgp.AppendComplex64(nil, complex(1.5, -2)))
	add(msgp.AppendComplex128(nil, complex(math.Inf(1), 0.1)))
	for _, t := range []struct{ sec, nsec int64 }{
		{0, 0}, {1, 0}, {1<<32 - 1, 0}, {1 << 32, 0}, {0, 1}, {1<<34 - 1, 999999999}, {1 << 34, 0},
		{-1, 0}, {-1, 999999999}, {1704067200, 123456789}, {-62135596800, 0}, {253402300799, 999999999},
	} {
		add(msgp.AppendTime(nil, time.Unix(t.sec, t.nsec)))
	}
	// Nesting.
	deep := []byte{}
	for i := 0; i < 100; i++ {
		deep = msgp.AppendArrayHeader(deep, 1)
	}
	add(msgp.AppendNil(deep))
	nested, err := msgp.AppendIntf(nil, []interface{}{
		map[string]interface{}{"in": []interface{}{[]byte{1, 2}, map[string]interface{}{}}},
		[]interface{}{},
		nil,
		uint64(math.MaxUint64),
	})
	if err != nil {
		return nil, err
	}
	add(nested)
	return out, nil
}

func edge(out string) error {
	vals, err := edgeValues()
	if err != nil {
		return err
	}
	var w frameWriter
	for _, b := range vals {
		w.frame(b)
	}
	return os.WriteFile(out, w.buf.Bytes(), 0o644)
}

func main() {
	args := os.Args[1:]
	var err error
	switch {
	case len(args) == 3 && args[0] == "roundtrip":
		err = each(args[1], args[2], roundtripOne)
	case len(args) == 3 && args[0] == "w2":
		err = each(args[1], args[2], w2One)
	case len(args) == 2 && args[0] == "edge":
		err = edge(args[1])
	default:
		fmt.Fprintln(os.Stderr, "usage: run roundtrip IN OUT | run w2 IN OUT | run edge OUT")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
