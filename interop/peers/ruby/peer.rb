# frozen_string_literal: true
# The Ruby peer of the interop matrix (see ../../PROTOCOL.md): msgpack-ruby's
# generic decoder and encoder, with the options that keep the most.
require 'msgpack'

# Decoding: no extension type registered, so every ext -- the timestamp
# type -1 included -- comes back as MessagePack::ExtensionValue(type, payload)
# (allow_unknown_ext) and is written back byte for byte.
DECODER = MessagePack::Factory.new
DECODE_OPTS = { allow_unknown_ext: true }.freeze

def read_frames(path)
  data = File.binread(path)
  frames = []
  pos = 0
  while pos < data.bytesize
    raise "truncated frame header at byte #{pos}" if pos + 4 > data.bytesize
    n = data.byteslice(pos, 4).unpack1('N')
    pos += 4
    raise "frame at byte #{pos - 4} wants #{n} bytes, #{data.bytesize - pos} left" if pos + n > data.bytesize
    frames << data.byteslice(pos, n)
    pos += n
  end
  frames
end

def frame(bytes)
  [bytes.bytesize].pack('N') + bytes.b
end

def error_frame(message)
  "\xff\xff\xff\xff".b + frame(message.to_s.dup.force_encoding('UTF-8').scrub('?'))
end

def roundtrip(input, output)
  out = String.new(encoding: Encoding::BINARY)
  read_frames(input).each do |bytes|
    begin
      # Factory#load raises MalformedFormatError when bytes follow the value
      # and EOFError when the value is cut short: the whole frame is one value.
      value = DECODER.load(bytes, DECODE_OPTS)
      out << frame(DECODER.dump(value))
    rescue StandardError, SystemStackError, NoMemoryError => e
      out << error_frame("#{e.class}: #{e.message}")
    end
  end
  File.binwrite(output, out)
end

def edge_values
  v = []
  # Every integer width's limits, both signs.
  v.concat([0, 1, 127, 128, 255, 256, 65_535, 65_536, 2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1])
  v.concat([-1, -31, -32, -33, -127, -128, -129, -32_767, -32_768, -32_769,
            -2**31 + 1, -2**31, -2**31 - 1, -2**63 + 1, -2**63])
  v.concat([2**53, 2**53 + 1, -2**53 - 1])
  # Floats: Ruby's Float is a double, written as float 64.
  v.concat([0.0, -0.0, 1.5, 0.1, Float::INFINITY, -Float::INFINITY, Float::NAN,
            Float::MAX, Float::MIN, 5.0e-324, 3.4028234663852886e+38, 1.0e+300])
  v.concat([nil, true, false])
  # str (UTF-8) and bin (ASCII-8BIT) around every length boundary.
  [0, 1, 15, 16, 31, 32, 255, 256, 65_535, 65_536].each do |n|
    v << ('s' * n).encode('UTF-8')
    v << ("\x00".b * n)
  end
  v << "h\u00e9llo \u2603 \u{1F600}"
  # Arrays and maps around 15/16 and 65535/65536.
  [0, 1, 15, 16, 65_535, 65_536].each { |n| v << Array.new(n) { |i| i % 100 } }
  [0, 1, 15, 16, 65_535, 65_536].each { |n| v << (0...n).to_h { |i| ["k#{i}", i] } }
  # Non-str keys: a Hash takes any key.
  v << { 1 => 'one', -1 => 'minus one', nil => 'nil', true => 'true', 1.5 => 'float',
         "\x01".b => 'bin', [1, 2] => 'array', { 'a' => 1 } => 'map' }
  # Nesting.
  deep = 'leaf'
  40.times { |i| deep = i.even? ? [deep] : { 'k' => deep } }
  v << deep
  v << [nil, [], {}, [[[]]], { 'a' => { 'b' => { 'c' => [1, 'x', "y".b] } } }]
  # Every fixext size, and ext 8/16/32 around their boundaries.
  [1, 2, 4, 8, 16, 0, 3, 17, 255, 256, 65_535, 65_536].each do |n|
    v << MessagePack::ExtensionValue.new(42, "\x07".b * n)
  end
  v << MessagePack::ExtensionValue.new(127, "\x01".b)
  v << MessagePack::ExtensionValue.new(-128, "\x01".b)
  # Timestamps through msgpack-ruby's own MessagePack::Timestamp, which
  # picks the 32-, 64- or 96-bit layout (see edge_packer).
  [[0, 0], [2**32 - 1, 0], [2**32, 0], [1, 1], [2**34 - 1, 999_999_999],
   [2**34, 0], [-1, 0], [-1, 999_999_999], [-2**63, 0], [2**63 - 1, 999_999_999]].each do |sec, nsec|
    v << MessagePack::Timestamp.new(sec, nsec)
  end
  v
end

def edge(output)
  packer = MessagePack::Factory.new
  packer.register_type(-1, MessagePack::Timestamp, packer: :to_msgpack_ext)
  out = String.new(encoding: Encoding::BINARY)
  edge_values.each { |value| out << frame(packer.dump(value)) }
  File.binwrite(output, out)
end

case ARGV[0]
when 'roundtrip'
  abort 'usage: run roundtrip IN OUT' unless ARGV.size == 3
  roundtrip(ARGV[1], ARGV[2])
when 'edge'
  abort 'usage: run edge OUT' unless ARGV.size == 2
  edge(ARGV[1])
else
  abort "usage: run roundtrip IN OUT | run edge OUT (mode #{ARGV[0].inspect} is not implemented)"
end
