import type { Seat, Vault } from '../../engine/index.js';
import { t } from '../i18n/index.js';
import type { TableView } from '../table/types.js';
import { stageKey } from './conquestPrompt.js';
import type { PromptButton } from './PromptBar.js';

/** What the screen needs to build a conquest prompt for the seat whose turn it is. */
export interface ConquestTurnInput {
  readonly view: TableView;
  readonly seat: Seat;
  /** The seat's vault (its hand's openings): present only when the seat is the revealed viewer. */
  readonly vault: Vault;
  /** Who the seat is, in words ("♣ Player 1"). */
  readonly name: string;
  readonly submit: (action: unknown) => void;
  /** Lets the bot play the step for the person (until every step is playable by clicks). */
  readonly autoplay: () => void;
}

/** The prompt for a conquest step: text, buttons, and (phase 2) the hexes to highlight. */
export interface ConquestTurn {
  readonly text: string;
  readonly buttons: readonly PromptButton[];
}

/**
 * The conquest's plug-in point (issue 10, phase 2): each stage's interaction (moves with counts,
 * spreading, feints, purchases, combat choice, camps, armies, after combat, requests) becomes a
 * case here built from the engine's legal options, with its panel in src/game/conquest/. Until
 * then every step says what is awaited and offers to let the bot play it.
 */
export function conquestTurn(input: ConquestTurnInput): ConquestTurn {
  return {
    text: `${t('conquest.prompt', { player: input.name, what: t(stageKey(input.view.state)) })} ${t('conquest.placeholder')}`,
    buttons: [{ id: 'autoplay', label: t('conquest.auto'), primary: true, onClick: input.autoplay }],
  };
}
