import type { HexKey } from '../../engine/index.js';
import type { BoardScene } from './projection.js';

const DROP_MS = 300;
const PULSE_MS = 450;
const COMBAT_MS = 600;

/** The layers whose instances move this frame. */
export interface Moving {
  readonly tiles: boolean;
  readonly troops: boolean;
  readonly rims: boolean;
}

/**
 * The board's small animations, derived from one projection to the next (none with reduced
 * motion): tiles placed drop in (300 ms), troop stacks whose count changed swell once (450 ms),
 * the combat's rims throb when it begins and when its losses are taken (600 ms). It computes
 * instances; the scene writes them.
 */
export interface Motion {
  /** What changed since the previous projection starts moving at `now`. */
  note(scene: BoardScene, now: number): void;
  /** Ends what is over at `now`: the layers that were moving (to write once more). */
  expire(now: number): Moving;
  /** Something still moves: another frame is wanted. */
  animating(): boolean;
  tiles(scene: BoardScene, now: number): readonly (BoardScene['tiles'][number] & { readonly y: number })[];
  decals(scene: BoardScene, now: number): BoardScene['decals'];
  troops(scene: BoardScene, now: number): readonly (BoardScene['troops'][number] & { readonly scale?: number })[];
  rims(scene: BoardScene, now: number): BoardScene['rims'];
}

const progress = (now: number, start: number, ms: number): number => Math.min(1, Math.max(0, (now - start) / ms));

export function makeMotion(reducedMotion: boolean): Motion {
  const drops = new Map<HexKey, number>();
  let knownTiles: Set<HexKey> | null = null;
  const pulses = new Map<string, number>();
  let knownStacks: ReadonlyMap<string, number> | null = null;
  let combatPulse: number | null = null;
  let knownCombat = '';

  /** How high above its place a tile (and what lies on it) still is, while it drops in. */
  const fallOf = (key: HexKey, now: number): number => {
    const start = drops.get(key);
    if (start === undefined) return 0;
    const k = progress(now, start, DROP_MS);
    return (1 - k) * (1 - k) * 1.2;
  };
  /** A swell of 1 + 40 % at its middle, for a stack that changed. */
  const swellOf = (stack: string | undefined, now: number): number => {
    const start = stack === undefined ? undefined : pulses.get(stack);
    return start === undefined ? 1 : 1 + 0.4 * Math.sin(Math.PI * progress(now, start, PULSE_MS));
  };

  /** Stacks whose count changed since the previous position (a stack gone counts too); those still there swell. */
  function noteStacks(stacks: ReadonlyMap<string, number>, now: number): boolean {
    let changed = false;
    if (knownStacks && stacks !== knownStacks) {
      for (const [k, n] of stacks) {
        if ((knownStacks.get(k) ?? 0) === n) continue;
        changed = true;
        if (!reducedMotion && n > 0) pulses.set(k, now);
      }
      for (const [k, n] of knownStacks) if (n > 0 && !stacks.has(k)) changed = true;
    }
    knownStacks = stacks;
    return changed;
  }

  return {
    note(scene, now) {
      const keys = new Set(scene.tiles.map((t) => t.key));
      if (knownTiles && !reducedMotion) for (const k of keys) if (!knownTiles.has(k)) drops.set(k, now);
      knownTiles = keys;
      // A combat that began, or whose troops changed.
      const combat = scene.combat.map((r) => `${r.x},${r.z}`).join(';');
      const changed = noteStacks(scene.stacks, now);
      if (!reducedMotion && combat !== '' && (combat !== knownCombat || changed)) combatPulse = now;
      knownCombat = combat;
    },
    expire(now) {
      const moving = { tiles: drops.size > 0, troops: pulses.size > 0, rims: combatPulse !== null };
      for (const [key, start] of drops) if (now - start > DROP_MS) drops.delete(key);
      for (const [key, start] of pulses) if (now - start > PULSE_MS) pulses.delete(key);
      if (combatPulse !== null && now - combatPulse > COMBAT_MS) combatPulse = null;
      return moving;
    },
    animating: () => drops.size > 0 || pulses.size > 0 || combatPulse !== null,
    tiles: (scene, now) => scene.tiles.map((t) => ({ ...t, y: t.lift + fallOf(t.key, now) })),
    decals: (scene, now) => (drops.size === 0 ? scene.decals : scene.decals.map((d) => ({ ...d, y: d.y + fallOf(d.key, now) }))),
    troops: (scene, now) => (pulses.size === 0 ? scene.troops : scene.troops.map((t) => ({ ...t, scale: swellOf(t.stack, now) }))),
    rims(scene, now) {
      // The highlight rims, then the combat's, throbbing twice while its pulse runs.
      const k = combatPulse === null ? 1 : progress(now, combatPulse, COMBAT_MS);
      const throb = 1 + 0.12 * Math.abs(Math.sin(2 * Math.PI * k));
      return [...scene.rims, ...scene.combat.map((r) => ({ ...r, scale: (r.scale ?? 1) * throb }))];
    },
  };
}
