-- cmsgpack's own edge cases: what its encoder writes for Lua's numbers
-- (doubles in Lua 5.1, packed as the smallest integer when integral, else
-- float 32 when exact, else float 64), strings around the str length
-- boundaries, tables as arrays (keys 1..n) or maps, and nesting.
local out = {}
local function add(v) out[#out + 1] = cmsgpack.pack(v) end
for _, n in ipairs({0, 1, 127, 128, 255, 256, 65535, 65536, 4294967295, 4294967296, 9007199254740992}) do add(n) end
for _, n in ipairs({-1, -31, -32, -33, -127, -128, -129, -32768, -32769, -2147483648, -2147483649, -9007199254740992}) do add(n) end
for _, x in ipairs({0.5, -2.25, 0.1, 1e300, -1e-300, 3.4028234663852886e38, 1 / 0, -1 / 0}) do add(x) end
add(true)
add(false)
for _, n in ipairs({0, 1, 31, 32, 255, 256, 65535, 65536}) do add(string.rep("x", n)) end
-- Not here: a Lua string that is not UTF-8, which cmsgpack packs as str; msgpack-core
-- refuses it (the spec: "str ... represents a UTF-8 string"). See interop/README.md.
add("\0\1 bytes below 0x80")
for _, n in ipairs({1, 15, 16, 65535, 65536}) do
    local t = {}
    for i = 1, n do t[i] = i % 200 end
    add(t)
end
for _, n in ipairs({1, 15, 16, 65535}) do
    local t = {}
    for i = 1, n do t["k" .. i] = i end
    add(t)
end
add({1, {2, {3, {4}}}, {a = {b = {c = "d"}}}})
add({[1] = "a", [2] = "b", [4] = "sparse"})
add({[1.5] = "float key", [true] = "bool key"})
return out
