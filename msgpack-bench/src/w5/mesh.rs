//! W5 `mesh`: the benchmark's `mesh` dataset, a `Vec` of 125,000 triangles of
//! four `f32` vectors (`--quick`: 1,000), every float drawn in `[0, 1)`.

use std::rc::Rc;

use msgpack_core::MsgPack;

use super::{MSGPACKER_LAYOUT, NAMED, OURS_MAP, SplitMix64, canonical};
use crate::harness::{Case, names};
use crate::rows;

/// Triangles in the full case (the benchmark's size).
const TRIANGLES: usize = 125_000;
/// Triangles in the quick case.
const QUICK_TRIANGLES: usize = 1_000;
/// The generator's seed.
const SEED: u64 = 1;

array_structs! {
    /// A point or a normal, in every crate's array form.
    #[derive(Copy)]
    struct Vector3 {
        x: f32,
        y: f32,
        z: f32,
    }

    /// Three vertices and a normal.
    #[derive(Copy)]
    struct Triangle {
        v0: Vector3,
        v1: Vector3,
        v2: Vector3,
        normal: Vector3,
    }

    /// The whole mesh: a one-element array holding the triangles.
    struct Mesh {
        triangles: Vec<Triangle>,
    }
}

/// [`Vector3`] in our map form.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(map)]
pub struct Vector3Map {
    x: f32,
    y: f32,
    z: f32,
}

/// [`Triangle`] in our map form.
#[derive(MsgPack, Debug, Clone, Copy, PartialEq)]
#[msgpack(map)]
pub struct TriangleMap {
    v0: Vector3Map,
    v1: Vector3Map,
    v2: Vector3Map,
    normal: Vector3Map,
}

/// [`Mesh`] in our map form.
#[derive(MsgPack, Debug, Clone, PartialEq)]
#[msgpack(map)]
pub struct MeshMap {
    triangles: Vec<TriangleMap>,
}

impl From<Vector3> for Vector3Map {
    fn from(Vector3 { x, y, z }: Vector3) -> Self {
        Vector3Map { x, y, z }
    }
}

impl From<&Mesh> for MeshMap {
    fn from(mesh: &Mesh) -> Self {
        let triangles = mesh
            .triangles
            .iter()
            .map(|t| TriangleMap { v0: t.v0.into(), v1: t.v1.into(), v2: t.v2.into(), normal: t.normal.into() })
            .collect();
        MeshMap { triangles }
    }
}

fn vector(rng: &mut SplitMix64) -> Vector3 {
    Vector3 { x: rng.f32(), y: rng.f32(), z: rng.f32() }
}

/// The case's value at full or `--quick` size (the criterion target
/// `benches/public.rs` benchmarks it too).
pub fn data(quick: bool) -> Mesh {
    generate(if quick { QUICK_TRIANGLES } else { TRIANGLES })
}

/// `n` triangles: for each, `v0`, `v1`, `v2`, `normal`, each `x`, `y`, `z`.
fn generate(n: usize) -> Mesh {
    let mut rng = SplitMix64::new(SEED);
    let triangles = (0..n)
        .map(|_| Triangle {
            v0: vector(&mut rng),
            v1: vector(&mut rng),
            v2: vector(&mut rng),
            normal: vector(&mut rng),
        })
        .collect();
    Mesh { triangles }
}

/// The case `mesh`.
pub(super) fn case(quick: bool) -> Case {
    let n = if quick { QUICK_TRIANGLES } else { TRIANGLES };
    let mesh = Rc::new(generate(n));
    let map = MeshMap::from(&*mesh);
    let mut case = Case::new("W5", "mesh", canonical(&*mesh))
        .items("triangle", n as u64)
        .numeric_floor()
        .row(rows::ours::<Mesh>(names::DERIVE_ARRAY, Rc::clone(&mesh)))
        .row(rows::ours::<MeshMap>(names::DERIVE, map).differs(OURS_MAP))
        .row(rows::zerompk::<Mesh>(names::ZEROMPK, Rc::clone(&mesh)))
        .row(rows::serde_path::<Mesh>(names::SERDE_PATH, Rc::clone(&mesh)))
        .row(rows::serde_path_named::<Mesh>(names::SERDE_PATH_NAMED, Rc::clone(&mesh)).differs(NAMED))
        .row(rows::serde_compact::<Mesh>(names::RMP_SERDE_COMPACT, Rc::clone(&mesh)))
        .row(rows::serde_named::<Mesh>(names::RMP_SERDE_NAMED, Rc::clone(&mesh)).differs(NAMED))
        .row(rows::msgpacker::<Mesh>(names::MSGPACKER, mesh).differs(MSGPACKER_LAYOUT))
        .with_limits();
    if !quick {
        case = case.show_peak();
    }
    case
}
