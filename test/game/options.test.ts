import { describe, expect, it } from 'vitest';
import {
  type GameState,
  type Option,
  type SeatAction,
  type SecretChoice,
  type Vault,
  RandomStream,
  type Hex,
  type RuleError,
  type Seat,
  applyAction,
  awaiting,
  choiceError,
  choiceIncluded,
  hashText,
  legalOptions,
  optionIncludes,
  parseHexKey,
  tileOpening,
  whyNotAt,
} from '../../engine/index.js';
import { type Technology, TECHNOLOGIES } from '../../engine/cards/catalogue.js';
import type { Feint } from '../../engine/core/actions.js';
import { canonicalJson } from '../../engine/core/canonical.js';
import {
  expandChoices,
  expandOption,
  optionSize,
  sampleOption,
} from '../../engine/core/options.js';
import { spiral } from '../../engine/hex/index.js';
import { atReveal, revealOf } from '../support/conquest.js';
import { type Position, buildPositions, randomPositions, vaultsFor } from '../support/positions.js';

/**
 * Legal options tell the whole truth (issue 8): on many positions, every action `applyAction`
 * accepts is covered by an offered option, and every action an option stands for is accepted.
 * Candidates are the offered actions mutated field by field, and actions of every kind built
 * from the position; secret choices, which travel as opaque digests, are checked as choices:
 * the option lists (expandChoices) exactly those choiceError accepts, and the reveal accepts
 * exactly those.
 */

const OPAQUE = new Set(['commitTiles', 'commitCards', 'commitSecret']);

/** The actions an option stands for: all of them when few, else a sample. */
function someOf(option: Option, stream: RandomStream): SeatAction[] {
  if (optionSize(option) <= 60) return expandOption(option);
  return Array.from({ length: 30 }, () => sampleOption(option, stream));
}

/** Variations of an action: each field changed to neighbouring or other plausible values. */
function mutations(state: GameState, action: SeatAction): unknown[] {
  const keys = Object.keys(state.territories).length > 0 ? Object.keys(state.territories) : Object.keys(state.map);
  const hexes = keys.slice(0, 12).map(parseHexKey);
  const out: unknown[] = [];
  const a = action as unknown as Record<string, unknown>;
  for (const [field, value] of Object.entries(a)) {
    if (field === 'kind' || field === 'seat') continue;
    const vary = (v: unknown) => out.push({ ...a, [field]: v });
    if (typeof value === 'number') for (const v of [value - 1, value + 1, 0, value + 5]) if (v >= 0) vary(v);
    if (typeof value === 'boolean') vary(!value);
    if (field === 'camp') for (const v of ['defender', 0, 1, 2, 3, 4, 5]) vary(v);
    if (value && typeof value === 'object' && 'q' in value) for (const h of hexes) vary(h);
    if (field === 'take' && Array.isArray(value)) {
      for (let d = 0; d < 6; d++) for (const n of [1, 2]) vary([{ dir: d, count: n }]);
      vary([]);
    }
    if (field === 'units' && Array.isArray(value)) for (const v of [[], [0], [1], [0, 1], [1, 0], [0, 2], [9]]) vary(v);
    if (field === 'combat' && value && typeof value === 'object') {
      for (const h of hexes) {
        vary({ kind: 'territory', at: h });
        for (let d = 0; d < 6; d++) vary({ kind: 'frontier', at: h, dir: d });
      }
    }
    if (field === 'targets' && Array.isArray(value)) {
      vary([]);
      vary([null]);
      vary([...value, null]);
      vary(value.map((t) => (t && t.kind === 'hand' ? { ...t, side: t.side === 'left' ? 'right' : 'left' } : t)));
      vary(value.map((t) => (t && t.kind === 'hand' && t.side ? { kind: 'hand', opening: t.opening } : t)));
      for (const card of ['crystal1', 'crystal3', 'terrain', 'necromancers.skeleton', 'miners.surveyor', 'miners.basic']) vary(value.map((t) => (t && t.kind === 'card' ? { ...t, card } : t)));
      for (const camp of ['defender', 0, 1, 2]) vary(value.map((t) => (t && t.kind === 'camp' ? { ...t, camp } : t)));
      vary(value.map((t) => (t && t.kind === 'camp' ? { ...t, units: [...t.units].reverse() } : t)));
      vary(value.map((t) => (t && t.kind === 'camp' ? { ...t, units: t.units.map((u: number) => u + 1) } : t)));
      vary(value.map((t) => (t && t.kind === 'tile' ? { ...t, at: hexes[0] } : t)));
      vary(value.map(() => ({ kind: 'tile', at: hexes[1] })));
      for (const d of [-1, 1, 5]) vary(value.map((t) => (t && t.kind === 'unit' ? { ...t, unit: t.unit + d } : t)));
      for (const unit of [0, 1, 2]) vary(value.map(() => ({ kind: 'unit', unit })));
    }
    if (field === 'order' && Array.isArray(value)) {
      vary([...value].reverse());
      vary(value.slice(1));
      vary([...value, ...value]);
    }
    if (field === 'first') for (const v of ['play', 'discard', 'keep']) vary(v);
    if ((field === 'cards' || field === 'discards') && Array.isArray(value)) {
      vary(value.slice(1));
      vary([...value].reverse());
      vary([]);
    }
  }
  return out;
}

function check(p: Position, stream: RandomStream): { offered: number; accepted: number } {
  const who = awaiting(p.state);
  if (who.kind !== 'seat') return { offered: 0, accepted: 0 };
  const vaults: Vault[] = vaultsFor(p.state, p.seed);
  const options = legalOptions(p.state, who.seat, vaults[who.seat]);
  let offered = 0;
  let accepted = 0;
  const candidates: unknown[] = [];
  for (const option of options) {
    for (const action of someOf(option, stream)) {
      offered++;
      const r = applyAction(p.state, action);
      if (!r.ok) throw new Error(`${p.name}: an offered action is refused (${r.error.code} ${r.error.message}): ${canonicalJson(action).slice(0, 300)}`);
      expect(optionIncludes(option, action) || OPAQUE.has(action.kind), `${p.name}: ${canonicalJson(action).slice(0, 200)}`).toBe(true);
      candidates.push(...mutations(p.state, action));
    }
  }
  for (const c of candidates) {
    const r = applyAction(p.state, c);
    if (!r.ok) continue;
    const action = c as SeatAction;
    if (OPAQUE.has(action.kind)) continue;
    accepted++;
    if (!options.some((o) => optionIncludes(o, action))) throw new Error(`${p.name}: accepted but offered by no option: ${canonicalJson(c).slice(0, 300)}`);
  }
  return { offered, accepted };
}

/** Technologies for a random purchase: any of them, sometimes one twice or out of order. */
function someTechnologies(stream: RandomStream): Technology[] {
  const ts = TECHNOLOGIES.filter(() => stream.index(3) === 0);
  const r = stream.index(8);
  if (r === 0 && ts.length > 0) return [...ts, ts[0]!];
  if (r === 1) return [...ts].reverse();
  return ts;
}

/**
 * Secret choices: choiceError accepts exactly the choices the option lists, choiceIncluded is its
 * null, and the reveal of a committed choice is accepted exactly when choiceError accepts it.
 */
function checkChoices(p: Position, stream: RandomStream): number {
  const who = awaiting(p.state);
  if (who.kind !== 'seat') return 0;
  const seat = who.seat;
  const option = legalOptions(p.state, seat, vaultsFor(p.state, p.seed)[seat]).find((o) => o.kind === 'feints' || o.kind === 'purchase');
  if (option?.kind !== 'feints' && option?.kind !== 'purchase') return 0;
  let n = 0;
  // Every technology on offer makes a purchase option large (the purchases position holds about 20,000 choices): listed up to 25,000.
  const listed = optionSize(option) <= 25_000 ? new Set<string>() : null;
  for (const c of listed ? expandChoices(option) : []) {
    expect(choiceError(option, c), `${p.name}: ${canonicalJson(c)}`).toBeNull();
    listed!.add(canonicalJson(c));
    n++;
  }
  // Random choices, legal or not: feints of any count, sometimes out of order, twice or off the seat's frontiers.
  const pool: string[] = option.kind === 'purchase' ? [...option.units.map((u) => u.card), ...option.commons.map((c) => c.card), 'elves.immortal', 'terrain'] : [];
  const disorder = (feints: Feint[]): Feint[] => {
    const r = stream.index(8);
    if (r === 0) return [...feints].reverse();
    if (r === 1 && feints.length > 0) return [...feints, feints[feints.length - 1]!];
    if (r === 2) return [...feints, { at: { q: 0, r: 0 }, dir: 0, count: 1 }];
    return feints;
  };
  for (let k = 0; k < 200; k++) {
    const choice: SecretChoice =
      option.kind === 'feints'
        ? { purpose: 'feint', feints: disorder(option.stacks.filter(() => stream.index(2) === 1).map((s) => ({ ...s, count: stream.index(s.count + 2) }))) }
        : { purpose: 'purchase', cards: Array.from({ length: stream.index(6) }, () => pool[stream.index(pool.length)]!).sort() as never, technologies: someTechnologies(stream) };
    const legal = choiceError(option, choice) === null;
    const what = `${p.name}: ${canonicalJson(choice)}`;
    if (listed) expect(legal, what).toBe(listed.has(canonicalJson(choice)));
    expect(choiceIncluded(option, choice), what).toBe(legal);
    // The reveal of the committed choice (sealing every seat's commitment: a few of them only).
    if (k % 10 === 0) expect(applyAction(atReveal(p.state, option.kind === 'feints' ? 'feint' : 'purchase', { [seat]: choice }, seat), revealOf(seat, choice)).ok, what).toBe(legal);
    n++;
  }
  return n;
}

/** The placement a map stage awaits from `seat`, at `at`; null where it places nothing (a draw, no face-up tile to take). */
function placementAt(state: GameState, seat: Seat, vault: Vault, at: Hex): unknown {
  const me = state.seats[seat]!;
  switch (state.phase.stage.kind) {
    case 'take':
      return me.faceUp ? { kind: 'placeTile', seat, from: 'faceUp', at } : null;
    case 'place':
      return { kind: 'placeTile', seat, from: 'drawn', at, opening: tileOpening(vault, me.drawn!, state) };
    case 'blacks':
      return { kind: 'placeBlack', seat, at };
    case 'portal':
    case 'finalRound':
      return { kind: 'placePortal', seat, at };
    default:
      return null;
  }
}

/** Hover hints: whyNotAt gives, on every hex near the map, the refusal of placing there (null where it is accepted). */
function checkWhyNot(p: Position): string | null {
  const who = awaiting(p.state);
  if (who.kind !== 'seat' || p.state.phase.name !== 'mapCreation') return null;
  const vault = vaultsFor(p.state, p.seed)[who.seat]!;
  let checked = false;
  for (const at of spiral({ q: 0, r: 0 }, 5)) {
    const action = placementAt(p.state, who.seat, vault, at);
    if (action === null) return null;
    const r = applyAction(p.state, action);
    const refusal: RuleError | null = r.ok ? null : r.error;
    expect(whyNotAt(p.state, who.seat, at), `${p.name} at ${at.q},${at.r}`).toEqual(refusal);
    // Another seat places nothing now.
    expect(whyNotAt(p.state, (who.seat + 1) % p.state.seats.length, at)).toBeNull();
    checked = true;
  }
  return checked ? p.state.phase.stage.kind : null;
}

describe('legal options cover exactly the actions the rules accept', () => {
  it('on the named positions of every stage', () => {
    const stream = new RandomStream(hashText('options/named'));
    let offered = 0;
    let accepted = 0;
    let choices = 0;
    const placing = new Set<string | null>();
    for (const p of buildPositions()) {
      const r = check(p, stream);
      offered += r.offered;
      accepted += r.accepted;
      choices += checkChoices(p, stream);
      placing.add(checkWhyNot(p));
    }
    expect(offered).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(100);
    expect(choices).toBeGreaterThan(300);
    expect([...placing].filter((k) => k !== null).sort()).toEqual(['blacks', 'finalRound', 'place', 'portal', 'take']);
  });

  it('on positions of random games, 2 to 6 players', () => {
    const stream = new RandomStream(hashText('options/random'));
    let offered = 0;
    let accepted = 0;
    const positions = randomPositions(11, 2);
    for (const p of positions) {
      const r = check(p, stream);
      offered += r.offered;
      accepted += r.accepted;
      checkChoices(p, stream);
      checkWhyNot(p);
    }
    expect(positions.length).toBeGreaterThan(200);
    expect(offered).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(500);
  });
});
