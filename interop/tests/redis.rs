//! Redis's Lua cmsgpack against msgpack-core, through the crate's small
//! RESP client: Redis reads our bytes (`cmsgpack.unpack` inside `EVAL`,
//! checked field by field in Lua) and we read `cmsgpack.pack` output into
//! derived types; then the matrix's corpus round trip for the Lua peer.
//!
//! Needs Debian's `redis-server` (CI installs it); without it the test says
//! so and passes, except under CI (`CI` set), where it fails.

use std::collections::BTreeMap;
use std::path::Path;

use msgpack_core::MsgPack;
use msgpack_interop::check::{self, Status};
use msgpack_interop::quirks::Quirks;
use msgpack_interop::redis::Server;
use msgpack_interop::resp::Reply;

fn server() -> Option<Server> {
    match Server::start() {
        Ok(s) => Some(s),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: cannot start redis-server ({e}); apt-get install redis-server");
            None
        }
        Err(e) => panic!("CI needs redis-server: {e}"),
    }
}

#[derive(MsgPack, Debug, PartialEq)]
struct Job {
    name: String,
    attempts: u32,
    tags: Vec<String>,
    weight: f64,
    limits: BTreeMap<String, i64>,
}

fn peer_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/peers/lua-redis"))
}

#[test]
fn redis_reads_our_bytes_and_we_read_its() {
    let Some(server) = server() else { return };
    let mut c = server.client().unwrap();
    let job = Job {
        name: "resize".into(),
        attempts: 3,
        tags: vec!["img".into(), "fast".into()],
        weight: 0.75,
        limits: BTreeMap::from([("cpu".into(), 2), ("mem".into(), -1)]),
    };
    let bytes = msgpack_core::to_vec(&job).unwrap();
    // Lua reads every field of our message.
    let script = br#"
        local j = cmsgpack.unpack(ARGV[1])
        return table.concat({j.name, j.attempts, j.tags[1], j.tags[2], #j.tags, j.weight, j.limits.cpu, j.limits.mem}, ",")
    "#;
    let reply = c.command(&[b"EVAL", script, b"0", &bytes]).unwrap();
    assert_eq!(reply, Reply::Bulk(Some(b"resize,3,img,fast,2,0.75,2,-1".to_vec())));

    // We read what Lua's cmsgpack.pack writes into the same type.
    let script = br#"
        return cmsgpack.pack({name = "thumb", attempts = 7, tags = {"a", "b", "c"}, weight = 1.5, limits = {io = 300}})
    "#;
    let Reply::Bulk(Some(packed)) = c.command(&[b"EVAL", script, b"0"]).unwrap() else { panic!("EVAL failed") };
    let got: Job = msgpack_core::from_slice(&packed).unwrap();
    assert_eq!(
        got,
        Job {
            name: "thumb".into(),
            attempts: 7,
            tags: vec!["a".into(), "b".into(), "c".into()],
            weight: 1.5,
            limits: BTreeMap::from([("io".into(), 300)]),
        }
    );

    // A value Lua cannot read is a Redis error, not a crash of anything.
    let reply = c.command(&[b"EVAL", b"return cmsgpack.unpack(ARGV[1])", b"0", &[0xc1]]).unwrap();
    assert!(matches!(reply, Reply::Error(_)), "{reply:?}");
}

#[test]
fn the_corpus_round_trips_through_cmsgpack() {
    let Some(server) = server() else { return };
    let quirks = Quirks::parse(&std::fs::read_to_string(peer_dir().join("quirks")).unwrap()).unwrap();
    let mut lua = msgpack_interop::redis::Lua::new(peer_dir(), &server).unwrap();
    let corpus = msgpack_interop::corpus::corpus(500, 7);
    let [ours, theirs] = check::ours_and_theirs(&mut lua, &quirks, &corpus);
    let edge = check::edge(&mut lua, &quirks);
    for (o, at_least) in [(&ours, 300), (&theirs, 300), (&edge, 50)] {
        assert_eq!(o.status, Status::Passed, "{}: {:?}", o.check, o.samples);
        assert!(o.values >= at_least, "{}: only {} values checked", o.check, o.values);
    }
}
