/** Helpers for the conquest UI tests: games brought to a position by the page's own bots, and a script that plays a person's turn through the UI's choices. */
import {
  type GameState,
  type Seat,
  type Vault,
  applyAction,
  awaiting,
  newGame,
} from '../../engine/index.js';
import { localRandom, localVault } from '../../engine/local/index.js';
import type { LocalGameConfig } from '../../src/game/config.js';
import { defaultSeats, setupOf } from '../../src/game/config.js';
import type { TurnView } from '../../src/game/turn/createTurn.js';
import { chooseBotAction } from '../../src/table/bots.js';

export const config = (players: number, seed: string, bots: readonly Seat[] = []): LocalGameConfig => ({
  mode: bots.length > 0 ? 'bots' : 'hotseat',
  seed,
  seats: defaultSeats(players, 'hotseat').map((s, i) => ({ ...s, bot: bots.includes(i) })),
});

/** The inputs that bring a new game to the first position where `stop` holds, every seat played by the page's bot. */
export function inputsUntil(cfg: LocalGameConfig, stop: (s: GameState) => boolean, limit = 20_000): { inputs: unknown[]; state: GameState } {
  const created = newGame(setupOf(cfg));
  if (!created.ok) throw new Error(created.error.message);
  let s = created.value;
  const vaults: Vault[] = cfg.seats.map((_, i) => localVault(cfg.seed, i));
  const inputs: unknown[] = [];
  for (let k = 0; k < limit; k++) {
    if (stop(s)) return { inputs, state: s };
    const who = awaiting(s);
    if (who.kind === 'over') break;
    const input = who.kind === 'random' ? { kind: 'random', value: localRandom(cfg.seed, s.randomEvents) } : chooseBotAction(s, who.seat, vaults[who.seat]!);
    const r = applyAction(s, input);
    if (!r.ok) throw new Error(`inputsUntil: ${r.error.message}`);
    s = r.value;
    inputs.push(input);
  }
  throw new Error('inputsUntil: the position never came');
}

/**
 * The scripted person: "yes" to a confirmation, else Done/Ready/Pass where offered (the smallest
 * choice), else the first enabled button; with none enabled, a click on the first glowing hex.
 * Returns what it did, or null when the view offers nothing.
 */
export function scriptedChoice(view: TurnView, pick: (key: string) => void): string | null {
  const enabled = view.buttons.filter((b) => !b.disabled);
  const by = (id: string) => enabled.find((b) => b.id === id);
  const b = by('confirm-yes') ?? by('done') ?? enabled.find((x) => x.id !== 'cancel' && x.id !== 'undo');
  if (b) {
    b.onClick();
    return b.id;
  }
  const hex = [...view.legal][0];
  if (hex !== undefined) {
    pick(hex);
    return `hex ${hex}`;
  }
  return null;
}
