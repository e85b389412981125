import type { GameState, Seat } from '../../../engine/index.js';
import { type Language, playerName } from '../../display/index.js';
import { t } from '../../i18n/index.js';
import type { TableView } from '../../table/types.js';
import { stageKey } from '../conquestPrompt.js';
import { endWords } from '../endWords.js';
import type { PromptButton } from '../PromptBar.js';
import type { TurnView } from '../turn/createTurn.js';

export interface Prompt {
  readonly text: string;
  readonly buttons: readonly PromptButton[];
}

export interface PromptInput {
  readonly view: TableView;
  /** The decision of the person at the device, if any. */
  readonly turn: TurnView | null;
  readonly awaited: Seat | null;
  readonly viewer: Seat;
  readonly curtained: boolean;
  readonly hasVault: boolean;
  readonly readOnly: boolean;
  readonly lang: Language;
  /** A seat in words ("♣ Player 1"). */
  readonly name: (seat: Seat) => string;
  readonly onReplay?: (() => void) | undefined;
  /** Lets the bot play the person's step. */
  readonly autoplay: (seat: Seat) => void;
}

/** What the game waits for, in words, for whoever is not to choose it. */
function waiting(state: GameState, name: string): string {
  return state.phase.name === 'conquest' ? t('game.waitingForWhat', { player: name, what: t(stageKey(state)) }) : t('game.waitingFor', { player: name });
}

/**
 * The one prompt (ui.md §1.3): the game's end, the curtain, a random draw, the wait for another
 * seat, or the person's decision with its buttons.
 */
export function gamePrompt(p: PromptInput): Prompt {
  const v = p.view;
  if (v.outcome.kind === 'finished') {
    const w = v.outcome.winner;
    const end = v.outcome.end;
    // A protocol game says how it ended (a day cap, a forfeit...); a win the same as a local game.
    const how = end && end.kind !== 'over' ? ` ${endWords(end, w, p.lang)}` : '';
    return {
      text: (w === null ? t('game.overNoWinner') : t('game.over', { player: p.name(w) })) + how,
      buttons: p.onReplay ? [{ id: 'open-replay', label: t('game.openReplay'), primary: true, onClick: p.onReplay }] : [],
    };
  }
  if (p.curtained) return { text: t('curtain.pass', { player: playerName(p.viewer, p.lang) }), buttons: [] };
  const a = p.awaited;
  if (a === null) return { text: t('game.random'), buttons: [] };
  if (p.readOnly || a !== p.viewer) return { text: waiting(v.state, p.name(a)), buttons: [] };
  if (p.turn) return { text: p.turn.text, buttons: p.turn.buttons };
  if (!p.hasVault) return { text: waiting(v.state, p.name(a)), buttons: [] };
  // A safety net only: every decision a person meets has its controller (src/game/turn). Should
  // one reach the screen without an interaction there, say what is awaited and offer the bot.
  return {
    text: `${t('conquest.prompt', { player: p.name(a), what: t(stageKey(v.state)) })} ${t('conquest.placeholder')}`,
    buttons: [{ id: 'autoplay', label: t('conquest.auto'), primary: true, onClick: () => p.autoplay(a) }],
  };
}
