import {
  CIVILISATIONS,
  COLOURS,
  type Civilisation,
  type Colour,
  type GameSetup,
  type Seat,
  isCivilisation,
  isColour,
} from '../../engine/index.js';
import type { Key } from '../i18n/index.js';

export type GameMode = 'bots' | 'hotseat';

export interface SeatConfig {
  readonly colour: Colour;
  readonly civilisation: Civilisation;
  readonly bot: boolean;
  /** Online: the seat is played on another device (a person or a bot there), not at this one. */
  readonly remote?: boolean;
  /** Online: the name its player chose in the lobby. */
  readonly name?: string;
}

/** A local game as the Home screen sets it up. */
export interface LocalGameConfig {
  readonly mode: GameMode;
  readonly seats: readonly SeatConfig[];
  /** Secret to this device: deals the vaults and the random events. */
  readonly seed: string;
}

/** Seat i plays the i-th colour and civilisation; against bots, seat 0 is the person. */
export function defaultSeats(players: number, mode: GameMode): SeatConfig[] {
  return Array.from({ length: players }, (_, i) => ({ colour: COLOURS[i]!, civilisation: CIVILISATIONS[i]!, bot: mode === 'bots' ? i > 0 : false }));
}

/** Why the seats cannot start a game (a dictionary key), or null. */
export function seatsProblem(seats: readonly SeatConfig[]): Key | null {
  if (new Set(seats.map((s) => s.colour)).size !== seats.length) return 'home.duplicateColour';
  if (seats.every((s) => s.bot)) return 'home.needPerson';
  return null;
}

export function setupOf(config: LocalGameConfig): GameSetup {
  return { players: config.seats.map((s) => ({ colour: s.colour, civilisation: s.civilisation })), firstSeat: 0 };
}

export const botSeats = (config: LocalGameConfig): Seat[] => config.seats.flatMap((s, i) => (s.bot ? [i] : []));

/** A fresh secret seed: 16 random bytes as hex. */
export function freshSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Parses a stored config (IndexedDB): anything malformed is refused, never half-used. */
export function parseConfig(x: unknown): LocalGameConfig | null {
  if (typeof x !== 'object' || x === null) return null;
  const c = x as Record<string, unknown>;
  if ((c['mode'] !== 'bots' && c['mode'] !== 'hotseat') || typeof c['seed'] !== 'string' || !Array.isArray(c['seats'])) return null;
  const seats = (c['seats'] as unknown[]).map((s) => {
    const r = (typeof s === 'object' && s !== null ? s : {}) as Record<string, unknown>;
    return isColour(r['colour']) && isCivilisation(r['civilisation']) && typeof r['bot'] === 'boolean' ? { colour: r['colour'], civilisation: r['civilisation'], bot: r['bot'] } : null;
  });
  if (seats.length < 2 || seats.length > 6 || seats.some((s) => s === null)) return null;
  return { mode: c['mode'], seed: c['seed'], seats: seats as SeatConfig[] };
}
