//! Snapshot tests of the expansion: the code generated for a few
//! representative types, pretty-printed and compared with the files in
//! `tests/expand/`, so that every change to the shape of the generated
//! code (what the optimiser sees, how much the compiler has to chew) shows
//! up in review. After an intended change, regenerate them with
//! `MSGPACK_BLESS=1 cargo test -p msgpack-derive --lib snapshot` and read
//! the diff.

use std::path::PathBuf;

/// Expands `input` and compares it with `tests/expand/{name}.rs`.
fn check(name: &str, input: &str) {
    let input: syn::DeriveInput = syn::parse_str(input).expect("test input parses");
    let tokens = crate::expand::derive(&input);
    let file: syn::File = syn::parse2(tokens).expect("the expansion is a list of items");
    let got = format!(
        "// The expansion of `#[derive(MsgPack)]` on the type below; see src/snapshot.rs.\n//\n{}\n{}",
        input_comment(&input),
        prettyplease::unparse(&file)
    );
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/expand").join(format!("{name}.rs"));
    if std::env::var_os("MSGPACK_BLESS").is_some() {
        std::fs::write(&path, &got).expect("write the snapshot");
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    if got != want {
        let line = got
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(got.lines().count().min(want.lines().count()));
        panic!(
            "the expansion of {name} changed (first difference at line {}); if intended, run \
             `MSGPACK_BLESS=1 cargo test -p msgpack-derive --lib snapshot` and review the diff of {}",
            line + 1,
            path.display()
        );
    }
}

/// The input type, as comment lines.
fn input_comment(input: &syn::DeriveInput) -> String {
    let file = syn::File { shebang: None, attrs: Vec::new(), items: vec![syn::Item::Struct(as_struct(input))] };
    prettyplease::unparse(&file).lines().map(|l| format!("// {l}\n")).collect()
}

fn as_struct(input: &syn::DeriveInput) -> syn::ItemStruct {
    let syn::Data::Struct(data) = &input.data else { panic!("snapshot inputs are structs") };
    syn::ItemStruct {
        attrs: input.attrs.clone(),
        vis: input.vis.clone(),
        struct_token: data.struct_token,
        ident: input.ident.clone(),
        generics: input.generics.clone(),
        fields: data.fields.clone(),
        semi_token: data.semi_token,
    }
}

#[test]
fn array_form_struct_of_floats() {
    check(
        "vector3",
        "#[msgpack(array)]
        pub struct Vector3 { pub x: f32, pub y: f32, pub z: f32 }",
    );
}

#[test]
fn map_form_struct() {
    check("inner", "pub struct Inner { pub bool: bool, pub f64: f64, pub i8: i8, pub u64: u64 }");
}

/// The shape of the structs `derive-cost` measures (issue 17): integers, a
/// float, strings, an option, a vector, a map and a nested struct. Its
/// expansion's size is what every user compiles per type: review growth.
#[test]
fn representative_struct() {
    check(
        "representative",
        "pub struct Order {
            pub id: u64,
            pub customer: String,
            pub note: Option<String>,
            pub items: Vec<u32>,
            pub totals: BTreeMap<String, u32>,
            pub weight: f32,
            pub express: bool,
            pub address: Address,
        }",
    );
}

/// Runs of fixed-layout fields between variable ones (the performance
/// issue's templates): `x, y, visible` are read from one template, keys
/// included, when the input holds them in order.
#[test]
fn map_form_struct_with_a_run() {
    check("run", "pub struct Marker { pub id: u32, pub x: f64, pub y: f64, pub visible: bool, pub label: String }");
}

/// With errors in the input, the stub impls (`fallback`) name the crate of
/// `#[msgpack(crate = "...")]`, so that a user who renamed the core gets
/// the real error alone, not an unresolved `::msgpack_core` beside it.
#[test]
fn fallback_names_the_crate_of_the_attribute() {
    let input: syn::DeriveInput =
        syn::parse_str(r#"#[msgpack(crate = "my_core", array, map)] struct S { a: u8 }"#).expect("test input parses");
    let out = crate::expand::derive(&input).to_string();
    assert!(out.contains("compile_error"), "the conflicting forms are an error: {out}");
    assert!(out.contains("use my_core as __msgpack"), "the stubs use the attribute's crate: {out}");
    assert!(out.contains("__msgpack :: Encode"), "through the block's alias: {out}");
    assert!(!out.contains("msgpack_core"), "no default crate path is left: {out}");
}
