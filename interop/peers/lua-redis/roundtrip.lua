-- One value: cmsgpack.unpack of our bytes, then cmsgpack.pack of what it read.
local ok, v = pcall(cmsgpack.unpack, ARGV[1])
if not ok then
    return redis.error_reply("cmsgpack.unpack: " .. tostring(v))
end
local ok2, out = pcall(cmsgpack.pack, v)
if not ok2 then
    return redis.error_reply("cmsgpack.pack: " .. tostring(out))
end
return out
