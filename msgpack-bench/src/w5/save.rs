//! W5 `save file`: the benchmark's `minecraft_savedata` dataset, 500 player
//! records (`--quick`: 10) in one array.
//!
//! A player is a 28-field struct: two unit enums, full-range integers (`i64`
//! score and spawn point, `u32`, `i32`), floats, short strings, options
//! (a string, a `bool`, a position, and up to three nested 16-field
//! `Entity` structs), arrays of small `Item` structs (up to 39 and 26) and of
//! strings (a recipe book of up to 29 and 9), and `[u32; 4]` UUIDs. The
//! benchmark's tuples are small array-form structs here (`Vector3d`,
//! `Vector2f`, `Vehicle`).

use std::rc::Rc;

use msgpack_core::MsgPack;
use serde::{Deserialize, Serialize};

use super::{MSGPACKER_LAYOUT, SplitMix64, ZEROMPK_SIGNED, canonical};
use crate::harness::{Case, names};
use crate::{floor, rows};

/// Players in the full case (the benchmark's size).
const PLAYERS: usize = 500;
/// Players in the quick case.
const QUICK_PLAYERS: usize = 10;
/// The generator's seed.
const SEED: u64 = 4;

const ITEM_IDS: [&str; 8] = ["dirt", "stone", "pickaxe", "sand", "gravel", "shovel", "chestplate", "steak"];
const ENTITY_IDS: [&str; 8] = ["cow", "sheep", "zombie", "skeleton", "spider", "creeper", "parrot", "bee"];
const CUSTOM_NAMES: [&str; 8] = ["rainbow", "princess", "steve", "johnny", "missy", "coward", "fairy", "howard"];
const RECIPES: [&str; 8] = ["pickaxe", "torch", "bow", "crafting table", "furnace", "shears", "arrow", "tnt"];
const DIMENSIONS: [&str; 3] = ["overworld", "nether", "end"];

/// A game mode, written as its name.
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
#[allow(missing_docs, reason = "the benchmark's game modes, named as there")]
pub enum GameType {
    Survival,
    Creative,
    Adventure,
    Spectator,
}

array_structs! {
    /// A stack of items in a slot.
    struct Item {
        count: i8,
        slot: u8,
        id: String,
    }

    /// What the player may do.
    struct Abilities {
        walk_speed: f32,
        fly_speed: f32,
        may_fly: bool,
        flying: bool,
        invulnerable: bool,
        may_build: bool,
        instabuild: bool,
    }

    /// The benchmark's `(f64, f64, f64)`.
    struct Vector3d {
        x: f64,
        y: f64,
        z: f64,
    }

    /// The benchmark's `(f32, f32)`.
    struct Vector2f {
        x: f32,
        y: f32,
    }

    /// A creature.
    struct Entity {
        id: String,
        pos: Vector3d,
        motion: Vector3d,
        rotation: Vector2f,
        fall_distance: f32,
        fire: u16,
        air: u16,
        on_ground: bool,
        no_gravity: bool,
        invulnerable: bool,
        portal_cooldown: i32,
        uuid: [u32; 4],
        custom_name: Option<String>,
        custom_name_visible: bool,
        silent: bool,
        glowing: bool,
    }

    /// The recipes the player knows.
    struct RecipeBook {
        recipes: Vec<String>,
        to_be_displayed: Vec<String>,
        is_filtering_craftable: bool,
        is_gui_open: bool,
        is_furnace_filtering_craftable: bool,
        is_furnace_gui_open: bool,
        is_blasting_furnace_filtering_craftable: bool,
        is_blasting_furnace_gui_open: bool,
        is_smoker_filtering_craftable: bool,
        is_smoker_gui_open: bool,
    }

    /// The benchmark's `([u32; 4], Entity)`: what the player rides.
    struct Vehicle {
        uuid: [u32; 4],
        entity: Entity,
    }

    /// One player's save data.
    struct Player {
        game_type: GameType,
        previous_game_type: GameType,
        score: i64,
        dimension: String,
        selected_item_slot: u32,
        selected_item: Item,
        spawn_dimension: Option<String>,
        spawn_x: i64,
        spawn_y: i64,
        spawn_z: i64,
        spawn_forced: Option<bool>,
        sleep_timer: u16,
        food_exhaustion_level: f32,
        food_saturation_level: f32,
        food_tick_timer: u32,
        xp_level: u32,
        xp_p: f32,
        xp_total: i32,
        xp_seed: i32,
        inventory: Vec<Item>,
        ender_items: Vec<Item>,
        abilities: Abilities,
        entered_nether_position: Option<Vector3d>,
        root_vehicle: Option<Vehicle>,
        shoulder_entity_left: Option<Entity>,
        shoulder_entity_right: Option<Entity>,
        seen_credits: bool,
        recipe_book: RecipeBook,
    }

    /// The save file: a one-element array holding the players.
    struct Players {
        players: Vec<Player>,
    }
}

/// The benchmark's uniform draws of whole integers: the top bits of one output.
impl SplitMix64 {
    fn u32_any(&mut self) -> u32 {
        (self.next_u64() >> 32) as u32
    }

    fn i32_any(&mut self) -> i32 {
        self.u32_any() as i32
    }

    fn u16_any(&mut self) -> u16 {
        (self.next_u64() >> 48) as u16
    }

    fn i64_any(&mut self) -> i64 {
        self.next_u64() as i64
    }

    fn coin(&mut self) -> bool {
        self.chance(0.5)
    }

    fn name(&mut self, names: &[&str]) -> String {
        self.pick(names).to_string()
    }
}

fn item(rng: &mut SplitMix64) -> Item {
    Item { count: (rng.next_u64() >> 56) as i8, slot: (rng.next_u64() >> 56) as u8, id: rng.name(&ITEM_IDS) }
}

fn items(rng: &mut SplitMix64, max: i64) -> Vec<Item> {
    (0..rng.range(0, max)).map(|_| item(rng)).collect()
}

fn vector3d(rng: &mut SplitMix64) -> Vector3d {
    Vector3d { x: rng.f64(), y: rng.f64(), z: rng.f64() }
}

fn uuid(rng: &mut SplitMix64) -> [u32; 4] {
    [rng.u32_any(), rng.u32_any(), rng.u32_any(), rng.u32_any()]
}

fn entity(rng: &mut SplitMix64) -> Entity {
    Entity {
        id: rng.name(&ENTITY_IDS),
        pos: vector3d(rng),
        motion: vector3d(rng),
        rotation: Vector2f { x: rng.f32(), y: rng.f32() },
        fall_distance: rng.f32(),
        fire: rng.u16_any(),
        air: rng.u16_any(),
        on_ground: rng.coin(),
        no_gravity: rng.coin(),
        invulnerable: rng.coin(),
        portal_cooldown: rng.i32_any(),
        uuid: uuid(rng),
        custom_name: rng.coin().then(|| rng.name(&CUSTOM_NAMES)),
        custom_name_visible: rng.coin(),
        silent: rng.coin(),
        glowing: rng.coin(),
    }
}

fn recipe_book(rng: &mut SplitMix64) -> RecipeBook {
    let mut names = |max| (0..rng.range(0, max)).map(|_| rng.name(&RECIPES)).collect::<Vec<_>>();
    let recipes = names(30);
    let to_be_displayed = names(10);
    RecipeBook {
        recipes,
        to_be_displayed,
        is_filtering_craftable: rng.coin(),
        is_gui_open: rng.coin(),
        is_furnace_filtering_craftable: rng.coin(),
        is_furnace_gui_open: rng.coin(),
        is_blasting_furnace_filtering_craftable: rng.coin(),
        is_blasting_furnace_gui_open: rng.coin(),
        is_smoker_filtering_craftable: rng.coin(),
        is_smoker_gui_open: rng.coin(),
    }
}

fn game_type(rng: &mut SplitMix64) -> GameType {
    *rng.pick(&[GameType::Survival, GameType::Creative, GameType::Adventure, GameType::Spectator])
}

/// One player, its fields drawn in declaration order; every option is a
/// coin flip, then its value.
fn player(rng: &mut SplitMix64) -> Player {
    Player {
        game_type: game_type(rng),
        previous_game_type: game_type(rng),
        score: rng.i64_any(),
        dimension: rng.name(&DIMENSIONS),
        selected_item_slot: rng.u32_any(),
        selected_item: item(rng),
        spawn_dimension: rng.coin().then(|| rng.name(&DIMENSIONS)),
        spawn_x: rng.i64_any(),
        spawn_y: rng.i64_any(),
        spawn_z: rng.i64_any(),
        spawn_forced: rng.coin().then(|| rng.coin()),
        sleep_timer: rng.u16_any(),
        food_exhaustion_level: rng.f32(),
        food_saturation_level: rng.f32(),
        food_tick_timer: rng.u32_any(),
        xp_level: rng.u32_any(),
        xp_p: rng.f32(),
        xp_total: rng.i32_any(),
        xp_seed: rng.i32_any(),
        inventory: items(rng, 40),
        ender_items: items(rng, 27),
        abilities: Abilities {
            walk_speed: rng.f32(),
            fly_speed: rng.f32(),
            may_fly: rng.coin(),
            flying: rng.coin(),
            invulnerable: rng.coin(),
            may_build: rng.coin(),
            instabuild: rng.coin(),
        },
        entered_nether_position: rng.coin().then(|| vector3d(rng)),
        root_vehicle: rng.coin().then(|| Vehicle { uuid: uuid(rng), entity: entity(rng) }),
        shoulder_entity_left: rng.coin().then(|| entity(rng)),
        shoulder_entity_right: rng.coin().then(|| entity(rng)),
        seen_credits: rng.coin(),
        recipe_book: recipe_book(rng),
    }
}

/// The case's value at full or `--quick` size (the criterion target
/// `benches/public.rs` benchmarks it too).
pub fn data(quick: bool) -> Players {
    generate(if quick { QUICK_PLAYERS } else { PLAYERS })
}

/// `n` players from one generator.
fn generate(n: usize) -> Players {
    let mut rng = SplitMix64::new(SEED);
    Players { players: (0..n).map(|_| player(&mut rng)).collect() }
}

/// The case `save file`.
pub(super) fn case(quick: bool) -> Case {
    let n = if quick { QUICK_PLAYERS } else { PLAYERS };
    let players = Rc::new(generate(n));
    Case::new("W5", "save file", canonical(&*players))
        .items("player", n as u64)
        .row(rows::ours::<Players>(names::DERIVE_ARRAY, Rc::clone(&players)))
        .row(rows::zerompk::<Players>(names::ZEROMPK, Rc::clone(&players)).differs(ZEROMPK_SIGNED))
        .row(rows::serde_path::<Players>(names::SERDE_PATH, Rc::clone(&players)))
        .row(rows::serde_compact::<Players>(names::RMP_SERDE_COMPACT, Rc::clone(&players)))
        .row(floor::alloc_floor(Rc::clone(&players)))
        .row(rows::msgpacker::<Players>(names::MSGPACKER, players).differs(MSGPACKER_LAYOUT))
        .with_limits()
}
