//! Reading map entries into a struct or struct variant: an in-order fast
//! path (the next raw key bytes compared with the expected field's
//! pre-encoded key), then a match on the key for any order; keys no field
//! knows go to the flattened fields (their `DecodeBody`), then are skipped
//! (or rejected with `deny_unknown_fields`); duplicates are errors;
//! missing fields take their default or give an error naming them.
//!
//! A named struct reads through its own `DecodeBody`, generated here: one
//! accumulator (a tuple of `Option`s), the in-order path
//! (`take_in_order`), the key match (`take`, mapping a key to its field's
//! index), the field decoders (`take_index`) and the build (`finish`),
//! each written once and shared by its own decode, its other
//! form and any struct that flattens it. Struct variants keep their own
//! inline reading (`map_entries`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use super::field::{
    absent_value, build_defaulted, construct, flatten_finish, flatten_trait, flatten_trait_in, is_plain, is_required,
    skipped_value, value_decode,
};
use crate::ast::Names;
use crate::ast::{Container, Field, Form, Key, Style};
use crate::wire;

/// The pattern of a field's key and aliases, as `__private::Key`.
fn key_pattern(krate: &syn::Path, f: &Field) -> TokenStream {
    match &f.key {
        Key::Str(s) => {
            // The key, then its aliases (read, never written).
            let lits = std::iter::once(s.clone())
                .chain(f.attrs.aliases.iter().map(|a| a.value()))
                .map(|k| wire::lit(k.as_bytes()));
            quote!(#(#krate::__private::Key::Str(#lits))|*)
        }
        Key::Int(v) => {
            let v = proc_macro2::Literal::i128_unsuffixed(*v as i128);
            quote!(#krate::__private::Key::Int(#v))
        }
    }
}

/// The match arms storing each keyed field's value in its slot: `pat`
/// gives an arm's pattern (the field's key and aliases, or its wire
/// position for `take_index`), `slot` its place (a local or an
/// accumulator's element), both from the field's index.
fn keyed_arms(
    n: &Names,
    fields: &[Field],
    pat: &dyn Fn(usize, &Field) -> TokenStream,
    slot: &dyn Fn(usize) -> TokenStream,
    done: &TokenStream,
) -> Vec<TokenStream> {
    let krate = &n.krate;
    fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.is_read() && !f.attrs.flatten.is_set())
        .map(|(i, f)| {
            let slot = slot(i);
            let pat = pat(i, f);
            let name = f.display_name();
            if !is_plain(f) {
                let dec = value_decode(n, f, true);
                return quote! {
                    #pat => {
                        if #slot.is_some() {
                            return __Result::Err(#krate::__private::duplicate_field(__d, #name, __key_at));
                        }
                        #slot = __Option::Some(#dec);
                        #done
                    }
                };
            }
            let helper = super::field::typed_helper(n, f, "take_field");
            let take = quote!(#helper(&mut #slot, __d, #name, __key_at)?);
            if done.is_empty() {
                return quote!(#pat => #take,);
            }
            quote! {
                #pat => {
                    #take;
                    #done
                }
            }
        })
        .collect()
}

/// `A::take(..)? || B::take(..)?` over the flattened fields (`false`
/// without any), then the same with `take_rest`.
fn flatten_calls(n: &Names, fields: &[Field], slot: &dyn Fn(usize) -> TokenStream) -> (TokenStream, TokenStream) {
    let flat: Vec<(usize, &Field)> =
        fields.iter().enumerate().filter(|(_, f)| f.is_read() && f.attrs.flatten.is_set()).collect();
    if flat.is_empty() {
        return (quote!(false), quote!(false));
    }
    let take = flat.iter().map(|(i, f)| {
        let t = flatten_trait(n, f);
        let s = slot(*i);
        quote!(#t::take(&mut #s, __key, __key_at, __d)?)
    });
    let rest = flat.iter().map(|(i, f)| {
        let t = flatten_trait(n, f);
        let s = slot(*i);
        quote!(#t::take_rest(&mut #s, __key_at, __d)?)
    });
    (quote!(#(#take)||*), quote!(#(#rest)||*))
}

/// Whether the in-order path passes over a field whose key is not next
/// (an `Option`, or a field with a default, as written by `omit_defaults`
/// / `skip_if`).
fn may_be_absent(cont: &Container, f: &Field) -> bool {
    f.is_option || f.attrs.default.get().is_some() || cont.attrs.default.is_set()
}

/// The in-order fast path (inside a block labelled `'__fast`, with
/// `__left` the entries still to read): one comparison of raw key bytes
/// per field. A field that may be absent (an `Option` or a field with a
/// default, as written by `omit_defaults` / `skip_if`) is passed over when
/// its key is not next; a flattened struct reads its own keys in order
/// (`take_in_order`) at its place; any other surprise leaves the rest to
/// the general loop.
///
/// A run of fixed-layout fields (see `layout::runs`) is first tried as one
/// template, keys included: all its fields at once, or, when the input
/// holds anything else there, its fields' own steps.
fn fast_path(cont: &Container, n: &Names, fields: &[Field], slot: &dyn Fn(usize) -> TokenStream) -> TokenStream {
    let runs = crate::ast::layout::runs(cont, fields);
    let mut stmts = Vec::new();
    let mut i = 0;
    while i < fields.len() {
        if let Some(run) = runs.iter().find(|r| r.start == i) {
            let steps = (run.start..run.end).map(|j| fast_step(cont, n, &fields[j], &slot(j)));
            stmts.push(run_step(n, &fields[run.start..run.end], run.start, slot, quote!(#(#steps)*)));
            i = run.end;
            continue;
        }
        if fields[i].is_read() {
            stmts.push(fast_step(cont, n, &fields[i], &slot(i)));
        }
        i += 1;
    }
    quote!('__fast: { #(#stmts)* })
}

/// A run's step of [`fast_path`]: its template (keys and values) into the
/// slots of fields `first..`, else `steps` (the fields' own steps).
fn run_step(
    n: &Names,
    run: &[Field],
    first: usize,
    slot: &dyn Fn(usize) -> TokenStream,
    steps: TokenStream,
) -> TokenStream {
    let krate = &n.krate;
    let tr = quote!(#krate::Decode<'de>);
    let layout = crate::wire::run_layout(n, run, true, &tr);
    let read = super::layout::run_read(n, run, true);
    let count = run.len();
    let vals: Vec<syn::Ident> = (0..count).map(|i| format_ident!("__run{}", i)).collect();
    let stores = (0..count).map(|i| {
        let s = slot(first + i);
        let v = &vals[i];
        quote!(#s = __Option::Some(#v);)
    });
    quote! {
        '__run: {
            if __left >= #count {
                if let __Option::Some((#(#vals,)*)) = #krate::__private::fixed_run(__d, const { &#layout }, #read) {
                    #(#stores)*
                    __left -= #count;
                    break '__run;
                }
            }
            #steps
        }
    }
}

/// One field's step of [`fast_path`], its value into `slot`.
fn fast_step(cont: &Container, n: &Names, f: &Field, slot: &TokenStream) -> TokenStream {
    if f.attrs.flatten.is_set() {
        let t = flatten_trait(n, f);
        return quote!(#t::take_in_order(&mut #slot, __d, &mut __left)?;);
    }
    let key = wire::lit(&wire::key(&f.key));
    // Written out per field, not through a shared step function: with
    // one, LLVM stopped inlining `<&str>::decode` into W1's `NodeRef`
    // decode (callgrind).
    let dec = value_decode(n, f, true);
    let otherwise = if may_be_absent(cont, f) { quote!() } else { quote!(else { break '__fast; }) };
    quote! {
        if __left == 0 {
            break '__fast;
        }
        if __d.eat_raw(#key) {
            #slot = __Option::Some(#dec);
            __left -= 1;
        } #otherwise
    }
}

/// Builds the struct from the slots `__v0`, `__v1`, ... (`Option`s, and
/// accumulators for flattened fields).
///
/// One match on the tuple of slots: the first arm takes every required
/// field out of its `Some` and builds the struct; the second (only when
/// some field is required) names the first one missing. No `?` per
/// required field: each of those was an exit of its own, dropping the
/// values built so far and the slots not yet taken, a cleanup path per
/// field (quadratic in the field count).
///
/// With `acc`, the slots are the fields of the tuple `__acc` (a body's
/// `finish`): the match takes the tuple itself.
fn build(
    cont: &Container,
    n: &Names,
    fields: &[Field],
    ctor: &TokenStream,
    slots: &[syn::Ident],
    acc: bool,
) -> TokenStream {
    let unpack = |body: TokenStream| {
        if !acc {
            return body;
        }
        let bind = fields.iter().zip(slots).filter(|(f, _)| f.is_read()).map(|(_, s)| s);
        quote!({
            #[allow(unused_variables)]
            let (#(#bind,)*) = __acc;
            #body
        })
    };
    if fields.is_empty() {
        return unpack(quote!(#ctor {}));
    }
    if cont.attrs.default.is_set() {
        return unpack(build_defaulted(cont, n, ctor, fields, slots));
    }
    let krate = &n.krate;
    let wire: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.is_read()).collect();
    // With a flattened field, whose own missing fields are found by its
    // `finish`, the fields are checked one by one in declaration order
    // (the first missing one is reported, wherever it is).
    let sequential = fields.iter().any(|f| f.is_read() && f.attrs.flatten.is_set());
    let required = |f: &Field| !sequential && is_required(cont, f);
    let pats = wire.iter().map(|(i, f)| {
        let slot = &slots[*i];
        if required(f) { quote!(__Option::Some(#slot)) } else { quote!(#slot) }
    });
    let values: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if !f.is_read() {
                return skipped_value(cont, f);
            }
            let slot = &slots[i];
            if f.attrs.flatten.is_set() {
                return flatten_finish(n, f, slot, cont.form());
            }
            if required(f) {
                return quote!(#slot);
            }
            // An absent `Option` is `None`: `Option<Option<T>>::flatten`.
            if f.is_option && f.attrs.default.get().is_none() {
                return quote!(__Option::flatten(#slot));
            }
            let absent = absent_value(cont, n, f);
            quote!(match #slot {
                __Option::Some(__x) => __x,
                __Option::None => #absent,
            })
        })
        .collect();
    let bind = wire.iter().map(|(i, _)| &slots[*i]);
    let scrutinee = if acc { quote!(__acc) } else { quote!((#(#bind,)*)) };
    let built = construct(ctor, Style::Struct, fields, &values);
    let missing: Vec<TokenStream> = wire
        .iter()
        .enumerate()
        .filter(|(_, (_, f))| required(f))
        .map(|(p, (_, f))| {
            let p = syn::Index::from(p);
            let name = f.display_name();
            quote!((__t.#p.is_none(), #name))
        })
        .collect();
    if missing.is_empty() {
        return quote!(match #scrutinee { (#(#pats,)*) => #built });
    }
    quote!(match #scrutinee {
        (#(#pats,)*) => #built,
        __t => return __Result::Err(#krate::__private::first_missing(__d, __at, &[#(#missing),*])),
    })
}

/// Reads `__len` map entries (header already read) into a struct or struct
/// variant built by `ctor`. Expects `__d`, `__len`, `__at`, `__skip_key`.
///
/// A struct reads through its own `DecodeBody` instead (see the module
/// docs): this is for struct variants.
pub(super) fn map_entries(cont: &Container, n: &Names, fields: &[Field], ctor: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let slots: Vec<syn::Ident> = (0..fields.len()).map(|i| format_ident!("__v{}", i)).collect();
    let wire: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.is_read()).collect();
    let decls = wire.iter().map(|(i, f)| {
        let slot = &slots[*i];
        let ty = f.ty;
        if f.attrs.flatten.is_set() {
            let t = flatten_trait(n, f);
            quote!(let mut #slot = #t::new_acc();)
        } else {
            quote!(let mut #slot: __Option<#ty> = __Option::None;)
        }
    });
    let slot_of = |i: usize| {
        let s = &slots[i];
        quote!(#s)
    };
    let key = |_: usize, f: &Field| key_pattern(krate, f);
    let arms = keyed_arms(n, fields, &key, &slot_of, &quote!());
    let unknown = if cont.attrs.deny_unknown_fields.is_set() {
        quote!(return __Result::Err(#krate::__private::unknown_field(__d, __key_at));)
    } else {
        quote!(__d.skip()?;)
    };
    let (take, rest) = flatten_calls(n, fields, &slot_of);
    let other = if take.to_string() == "false" { unknown } else { quote!(if #take || #rest {} else { #unknown }) };
    let build = build(cont, n, fields, ctor, &slots, false);
    let fast_block = fast_path(cont, n, fields, &slot_of);
    quote! {{
        let _ = __at;
        #[allow(unused_mut)]
        let mut __skip_key = __skip_key;
        #(#decls)*
        let mut __left: usize = __len;
        #fast_block
        while __left > 0 {
            __left -= 1;
            let __key_at = __d.position();
            let __key = #krate::__private::read_key(__d)?;
            match __key {
                #(#arms)*
                #krate::__private::Key::Str(__k) if __skip_key.is_some_and(|__t| __t.is(__k)) => {
                    if let __Option::Some(__t) = __skip_key.as_mut() {
                        __t.seen(__d, __key_at)?;
                    }
                }
                _ => {
                    #other
                }
            }
        }
        #build
    }}
}

/// `impl DecodeBody<'de, F>` for a named struct (either form): its
/// accumulator is a tuple of its fields' slots (`Option<T>`, or a
/// flattened field's own accumulator).
pub(super) fn body_impl(cont: &Container, n: &Names, fields: &[Field], head: &TokenStream) -> TokenStream {
    let krate = &n.krate;
    let form = cont.form();
    let flat = crate::ast::has_flatten(fields);
    let wire: Vec<(usize, &Field)> = fields.iter().enumerate().filter(|(_, f)| f.is_read()).collect();
    let pos = |i: usize| wire.iter().position(|(j, _)| *j == i).expect("a wire field");
    let acc_types = wire.iter().map(|(_, f)| {
        let ty = f.ty;
        if f.attrs.flatten.is_set() {
            let t = flatten_trait_in(n, f, form);
            quote!(#t::Acc)
        } else {
            quote!(__Option<#ty>)
        }
    });
    let acc_new = wire.iter().map(|(_, f)| {
        if f.attrs.flatten.is_set() {
            let t = flatten_trait_in(n, f, form);
            quote!(#t::new_acc())
        } else {
            quote!(__Option::None)
        }
    });
    let in_acc = |i: usize| {
        let p = syn::Index::from(pos(i));
        quote!(__acc.#p)
    };
    let this = {
        let body = n.decode_body(form);
        quote!(<Self as #body>)
    };
    // Key to position, then one call of `take_index`: each field's
    // decoder once in what LLVM gets (the any-order path pays one more
    // jump per key).
    let key_arms: Vec<TokenStream> = wire
        .iter()
        .enumerate()
        .filter(|(_, (_, f))| !f.attrs.flatten.is_set())
        .map(|(p, (_, f))| {
            let pat = key_pattern(krate, f);
            quote!(#pat => #p,)
        })
        .collect();
    let position = |i: usize, _: &Field| {
        let p = pos(i);
        quote!(#p)
    };
    let index_body = if form == Form::Array && flat {
        positional_take_index(n, fields, &in_acc)
    } else {
        let index_arms = keyed_arms(n, fields, &position, &in_acc, &quote!());
        if index_arms.is_empty() {
            quote!(__Result::Ok(false))
        } else {
            quote! {
                match __index {
                    #(#index_arms)*
                    _ => return __Result::Ok(false),
                }
                __Result::Ok(true)
            }
        }
    };
    let checks = crate::ast::field_check::field_checks(cont, crate::ast::field_check::Side::Decode);
    // Its own in-order path, for its own decode of a map and for a struct
    // that flattens it: the fast path's steps on the accumulator. (One line
    // per field through a generic `in_order(slot, d, left, key, name,
    // may_be_absent)` step instead ran more instructions in W6's decode,
    // callgrind.) An `array`-form struct with flattened
    // fields is never read from a map.
    let in_order = if form == Form::Array && flat {
        quote!()
    } else {
        let fast_block = fast_path(cont, n, fields, &in_acc);
        quote! {
            #[inline(always)]
            fn take_in_order(
                __acc: &mut Self::Acc,
                __d: &mut #krate::Decoder<'de>,
                __left_ref: &mut usize,
            ) -> __Result<(), #krate::decode::Error> {
                #checks
                let mut __left = *__left_ref;
                #fast_block
                *__left_ref = __left;
                __Result::Ok(())
            }
        }
    };
    let (take, rest) =
        if form == Form::Map { flatten_calls(n, fields, &in_acc) } else { (quote!(false), quote!(false)) };
    let take_body = if key_arms.is_empty() || (form == Form::Array && flat) {
        quote! {
            let _ = (&__acc, __key_at, &__key, &__d);
            __Result::Ok(#take)
        }
    } else {
        quote! {
            #[allow(unreachable_patterns)]
            let __i = match __key {
                #(#key_arms)*
                _ => return __Result::Ok(#take),
            };
            #this::take_index(__acc, __i, __key_at, __d)
        }
    };
    let slots: Vec<syn::Ident> = (0..fields.len()).map(|i| format_ident!("__v{}", i)).collect();
    let build = build(cont, n, fields, &quote!(Self), &slots, true);
    let catch_alls: Vec<TokenStream> = wire
        .iter()
        .filter(|(_, f)| form == Form::Map && f.attrs.flatten.is_set())
        .map(|(_, f)| {
            let t = flatten_trait(n, f);
            quote!(|| #t::CATCH_ALL)
        })
        .collect();
    // The trait's defaults (`false`, no second round) are not spelled out.
    let catch_all =
        if catch_alls.is_empty() { quote!() } else { quote!(const CATCH_ALL: bool = false #(#catch_alls)*;) };
    let deny = if cont.attrs.deny_unknown_fields.is_set() {
        quote!(
            const DENY_UNKNOWN: bool = true;
        )
    } else {
        quote!()
    };
    let take_rest = if !(form == Form::Map && flat) {
        quote!()
    } else {
        quote! {
            #[inline]
            fn take_rest(
                __acc: &mut Self::Acc,
                __key_at: usize,
                __d: &mut #krate::Decoder<'de>,
            ) -> __Result<bool, #krate::decode::Error> {
                let _ = (&__acc, __key_at, &__d);
                __Result::Ok(#rest)
            }
        }
    };
    let own = wire.iter().filter(|(_, f)| !f.attrs.flatten.is_set()).count();
    let elems = if form == Form::Array {
        let nested = wire.iter().filter(|(_, f)| f.attrs.flatten.is_set()).map(|(_, f)| {
            let t = flatten_trait_in(n, f, form);
            quote!(+ #t::ELEMS)
        });
        quote!(#own #(#nested)*)
    } else {
        quote!(#own)
    };
    let only = match (form, flat) {
        (Form::Array, true) => quote!(
            const ARRAY_ONLY: bool = true;
        ),
        (Form::Map, true) => quote!(
            const MAP_ONLY: bool = true;
        ),
        _ => quote!(),
    };
    quote! {
        #head {
            type Acc = (#(#acc_types,)*);
            #catch_all
            #deny
            const ELEMS: usize = #elems;
            #only
            #[inline(always)]
            fn new_acc() -> Self::Acc {
                (#(#acc_new,)*)
            }
            #in_order
            #[inline(always)]
            fn take(
                __acc: &mut Self::Acc,
                __key: #krate::__private::Key<'de>,
                __key_at: usize,
                __d: &mut #krate::Decoder<'de>,
            ) -> __Result<bool, #krate::decode::Error> {
                #take_body
            }
            // One copy per struct, called by the any-order loop (through
            // `take`) and the array form: the in-order path has its own
            // inlined decoders, and a second inlined copy of every field's
            // decoder in each caller was LLVM's work for a cold path.
            #[inline(never)]
            fn take_index(
                __acc: &mut Self::Acc,
                __index: usize,
                __key_at: usize,
                __d: &mut #krate::Decoder<'de>,
            ) -> __Result<bool, #krate::decode::Error> {
                #checks
                let _ = (&__acc, __key_at, &__d);
                #index_body
            }
            #take_rest
            #[inline(always)]
            fn finish(
                __acc: Self::Acc,
                __d: &#krate::Decoder<'de>,
                __at: usize,
            ) -> __Result<Self, #krate::decode::Error> {
                #checks
                __Result::Ok(#build)
            }
        }
    }
}

/// `take_index` of an `array`-form struct with flattened fields: position
/// by position, each flattened struct taking the next `ELEMS` positions
/// (through its own `take_index`), each own field one.
fn positional_take_index(n: &Names, fields: &[Field], slot: &dyn Fn(usize) -> TokenStream) -> TokenStream {
    let steps = fields.iter().enumerate().filter(|(_, f)| f.is_read()).map(|(i, f)| {
        let s = slot(i);
        if f.attrs.flatten.is_set() {
            let t = flatten_trait_in(n, f, Form::Array);
            return quote! {
                if __i < #t::ELEMS {
                    return #t::take_index(&mut #s, __i, __key_at, __d);
                }
                __i -= #t::ELEMS;
            };
        }
        let name = f.display_name();
        let take = if is_plain(f) {
            let helper = super::field::typed_helper(n, f, "take_field");
            quote!(#helper(&mut #s, __d, #name, __key_at)?;)
        } else {
            let dec = value_decode(n, f, true);
            quote!(#s = __Option::Some(#dec);)
        };
        quote! {
            if __i == 0 {
                #take
                return __Result::Ok(true);
            }
            __i -= 1;
        }
    });
    quote! {
        let mut __i = __index;
        #(#steps)*
        let _ = __i;
        __Result::Ok(false)
    }
}
