//! W5 `game state`: the benchmark's `mk48` dataset (the updates a game server
//! sends to its players), 1,000 updates (`--quick`: 10) in one array.
//!
//! Each update holds 20 to 39 contacts (ships seen by the player: small
//! integers, an optional unit enum, an optional player id, arrays of `bool`
//! and `u16`, two nested structs), a score, the world's radius as an `f32`
//! and 3 to 9 terrain updates whose `data` is a byte buffer (`bin`; a few
//! per cent of them near 1 KB). The benchmark's tuples (`position: (f32,
//! f32)`, `chunk_id: (i8, i8)`) are small array-form structs here
//! (`Vector2`, `ChunkId`), which every crate's derive writes as arrays.

use std::rc::Rc;

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use super::{MSGPACKER_LAYOUT, SplitMix64, ZEROMPK_SIGNED, canonical};
use crate::harness::{Case, names};
use crate::rows;

/// Updates in the full case (the benchmark's size).
const UPDATES: usize = 1_000;
/// Updates in the quick case.
const QUICK_UPDATES: usize = 10;
/// The generator's seed.
const SEED: u64 = 2;

/// A ship class, written as its name (`"ArleighBurke"`, ...).
#[derive(
    MsgPack,
    Serialize,
    Deserialize,
    zerompk::ToMessagePack,
    zerompk::FromMessagePack,
    msgpacker::MsgPacker,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
)]
#[allow(missing_docs, reason = "the benchmark's ship classes, named as there")]
pub enum EntityType {
    ArleighBurke,
    Bismarck,
    Clemenceau,
    Fletcher,
    G5,
    Iowa,
    Kolkata,
    Osa,
    Yasen,
    Zubr,
}

/// Every class with its weight (the benchmark's frequencies × 100), turret
/// count and weapon count.
const ENTITY_TYPES: [(EntityType, u64, usize, usize); 10] = [
    (EntityType::ArleighBurke, 214, 1, 20),
    (EntityType::Bismarck, 52, 4, 10),
    (EntityType::Clemenceau, 97, 4, 16),
    (EntityType::Fletcher, 146, 4, 18),
    (EntityType::G5, 1316, 0, 2),
    (EntityType::Iowa, 155, 3, 28),
    (EntityType::Kolkata, 83, 1, 15),
    (EntityType::Osa, 725, 2, 6),
    (EntityType::Yasen, 406, 0, 14),
    (EntityType::Zubr, 1292, 3, 11),
];

array_structs! {
    /// The benchmark's `(f32, f32)` position.
    struct Vector2 {
        x: f32,
        y: f32,
    }

    /// Where a ship is and how it moves.
    struct Transform {
        altitude: i8,
        angle: u16,
        position: Vector2,
        velocity: i16,
    }

    /// Where a ship is steered.
    struct Guidance {
        angle: u16,
        submerge: bool,
        velocity: i16,
    }

    /// A ship the player sees; the optional fields are set for the visible ones.
    struct Contact {
        damage: u8,
        entity_id: u32,
        entity_type: Option<EntityType>,
        guidance: Guidance,
        player_id: Option<u16>,
        reloads: Vec<bool>,
        transform: Transform,
        turret_angles: Vec<u16>,
    }

    /// The benchmark's `(i8, i8)` chunk coordinates.
    struct ChunkId {
        x: i8,
        y: i8,
    }

    /// A changed terrain chunk.
    struct TerrainUpdate {
        chunk_id: ChunkId,
        #[serde(with = "serde_bytes")]
        data: Vec<u8>,
    }

    /// One message to one player.
    struct Update {
        contacts: Vec<Contact>,
        score: u32,
        world_radius: f32,
        terrain_updates: Vec<TerrainUpdate>,
    }

    /// The stream: a one-element array holding the updates.
    struct Updates {
        updates: Vec<Update>,
    }
}

/// A speed: 80% forward in `140..900`, 10% stopped, 10% reverse in `-225..-35`.
fn velocity(rng: &mut SplitMix64) -> i16 {
    (match rng.below(100) {
        0..=79 => rng.range(140, 900),
        80..=89 => 0,
        _ => rng.range(-225, -35),
    }) as i16
}

fn u16_any(rng: &mut SplitMix64) -> u16 {
    rng.below(1 << 16) as u16
}

/// A class drawn by weight, with its turret and weapon counts.
fn entity_type(rng: &mut SplitMix64) -> (EntityType, usize, usize) {
    let total: u64 = ENTITY_TYPES.iter().map(|t| t.1).sum();
    let mut at = rng.below(total);
    for (kind, weight, turrets, weapons) in ENTITY_TYPES {
        if at < weight {
            return (kind, turrets, weapons);
        }
        at -= weight;
    }
    unreachable!("the draw is below the total weight")
}

fn contact(rng: &mut SplitMix64, players: u16) -> Contact {
    let (kind, turrets, weapons) = entity_type(rng);
    let is_sub = kind == EntityType::Yasen;
    let visible = rng.chance(0.7);
    let damage = if visible && rng.chance(0.6) { 0 } else { rng.range(0, 200) as u8 };
    let entity_id = rng.range(0, i64::from(players) * 20) as u32;
    let guidance = Guidance { angle: u16_any(rng), submerge: is_sub && rng.chance(0.9), velocity: velocity(rng) };
    let player_id = visible.then(|| rng.range(0, i64::from(players)) as u16);
    let reloads = if visible {
        let p = rng.f64();
        (0..weapons).map(|_| rng.chance(p)).collect()
    } else {
        Vec::new()
    };
    let altitude = if is_sub && rng.chance(0.9) { rng.range(-120, -35) as i8 } else { 0 };
    let angle = u16_any(rng);
    let position = Vector2 { x: rng.f32() * 1500.0 - 750.0, y: rng.f32() * 1500.0 - 750.0 };
    let transform = Transform { altitude, angle, position, velocity: velocity(rng) };
    let turret_angles = if visible {
        let base = u16_any(rng);
        (0..turrets)
            .map(
                |_| if rng.chance(0.75) { base.wrapping_add_signed(rng.range(-200, 200) as i16) } else { u16_any(rng) },
            )
            .collect()
    } else {
        Vec::new()
    };
    Contact {
        damage,
        entity_id,
        entity_type: visible.then_some(kind),
        guidance,
        player_id,
        reloads,
        transform,
        turret_angles,
    }
}

fn terrain_update(rng: &mut SplitMix64, radius: i8) -> TerrainUpdate {
    let is_new = rng.chance(0.02);
    let r = i64::from(radius);
    let chunk_id = ChunkId { x: rng.range(-r, r) as i8, y: rng.range(-r, r) as i8 };
    let len = if is_new { rng.range(900, 1100) } else { rng.range(3, 9) };
    let data = (0..len).map(|_| rng.below(256) as u8).collect();
    TerrainUpdate { chunk_id, data }
}

fn update(rng: &mut SplitMix64) -> Update {
    let players = rng.range(200, 400) as u16;
    let world_radius = (f32::from(players) * 15_000.0).sqrt() + rng.f32() * 100.0 - 50.0;
    let terrain_radius = (world_radius / 1600.0).ceil() as i8;
    let contacts = (0..rng.range(20, 40)).map(|_| contact(rng, players)).collect();
    let score = (rng.f32().powi(4) * 5000.0) as u32 + rng.range(0, 50) as u32;
    let terrain_updates = (0..rng.range(3, 10)).map(|_| terrain_update(rng, terrain_radius)).collect();
    Update { contacts, score, world_radius, terrain_updates }
}

/// The case's value at full or `--quick` size (the criterion target
/// `benches/public.rs` benchmarks it too).
pub fn data(quick: bool) -> Updates {
    generate(if quick { QUICK_UPDATES } else { UPDATES })
}

/// `n` updates from one generator.
fn generate(n: usize) -> Updates {
    let mut rng = SplitMix64::new(SEED);
    Updates { updates: (0..n).map(|_| update(&mut rng)).collect() }
}

/// The case `game state`.
pub(super) fn case(quick: bool) -> Case {
    let n = if quick { QUICK_UPDATES } else { UPDATES };
    let updates = Rc::new(generate(n));
    let mut case = Case::new("W5", "game state", canonical(&*updates))
        .items("update", n as u64)
        .row(rows::ours::<Updates>(names::DERIVE_ARRAY, Rc::clone(&updates)))
        .row(rows::zerompk::<Updates>(names::ZEROMPK, Rc::clone(&updates)).differs(ZEROMPK_SIGNED))
        .row(rows::serde_path::<Updates>(names::SERDE_PATH, Rc::clone(&updates)))
        .row(rows::serde_compact::<Updates>(names::RMP_SERDE_COMPACT, Rc::clone(&updates)))
        .row(rows::msgpacker::<Updates>(names::MSGPACKER, updates).differs(MSGPACKER_LAYOUT))
        .with_limits();
    if !quick {
        case = case.show_peak();
    }
    case
}
