package main

// The W2 types of ../../../../shared/WORKLOADS.md (tinylib/msgp's
// "Custom1" / "Custom2" of the messagepack benchmarks), field names, order
// and types as in msgpack-bench/src/w2/data.rs. setup runs the msgp code
// generator (built from Debian's source of github.com/tinylib/msgp) on this
// file into $INTEROP_WORK; the generated code is not committed.

//go:generate msgp -tests=false

// Custom1 is W2's first message.
type Custom1 struct {
	Str          string            `msg:"str"`
	Slice        []byte            `msg:"slice"`
	MapStrUint16 map[string]uint16 `msg:"map_str_uint16"`
	InnerStruct  Inner             `msg:"inner_struct"`
	Bt           uint8             `msg:"bt"`
	Int          int32             `msg:"int"`
	I64          int64             `msg:"i64"`
}

// Inner is nested in both messages.
type Inner struct {
	Bool bool    `msg:"bool"`
	F64  float64 `msg:"f64"`
	I8   int8    `msg:"i8"`
	U64  uint64  `msg:"u64"`
}

// Custom2 is W2's second message.
type Custom2 struct {
	Str          string            `msg:"str"`
	Slice        []byte            `msg:"slice"`
	MapStrUint64 map[string]uint64 `msg:"map_str_uint64"`
	InnerStruct  Inner             `msg:"inner_struct"`
	Float64      float64           `msg:"float_64"`
	MapStrSlice  map[string][]int8 `msg:"map_str_slice"`
	InnerStruct2 Inner2            `msg:"inner_struct_2"`
}

// Inner2 is nested in Custom2; MapStrIntf is a dynamic map.
type Inner2 struct {
	SliceUint64 []uint64               `msg:"slice_uint64"`
	MapStrIntf  map[string]interface{} `msg:"map_str_intf"`
	String      string                 `msg:"string"`
	F32         float32                `msg:"f32"`
}
