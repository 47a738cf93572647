//! W5 (rust_serialization_benchmark shapes, quick sizes): every row passes its
//! check on its own bytes, rows not marked `differs` write the canonical
//! bytes (zerompk and rmp-serde compact included), the canonical bytes read
//! back with rmp-serde, the differing rows hold the same values, and a few
//! elements are spelled out byte by byte from the generator's recipe.

use msgpack_bench::harness::names;
use msgpack_bench::w5::SplitMix64;
use msgpack_bench::{Case, Row, w5};
use msgpack_core::Value;

fn cases() -> Vec<Case> {
    (w5::workload().cases)(true)
}

fn case(name: &str) -> Case {
    cases().into_iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no case {name}"))
}

fn row<'a>(case: &'a Case, name: &str) -> &'a Row {
    case.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("{}: no row {name:?}", case.name))
}

fn encode(case: &Case, name: &str) -> Vec<u8> {
    row(case, name).run_encode().expect("the row encodes").unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// rmpv's reading of the bytes: values only (an integer is the same value
/// whichever format wrote it).
fn values(bytes: &[u8]) -> rmpv::Value {
    let mut rest = bytes;
    let v = rmpv::decode::read_value(&mut rest).expect("valid MessagePack");
    assert!(rest.is_empty(), "{} bytes after the value", rest.len());
    v
}

fn array(v: &Value) -> &[Value] {
    v.as_array().unwrap_or_else(|| panic!("not an array: {v}"))
}

#[test]
fn workload_metadata() {
    let w = w5::workload();
    assert_eq!(w.id, "W5");
    assert_eq!(w.title, "rust_serialization_benchmark shapes: mesh, game state, access log, save file");
    assert!(w.source.starts_with("djkoloski/rust_serialization_benchmark"));
    let quick: Vec<(String, &str, u64, usize)> = cases()
        .into_iter()
        .map(|c| {
            let items = c.items.expect("per-item figures");
            (c.name, items.unit, items.count, c.canonical.len())
        })
        .collect();
    let want = [
        ("mesh", "triangle", 1_000, 65_004),
        ("game state", "update", 10, 17_998),
        ("access log", "log", 200, 15_805),
        ("save file", "player", 10, 8_676),
    ];
    let want: Vec<(String, &str, u64, usize)> = want.iter().map(|&(n, u, c, b)| (n.to_string(), u, c, b)).collect();
    assert_eq!(quick, want);
    assert!(cases().iter().all(|c| c.quick && c.workload == "W5"));
}

/// The full cases' sizes, as `WORKLOADS.md` lists them.
#[test]
fn full_sizes() {
    let full: Vec<(String, u64, usize)> = (w5::workload().cases)(false)
        .into_iter()
        .map(|c| (c.name, c.items.expect("items").count, c.canonical.len()))
        .collect();
    let want = [
        ("mesh", 125_000, 8_125_006),
        ("game state", 1_000, 1_635_691),
        ("access log", 10_000, 785_536),
        ("save file", 500, 427_622),
    ];
    let want: Vec<(String, u64, usize)> = want.iter().map(|&(n, c, b)| (n.to_string(), c, b)).collect();
    assert_eq!(full, want);
}

/// What the runner does before timing, for every row of every case: encode
/// (the canonical bytes unless the row says why not), the reused-buffer
/// encode if the row has one (the same bytes), the check and the decode on
/// the row's own bytes.
#[test]
fn every_row_passes_its_check() {
    for c in cases() {
        assert!(c.rows.iter().all(|r| r.unsupported.is_none()), "{}: a row is unsupported", c.name);
        for row in &c.rows {
            let at = format!("{} / {}", c.name, row.name);
            let bytes = match row.run_encode() {
                Some(r) => r.unwrap_or_else(|e| panic!("{at}: encode failed: {e}")),
                None => c.canonical.clone(),
            };
            match &row.differs {
                None => assert!(bytes == c.canonical, "{at}: bytes differ from the canonical encoding"),
                Some(why) => {
                    assert!(!why.is_empty());
                    assert!(bytes != c.canonical || row.name == names::MEMCPY, "{at}: marked differs but canonical");
                }
            }
            let mut buf = vec![0u8; 2 * c.canonical.len() + 1024];
            if let Some(r) = row.run_reuse(&mut buf) {
                let n = r.unwrap_or_else(|e| panic!("{at}: reused-buffer encode failed: {e}"));
                assert!(buf[..n] == bytes[..], "{at}: the reused-buffer encode writes other bytes");
            }
            match row.run_check(&bytes) {
                Some(r) => r.unwrap_or_else(|e| panic!("{at}: check failed: {e}")),
                None => assert!(row.name.contains("(floor)"), "{at}: no check"),
            }
            match row.run_decode(&bytes) {
                Some(r) => r.unwrap_or_else(|e| panic!("{at}: decode failed: {e}")),
                None => assert_eq!(row.name, names::MEMCPY, "{at}: no decode"),
            }
        }
    }
}

/// rmp-serde and our serde path read the canonical bytes back into the
/// same data: their rows' checks decode with `rmp_serde::from_slice` and
/// `msgpack_core::serde::from_slice` and compare with the source; every
/// case has a serde-path row beside its rmp-serde rows, writing its bytes.
#[test]
fn canonical_bytes_read_back_with_rmp_serde() {
    let borrowed = format!("{}, borrowed", names::RMP_SERDE_COMPACT);
    let path_borrowed = format!("{}, borrowed", names::SERDE_PATH);
    for c in cases() {
        assert_eq!(encode(&c, names::SERDE_PATH), encode(&c, names::RMP_SERDE_COMPACT), "{}", c.name);
        let names = [names::RMP_SERDE_COMPACT, names::RMP_SERDE_NAMED, &borrowed];
        let paths = [names::SERDE_PATH, names::SERDE_PATH_NAMED, &path_borrowed];
        for (theirs, ours) in names.into_iter().zip(paths) {
            assert_eq!(c.rows.iter().any(|r| r.name == theirs), c.rows.iter().any(|r| r.name == ours), "{}", c.name);
        }
        for name in names.into_iter().chain(paths) {
            if let Some(r) = c.rows.iter().find(|r| r.name == name) {
                r.run_check(&c.canonical).unwrap().unwrap_or_else(|e| panic!("{} / {name}: {e}", c.name));
            }
        }
        // And a serde-independent reader sees one value with nothing after it.
        values(&c.canonical);
    }
}

/// zerompk's derive writes exactly our bytes where the data has no positive
/// signed integers above 127; elsewhere only integer formats differ: the
/// values are equal and we read its bytes, but it does not read ours.
#[test]
fn zerompk_bytes() {
    let all = cases();
    let zerompk_borrowed = format!("{}, borrowed", names::ZEROMPK);
    for c in &all {
        let z = encode(c, names::ZEROMPK);
        match c.name.as_str() {
            "mesh" | "access log" => {
                assert!(row(c, names::ZEROMPK).differs.is_none(), "{}", c.name);
                assert_eq!(z, c.canonical, "{}: zerompk writes other bytes", c.name);
            }
            _ => {
                assert!(row(c, names::ZEROMPK).differs.as_deref().unwrap().contains("signed format"));
                assert_ne!(z, c.canonical);
                assert_eq!(values(&z), values(&c.canonical), "{}: zerompk holds other values", c.name);
                // We read zerompk's bytes; zerompk does not read ours (nor rmp-serde's): its signed
                // readers reject the unsigned formats.
                row(c, names::DERIVE_ARRAY).run_check(&z).unwrap().expect("we read zerompk's bytes");
                row(c, names::RMP_SERDE_COMPACT).run_check(&z).unwrap().expect("rmp-serde reads zerompk's bytes");
                let err = row(c, names::ZEROMPK).run_check(&c.canonical).unwrap().unwrap_err();
                assert!(err.starts_with("Invalid marker: 20"), "{}: {err}", c.name); // 0xcc..=0xcf
            }
        }
    }
    let log = all.iter().find(|c| c.name == "access log").unwrap();
    assert_eq!(encode(log, &zerompk_borrowed), log.canonical);
    // The game state's velocities in 140..=255: one more byte each (int 16 for uint 8).
    let game = all.iter().find(|c| c.name == "game state").unwrap();
    assert_eq!(encode(game, names::ZEROMPK).len(), 18_081);
}

/// Our map form and rmp-serde's named form write the same bytes, and hold
/// the canonical bytes' values with keys added.
#[test]
fn map_rows_match_rmp_serde_named() {
    for c in cases().iter().filter(|c| c.name == "mesh" || c.name == "access log") {
        let ours = encode(c, names::DERIVE);
        assert_eq!(ours, encode(c, names::RMP_SERDE_NAMED), "{}", c.name);
        assert_eq!(ours, encode(c, names::SERDE_PATH_NAMED), "{}", c.name);
        assert_eq!(ours[0], 0x81, "{}: a map of one entry", c.name);
        // Our array-form type reads the map form too.
        row(c, names::DERIVE_ARRAY).run_check(&ours).unwrap().expect("the array-form type reads maps");
    }
}

/// `[0x93, ca x, ca y, ca z]` for the next three draws.
fn vector3(rng: &mut SplitMix64, out: &mut Vec<u8>) {
    out.push(0x93);
    for _ in 0..3 {
        out.push(0xca);
        out.extend(rng.f32().to_be_bytes());
    }
}

#[test]
fn mesh_bytes() {
    let c = case("mesh");
    // [[triangle × 1000]]: fixarray 1, array 16 of 1,000, then 65-byte triangles.
    assert_eq!(c.canonical[..4], [0x91, 0xdc, 0x03, 0xe8]);
    assert_eq!(c.canonical.len(), 4 + 1_000 * 65);
    // The first triangle, from the recipe: seed 1, v0, v1, v2, normal, each x, y, z.
    let mut rng = SplitMix64::new(1);
    let mut want = vec![0x94];
    for _ in 0..4 {
        vector3(&mut rng, &mut want);
    }
    assert_eq!(c.canonical[4..4 + 65], want[..]);
    // Every triangle is a fixarray of 4 fixarrays of 3 float 32.
    for t in c.canonical[4..].chunks(65) {
        assert_eq!(t[0], 0x94);
        for v in t[1..].chunks(16) {
            assert_eq!([v[0], v[1], v[6], v[11]], [0x93, 0xca, 0xca, 0xca]);
        }
    }
    // msgpacker: no headers on the structs, so 60 bytes a triangle and no outer array.
    assert_eq!(encode(&c, names::MSGPACKER).len(), 3 + 1_000 * 60);
}

const USERID: [&str; 9] = ["-", "alice", "bob", "carmen", "david", "eric", "frank", "george", "harry"];
const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const METHODS: [&str; 5] = ["GET", "POST", "PUT", "UPDATE", "DELETE"];
const ROUTES: [&str; 7] = [
    "/favicon.ico",
    "/css/index.css",
    "/css/font-awsome.min.css",
    "/img/logo-full.svg",
    "/img/splash.jpg",
    "/api/login",
    "/api/logout",
];
const PROTOCOLS: [&str; 4] = ["HTTP/1.0", "HTTP/1.1", "HTTP/2", "HTTP/3"];
/// The 63 codes begin with these 4; the time zones run from `-1200` to `+1200` by hours.
const CODES_START: [u16; 4] = [100, 101, 102, 103];

/// A fixstr, or a str 8 from 32 bytes on (the longest request is 40).
fn str(s: &str, out: &mut Vec<u8>) {
    match s.len() {
        0..32 => out.push(0xa0 | s.len() as u8),
        32..256 => out.extend([0xd9, s.len() as u8]),
        _ => panic!("no W5 string is that long"),
    }
    out.extend(s.as_bytes());
}

#[test]
fn access_log_bytes() {
    let c = case("access log");
    assert_eq!(c.canonical[..4], [0x91, 0xdc, 0x00, 0xc8]); // [[entry × 200]]
    // The first entry, from the recipe (seed 3): the date's day, month, year,
    // hour, minute, second, zone; the request; the address; user, code, size.
    let mut rng = SplitMix64::new(3);
    let (day, month, year) = (rng.range(1, 29), MONTHS[rng.below(12) as usize], rng.range(1970, 2022));
    let (h, m, s) = (rng.range(0, 24), rng.range(0, 60), rng.range(0, 60));
    let zone = rng.below(25) as i64 - 12;
    let date = format!("{day}/{month}/{year}:{h}:{m}:{s} {}{:02}00", if zone < 0 { '-' } else { '+' }, zone.abs());
    let request = format!(
        "{} {} {}",
        METHODS[rng.below(5) as usize],
        ROUTES[rng.below(7) as usize],
        PROTOCOLS[rng.below(4) as usize]
    );
    let address: Vec<u8> = (0..4).map(|_| rng.below(256) as u8).collect();
    let user = USERID[rng.below(9) as usize];
    let code_index = rng.below(63);
    let size = rng.range(0, 100_000_000) as u64;

    let mut want = vec![0x97, 0x94];
    for &b in &address {
        if b >= 0x80 {
            want.push(0xcc);
        }
        want.push(b);
    }
    str("-", &mut want);
    str(user, &mut want);
    str(&date, &mut want);
    str(&request, &mut want);
    let entry = &c.canonical[4..];
    assert_eq!(entry[..want.len()], want[..], "first entry: {date:?} {request:?}");
    let rest = &entry[want.len()..];
    assert_eq!(rest[0], 0xcd, "a status code is a uint 16");
    let code = u16::from_be_bytes([rest[1], rest[2]]);
    if let Some(&c) = CODES_START.get(code_index as usize) {
        assert_eq!(code, c);
    }
    let size_bytes: Vec<u8> = match size {
        0..=0x7f => vec![size as u8],
        0x80..=0xff => vec![0xcc, size as u8],
        0x100..=0xffff => [vec![0xcd], (size as u16).to_be_bytes().to_vec()].concat(),
        _ => [vec![0xce], (size as u32).to_be_bytes().to_vec()].concat(),
    };
    assert_eq!(rest[3..3 + size_bytes.len()], size_bytes[..]);

    // Every entry: 7 fields, the strings of the recipe's shapes.
    let v: Value = msgpack_core::from_slice(&c.canonical).unwrap();
    let entries = array(&array(&v)[0]);
    assert_eq!(entries.len(), 200);
    for e in entries {
        let f = array(e);
        assert_eq!(f.len(), 7);
        assert_eq!(array(&f[0]).len(), 4);
        assert_eq!(f[1].as_str(), Some("-"));
        assert!(USERID.contains(&f[2].as_str().unwrap()));
        let date = f[3].as_str().unwrap();
        assert!(date.len() <= 26 && date.contains('/') && (date.contains(" -") || date.contains(" +")), "{date}");
        assert_eq!(f[4].as_str().unwrap().split(' ').count(), 3);
        assert!((100..=511).contains(&f[5].as_u64().unwrap()));
        assert!(f[6].as_u64().unwrap() < 100_000_000);
    }
    // The borrowed rows write the owned rows' bytes.
    for name in
        [names::DERIVE_BORROWED, "ours: serde path, borrowed", "rmp-serde (compact), borrowed", "zerompk, borrowed"]
    {
        assert_eq!(encode(&c, name), c.canonical, "{name}");
    }
    assert_eq!(encode(&c, "msgpacker, borrowed"), encode(&c, names::MSGPACKER));
}

const ENTITY_TYPES: [&str; 10] =
    ["ArleighBurke", "Bismarck", "Clemenceau", "Fletcher", "G5", "Iowa", "Kolkata", "Osa", "Yasen", "Zubr"];

#[test]
fn game_state_shape() {
    let c = case("game state");
    assert_eq!(c.canonical[..2], [0x91, 0x9a]); // [[update × 10]]
    let v: Value = msgpack_core::from_slice(&c.canonical).unwrap();
    let updates = array(&array(&v)[0]);
    assert_eq!(updates.len(), 10);
    let mut contacts_seen = 0;
    for u in updates {
        let [contacts, score, radius, terrain] = array(u) else { panic!("an update has 4 fields") };
        let contacts = array(contacts);
        assert!((20..40).contains(&contacts.len()));
        assert!(score.as_u64().unwrap() < 5_050);
        let Value::F32(radius) = radius else { panic!("world_radius is a float 32: {radius}") };
        assert!((1_680.0..2_500.0).contains(radius), "{radius}");
        for t in array(terrain) {
            let [chunk, data] = array(t) else { panic!("a terrain update has 2 fields") };
            assert_eq!(array(chunk).len(), 2);
            let len = data.as_bin().expect("terrain data is bin").len();
            assert!((3..9).contains(&len) || (900..1100).contains(&len), "{len}");
        }
        for contact in contacts {
            let [damage, id, kind, guidance, player, reloads, transform, turrets] = array(contact) else {
                panic!("a contact has 8 fields")
            };
            assert!(damage.as_u64().unwrap() < 200 && id.as_u64().unwrap() < 8_000);
            // Visible contacts have a class, a player and (maybe empty) arrays; the others have nil and [].
            match kind.as_str() {
                Some(k) => assert!(ENTITY_TYPES.contains(&k) && player.as_u64().unwrap() < 400),
                None => {
                    assert!(kind.is_nil() && player.is_nil());
                    assert!(array(reloads).is_empty() && array(turrets).is_empty());
                }
            }
            assert!(array(reloads).iter().all(|r| r.as_bool().is_some()));
            assert!(array(turrets).iter().all(|a| a.as_u64().unwrap() <= 0xffff));
            assert_eq!(array(guidance).len(), 3);
            let [altitude, _angle, position, velocity] = array(transform) else { panic!("transform") };
            assert!(altitude.as_i64().unwrap() == 0 || (-120..-35).contains(&altitude.as_i64().unwrap()));
            assert!(array(position).iter().all(|p| matches!(p, Value::F32(x) if x.abs() < 750.0)));
            assert!((-225..900).contains(&velocity.as_i64().unwrap()));
            contacts_seen += 1;
        }
    }
    assert!(contacts_seen >= 200);
}

#[test]
fn save_file_shape() {
    let c = case("save file");
    assert_eq!(c.canonical[..5], [0x91, 0x9a, 0xdc, 0x00, 0x1c]); // [[player × 10]], a player is an array 16 of 28
    let v: Value = msgpack_core::from_slice(&c.canonical).unwrap();
    for p in array(&array(&v)[0]) {
        let f = array(p);
        assert_eq!(f.len(), 28);
        for kind in &f[..2] {
            assert!(["Survival", "Creative", "Adventure", "Spectator"].contains(&kind.as_str().unwrap()));
        }
        let vehicle = &f[23];
        if !vehicle.is_nil() {
            let [uuid, entity] = array(vehicle) else { panic!("a vehicle has 2 fields") };
            assert_eq!(array(uuid).len(), 4, "[u32; 4] is an array of 4");
            assert_eq!(array(entity).len(), 16);
        }
        assert_eq!(array(&f[27]).len(), 10, "the recipe book");
    }
}
