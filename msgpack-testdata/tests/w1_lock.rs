//! The W1 types are locked (`schemas/w1/Node.msgpack-schema` of this crate,
//! checked by the compiler against every recorded version): the owned and
//! the borrowed tree have the same wire schema, the latest recorded one.
//! (`MSGPACK_SCHEMA=bless cargo test -p msgpack-testdata` records a new
//! version, relative to this crate's directory.)

use msgpack_testdata::w1::{Node, NodeRef};

#[test]
fn w1_schema_is_locked() {
    msgpack_schema::check_all!(Node, NodeRef<'static>);
}
