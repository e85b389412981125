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
 * A safety net only: every conquest stage a person meets is played by clicks through
 * src/game/conquest/createConquestTurn.tsx. Should a decision ever reach the screen without an
 * interaction there, this says what is awaited and offers to let the bot play it.
 */
export function conquestTurn(input: ConquestTurnInput): ConquestTurn {
  return {
    text: `${t('conquest.prompt', { player: input.name, what: t(stageKey(input.view.state)) })} ${t('conquest.placeholder')}`,
    buttons: [{ id: 'autoplay', label: t('conquest.auto'), primary: true, onClick: input.autoplay }],
  };
}
