//! `IpAddr`, `Ipv4Addr`, `Ipv6Addr`, `SocketAddr`, `SocketAddrV4`,
//! `SocketAddrV6` (from `core::net`: no_std), in the compact form serde
//! gives a binary format (rmp-serde is not human-readable): addresses are
//! arrays of their octets, socket addresses `[ip, port]`, and the two
//! enums externally tagged (`{"V4": ..}` / `{"V6": ..}`).

use core::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};

use super::forms::{self, Tag};
use crate::decode::{Decode, Decoder, Error};
use crate::encode::{self, Encode, Encoder, Write, array_header_size};
use crate::impls::as_array::{bytes_as_array, bytes_as_array_len};
use crate::schema::{EnumDef, Payload, Schema, Shape, ShapeRef, Tagging};

/// The array of the 4 octets, as serde writes `Ipv4Addr` to a binary
/// format (each a positive fixint or `uint 8`). Decoding also reads a
/// `bin` of 4 bytes.
///
/// ```
/// use std::net::Ipv4Addr;
/// let bytes = msgpack_core::to_vec(&Ipv4Addr::new(192, 168, 0, 1))?;
/// assert_eq!(bytes, [0x94, 0xcc, 192, 0xcc, 168, 0x00, 0x01]);
/// assert_eq!(msgpack_core::from_slice::<Ipv4Addr>(&bytes)?, Ipv4Addr::new(192, 168, 0, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for Ipv4Addr {
    const MAX_LEN: usize = array_header_size(4) + 4 * 2;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        bytes_as_array(&self.octets(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        bytes_as_array_len(&self.octets())
    }
}

impl<'de> Decode<'de> for Ipv4Addr {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        <[u8; 4]>::decode(d).map(Ipv4Addr::from)
    }
}

/// The array of the 16 octets. Decoding also reads a `bin` of 16 bytes.
impl Encode for Ipv6Addr {
    const MAX_LEN: usize = array_header_size(16) + 16 * 2;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        bytes_as_array(&self.octets(), e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        bytes_as_array_len(&self.octets())
    }
}

impl<'de> Decode<'de> for Ipv6Addr {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        <[u8; 16]>::decode(d).map(Ipv6Addr::from)
    }
}

/// `{"V4": [a, b, c, d]}` or `{"V6": [..16 octets]}`.
///
/// ```
/// use std::net::{IpAddr, Ipv4Addr};
/// let ip = IpAddr::V4(Ipv4Addr::LOCALHOST);
/// assert_eq!(msgpack_core::to_vec(&ip)?, [0x81, 0xa2, b'V', b'4', 0x94, 0x7f, 0x00, 0x00, 0x01]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for IpAddr {
    const MAX_LEN: usize = 1 + 3 + Ipv6Addr::MAX_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            IpAddr::V4(ip) => forms::encode_variant("V4", ip, e),
            IpAddr::V6(ip) => forms::encode_variant("V6", ip, e),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        match self {
            IpAddr::V4(ip) => forms::variant_len("V4", ip),
            IpAddr::V6(ip) => forms::variant_len("V6", ip),
        }
    }
}

impl<'de> Decode<'de> for IpAddr {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match forms::read_tag(d, "IpAddr")? {
            (Tag::Data(tag), tag_at) => {
                let ip = match tag {
                    b"V4" => IpAddr::V4(Ipv4Addr::decode(d).map_err(|e| e.at_field("V4"))?),
                    b"V6" => IpAddr::V6(Ipv6Addr::decode(d).map_err(|e| e.at_field("V6"))?),
                    _ => return Err(forms::unknown_variant(d, "IpAddr", tag_at)),
                };
                d.leave();
                Ok(ip)
            }
            (Tag::Unit(_), tag_at) => Err(forms::unknown_variant(d, "IpAddr", tag_at)),
        }
    }
}

/// `[ip, port]`.
impl Encode for SocketAddrV4 {
    const MAX_LEN: usize = array_header_size(2) + Ipv4Addr::MAX_LEN + u16::MAX_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        (*self.ip(), self.port()).encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        (*self.ip(), self.port()).encoded_len()
    }
}

impl<'de> Decode<'de> for SocketAddrV4 {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let (ip, port) = <(Ipv4Addr, u16)>::decode(d)?;
        Ok(SocketAddrV4::new(ip, port))
    }
}

/// `[ip, port]`: the flow label and scope id are not written (serde
/// writes these two fields only) and decode as 0.
///
/// ```
/// use std::net::{Ipv6Addr, SocketAddrV6};
/// let addr = SocketAddrV6::new(Ipv6Addr::LOCALHOST, 8080, 7, 3);
/// let back: SocketAddrV6 = msgpack_core::from_slice(&msgpack_core::to_vec(&addr)?)?;
/// assert_eq!(back, SocketAddrV6::new(Ipv6Addr::LOCALHOST, 8080, 0, 0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Encode for SocketAddrV6 {
    const MAX_LEN: usize = array_header_size(2) + Ipv6Addr::MAX_LEN + u16::MAX_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        (*self.ip(), self.port()).encode(e)
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        (*self.ip(), self.port()).encoded_len()
    }
}

impl<'de> Decode<'de> for SocketAddrV6 {
    #[inline]
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        let (ip, port) = <(Ipv6Addr, u16)>::decode(d)?;
        Ok(SocketAddrV6::new(ip, port, 0, 0))
    }
}

/// `{"V4": [ip, port]}` or `{"V6": [ip, port]}`.
impl Encode for SocketAddr {
    const MAX_LEN: usize = 1 + 3 + SocketAddrV6::MAX_LEN;
    #[inline]
    fn encode<W: Write>(&self, e: &mut Encoder<W>) -> Result<(), encode::Error<W::Error>> {
        match self {
            SocketAddr::V4(a) => forms::encode_variant("V4", a, e),
            SocketAddr::V6(a) => forms::encode_variant("V6", a, e),
        }
    }
    #[inline]
    fn encoded_len(&self) -> usize {
        match self {
            SocketAddr::V4(a) => forms::variant_len("V4", a),
            SocketAddr::V6(a) => forms::variant_len("V6", a),
        }
    }
}

impl<'de> Decode<'de> for SocketAddr {
    fn decode(d: &mut Decoder<'de>) -> Result<Self, Error> {
        match forms::read_tag(d, "SocketAddr")? {
            (Tag::Data(tag), tag_at) => {
                let a = match tag {
                    b"V4" => SocketAddr::V4(SocketAddrV4::decode(d).map_err(|e| e.at_field("V4"))?),
                    b"V6" => SocketAddr::V6(SocketAddrV6::decode(d).map_err(|e| e.at_field("V6"))?),
                    _ => return Err(forms::unknown_variant(d, "SocketAddr", tag_at)),
                };
                d.leave();
                Ok(a)
            }
            (Tag::Unit(_), tag_at) => Err(forms::unknown_variant(d, "SocketAddr", tag_at)),
        }
    }
}

const OCTET: ShapeRef = <u8 as Schema>::SHAPE;

impl Schema for Ipv4Addr {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Seq { elem: OCTET, len: Some(4) });
}

impl Schema for Ipv6Addr {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Seq { elem: OCTET, len: Some(16) });
}

impl Schema for SocketAddrV4 {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[Ipv4Addr::SHAPE, <u16 as Schema>::SHAPE]));
}

impl Schema for SocketAddrV6 {
    const SHAPE: ShapeRef = ShapeRef::new(&Shape::Tuple(&[Ipv6Addr::SHAPE, <u16 as Schema>::SHAPE]));
}

static IP_ADDR: Shape = Shape::Enum(&EnumDef {
    name: "IpAddr",
    id: "core::net::IpAddr",
    generic: false,
    tagging: Tagging::External,
    variants: &[
        forms::variant("V4", Payload::Newtype(Ipv4Addr::SHAPE)),
        forms::variant("V6", Payload::Newtype(Ipv6Addr::SHAPE)),
    ],
    other: false,
});

impl Schema for IpAddr {
    const SHAPE: ShapeRef = ShapeRef::new(&IP_ADDR);
}

static SOCKET_ADDR: Shape = Shape::Enum(&EnumDef {
    name: "SocketAddr",
    id: "core::net::SocketAddr",
    generic: false,
    tagging: Tagging::External,
    variants: &[
        forms::variant("V4", Payload::Newtype(SocketAddrV4::SHAPE)),
        forms::variant("V6", Payload::Newtype(SocketAddrV6::SHAPE)),
    ],
    other: false,
});

impl Schema for SocketAddr {
    const SHAPE: ShapeRef = ShapeRef::new(&SOCKET_ADDR);
}
