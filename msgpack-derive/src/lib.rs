//! `#[derive(MsgPack)]`: generated MessagePack encoders and decoders.
//!
//! Use it through `msgpack-core`, which re-exports it (feature `derive`, on
//! by default); the attribute reference is on `msgpack_core::MsgPack`.
//!
//! The derive is a pipeline, one pass per module: `attr` turns
//! `#[msgpack(...)]` attributes into typed values (their vocabulary, serde's
//! spellings included, in `keyword`; serde's two-halved forms in `split`), `ast` builds the
//! container model keeping the syn nodes for spans (with the facts every
//! pass shares: the crate's `Names`, a variant's integer, whether a struct
//! flattens, which fields have a fixed layout, the bounds a parameter
//! needs), `check` holds every rule that involves more than one attribute
//! (reported through `ctxt::Ctxt`, plus the `const` assertions only the
//! compiler can evaluate), then `encode` and `decode` generate code that
//! never validates (their submodules mirror each other: `field`, `map`,
//! `array`, `elems`, `enums`, `layout`), `schema` the `const` wire
//! descriptor used by compile-time compatibility checks, `lock` the checks
//! against a schema lock file, and `proxy` the impls of `from` / `into`
//! types. `wire` holds the bytes the generated code writes pre-encoded.
//! Errors are collected in a `Ctxt` and reported together; when there
//! are any, `fallback` emits empty impls so one mistake gives one error,
//! not a cascade.
//!
//! The layers, lowest first: `ctxt`, `case`, `keyword`; `split`; `attr`; `ast`; `wire`; the
//! passes (`check`, `encode`, `decode`, `schema`, `lock`, `proxy`,
//! `fallback`), which import the layers below and never each other;
//! `expand`, the only caller of the passes. `tools/import_graph.py` checks
//! this in CI (no import circles between files, no import up the layers).

mod ast;
mod attr;
mod case;
mod check;
mod ctxt;
mod decode;
mod encode;
mod expand;
mod fallback;
mod keyword;
mod lock;
mod proxy;
mod schema;
#[cfg(test)]
mod snapshot;
mod split;
mod wire;

use proc_macro::TokenStream;

/// Derives `Encode` and `Decode` (see `msgpack_core::MsgPack` for the docs).
///
/// Use it through the `msgpack_core::MsgPack` re-export:
///
/// ```
/// use msgpack_core::MsgPack;
///
/// #[derive(MsgPack, Debug, PartialEq)]
/// struct Point {
///     x: i32,
///     y: i32,
/// }
///
/// let bytes = msgpack_core::to_vec(&Point { x: 1, y: -1 }).unwrap();
/// // A map of 2 entries, keyed by the field names.
/// assert_eq!(bytes, [0x82, 0xa1, b'x', 0x01, 0xa1, b'y', 0xff]);
/// assert_eq!(msgpack_core::from_slice::<Point>(&bytes).unwrap(), Point { x: 1, y: -1 });
/// ```
#[proc_macro_derive(MsgPack, attributes(msgpack))]
pub fn derive_msgpack(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
