// The interop peer for github.com/vmihailenco/msgpack/v5 (see
// interop/PROTOCOL.md): `roundtrip IN OUT` and `edge OUT`.
//
// Decoding: a Decoder with UseLooseInterfaceDecoding(false) (every width
// keeps its Go type: int8/uint8/.../float32/float64, str as string, bin as
// []byte), a map decoder (SetMapDecoder) that keeps every entry in wire order
// with keys of any type (orderedMap), and a raw-ext decoder registered with
// RegisterExtDecoder for every ext type but -1 (without one the library
// fails with "msgpack: unknown ext id=N"); ext -1 stays the library's own
// time.Time decoder.
//
// Encoding: an Encoder with UseCompactInts(true) (the smallest integer
// form) and UseCompactFloats(false) (float32 stays float 32, float64 stays
// float 64).
package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/vmihailenco/msgpack/v5"
)

// pair is one map entry, key and value as decoded.
type pair struct {
	K, V interface{}
}

// orderedMap is a map in wire order, keys of any type, duplicates kept.
type orderedMap []pair

// EncodeMsgpack writes the map with the encoder's own map header and value
// encoders (msgpack.CustomEncoder).
func (m orderedMap) EncodeMsgpack(enc *msgpack.Encoder) error {
	if err := enc.EncodeMapLen(len(m)); err != nil {
		return err
	}
	for _, p := range m {
		if err := enc.Encode(p.K); err != nil {
			return err
		}
		if err := enc.Encode(p.V); err != nil {
			return err
		}
	}
	return nil
}

// rawExt is an ext value of a type the library has no decoder for.
type rawExt struct {
	Type int8
	Data []byte
}

// EncodeMsgpack writes the ext with the encoder's own ext header
// (EncodeExtHeader: fixext 1/2/4/8/16, else ext 8/16/32).
func (r *rawExt) EncodeMsgpack(enc *msgpack.Encoder) error {
	if err := enc.EncodeExtHeader(r.Type, len(r.Data)); err != nil {
		return err
	}
	_, err := enc.Writer().Write(r.Data)
	return err
}

func decodeOrderedMap(d *msgpack.Decoder) (interface{}, error) {
	n, err := d.DecodeMapLen()
	if err != nil {
		return nil, err
	}
	if n == -1 {
		return nil, nil
	}
	capacity := n
	if capacity > 4096 {
		capacity = 4096
	}
	m := make(orderedMap, 0, capacity)
	for i := 0; i < n; i++ {
		k, err := d.DecodeInterface()
		if err != nil {
			return nil, err
		}
		v, err := d.DecodeInterface()
		if err != nil {
			return nil, err
		}
		m = append(m, pair{k, v})
	}
	return m, nil
}

func init() {
	for t := -128; t <= 127; t++ {
		if t == -1 {
			continue // the library's time.Time
		}
		id := int8(t)
		msgpack.RegisterExtDecoder(id, (*rawExt)(nil), func(d *msgpack.Decoder, v reflect.Value, extLen int) error {
			data := make([]byte, extLen)
			if err := d.ReadFull(data); err != nil {
				return err
			}
			v.Set(reflect.ValueOf(&rawExt{Type: id, Data: data}))
			return nil
		})
	}
}

func newEncoder(w io.Writer) *msgpack.Encoder {
	enc := msgpack.NewEncoder(w)
	enc.UseCompactInts(true)
	enc.UseCompactFloats(false)
	return enc
}

// roundtripOne decodes one frame and encodes it again; a panic in the
// library becomes an error.
func roundtripOne(frame []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("panic: %v", r)
		}
	}()
	r := bytes.NewReader(frame)
	dec := msgpack.NewDecoder(r)
	dec.UseLooseInterfaceDecoding(false)
	dec.SetMapDecoder(decodeOrderedMap)
	v, err := dec.DecodeInterface()
	if err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("decode: %d trailing bytes after the value", r.Len())
	}
	var buf bytes.Buffer
	if err := newEncoder(&buf).Encode(v); err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	return buf.Bytes(), nil
}

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

func roundtrip(in, out string) error {
	frames, err := readFrames(in)
	if err != nil {
		return err
	}
	var w frameWriter
	for _, f := range frames {
		b, err := roundtripOne(f)
		if err != nil {
			w.fail(err)
		} else {
			w.frame(b)
		}
	}
	return os.WriteFile(out, w.buf.Bytes(), 0o644)
}

// edgeValues are the library's own boundary values, as Go values that its
// Encode writes.
func edgeValues() []interface{} {
	var v []interface{}
	// Integers at every width edge, through the typed Go values the
	// library picks an encoder for (compact: the smallest form).
	v = append(v, uint8(0), uint8(1), uint8(127), uint8(128), uint8(255))
	v = append(v, uint16(256), uint16(65535), uint32(65536), uint32(math.MaxUint32))
	v = append(v, uint64(math.MaxUint32)+1, uint64(math.MaxInt64), uint64(math.MaxInt64)+1, uint64(math.MaxUint64))
	v = append(v, int8(-1), int8(-32), int8(-33), int8(math.MinInt8), int16(math.MinInt8)-1)
	v = append(v, int16(math.MinInt16), int32(math.MinInt16)-1, int32(math.MinInt32), int64(math.MinInt32)-1, int64(math.MinInt64))
	v = append(v, int(127), int(128), int64(math.MaxInt64), int64(1)<<53, int64(1)<<53+1, -(int64(1)<<53)-1)
	v = append(v, nil, true, false)
	// Floats: float32 stays float 32 (UseCompactFloats(false)).
	for _, bits := range []uint32{0, 0x80000000, 0x3fc00000, 0x00800000, 1, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fc00001, 0xffc00000, 0x7f800001} {
		v = append(v, math.Float32frombits(bits))
	}
	for _, bits := range []uint64{0, 0x8000000000000000, 0x3ff8000000000000, 0x3fb999999999999a, 0x0010000000000000, 1, 0x7fefffffffffffff, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000, 0x7ff8000000000001, 0xfff8000000000000, 0x7ff0000000000001, 0x3ff0000000000000} {
		v = append(v, math.Float64frombits(bits))
	}
	lengths := []int{0, 1, 15, 16, 31, 32, 255, 256, 65535, 65536}
	for _, n := range lengths {
		v = append(v, strings.Repeat("s", n))
	}
	v = append(v, "é€😀\x00\u007f\u0080\U0010ffff")
	for _, n := range lengths {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i)
		}
		v = append(v, b)
	}
	for _, n := range lengths {
		a := make([]interface{}, n)
		for i := range a {
			a[i] = uint8(i % 200)
		}
		v = append(v, a)
	}
	for _, n := range lengths {
		m := make(orderedMap, n)
		for i := range m {
			m[i] = pair{fmt.Sprintf("k%d", i), uint32(i)}
		}
		v = append(v, m)
	}
	// Go maps through the library's own map encoders (SetSortMapKeys: str
	// keys sorted; a map with other keys has no order, so one entry).
	v = append(v, map[string]interface{}{"a": int8(1), "b": "x", "c": []interface{}{nil, 1.5}})
	v = append(v, map[string]string{"k1": "v1", "k2": "v2"})
	v = append(v, map[int64]bool{-300: true})
	// Ext: every fixext size and ext 8/16/32 around their edges.
	for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 255, 256, 65535, 65536} {
		for _, t := range []int8{-128, 0, 1, 127} {
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(i * 7)
			}
			v = append(v, &rawExt{Type: t, Data: data})
		}
	}
	// time.Time at each timestamp layout boundary (encodeTime: 32-bit
	// seconds, 64-bit 34+30, else 96-bit).
	for _, t := range []struct {
		sec  int64
		nsec int64
	}{
		{0, 0}, {1, 0}, {1<<32 - 1, 0}, {1 << 32, 0}, {0, 1}, {1<<34 - 1, 999999999}, {1 << 34, 0},
		{-1, 0}, {-1, 999999999}, {-(1 << 34), 0}, {1704067200, 0}, {1704067200, 123456789},
		{math.MaxInt64 / 4, 999999999}, {-62135596800, 0}, {253402300799, 999999999},
	} {
		v = append(v, time.Unix(t.sec, t.nsec))
	}
	v = append(v, time.Time{}) // the zero time.Time (year 1)
	// Nesting.
	var deep interface{} = nil
	for i := 0; i < 100; i++ {
		deep = []interface{}{deep}
	}
	v = append(v, deep)
	v = append(v, orderedMap{
		{uint8(1), []interface{}{nil, orderedMap{}}},
		{[]interface{}{"k"}, int8(-1)},
		{nil, false},
		{float32(1.5), orderedMap{{"in", []interface{}{[]byte{1, 2}, time.Unix(1, 0)}}}},
	})
	v = append(v, orderedMap{{"a", uint8(1)}, {"a", uint8(2)}})
	return v
}

func edge(out string) error {
	var w frameWriter
	for _, val := range edgeValues() {
		var buf bytes.Buffer
		enc := newEncoder(&buf)
		enc.SetSortMapKeys(true)
		if err := enc.Encode(val); err != nil {
			return fmt.Errorf("edge value %#v: %w", val, err)
		}
		w.frame(buf.Bytes())
	}
	return os.WriteFile(out, w.buf.Bytes(), 0o644)
}

func main() {
	args := os.Args[1:]
	var err error
	switch {
	case len(args) == 3 && args[0] == "roundtrip":
		err = roundtrip(args[1], args[2])
	case len(args) == 2 && args[0] == "edge":
		err = edge(args[1])
	default:
		fmt.Fprintln(os.Stderr, "usage: run roundtrip IN OUT | run edge OUT")
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
