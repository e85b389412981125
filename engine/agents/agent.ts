import type { SeatAction } from '../core/actions.js';
import type { Option } from '../core/options.js';
import type { GameState } from '../core/state.js';
import type { Vault } from '../core/vault.js';
import type { Seat } from '../core/vocabulary.js';

/** A player: given what his seat may see and the engine's legal options, picks one action they stand for. */
export type Agent = (state: GameState, seat: Seat, options: readonly Option[], vault: Vault) => SeatAction;

/** The action kind an option stands for (what a person would call the choice). */
export function optionLabel(option: Option): SeatAction['kind'] {
  switch (option.kind) {
    case 'one':
    case 'count':
    case 'account':
    case 'take':
      return option.action.kind;
    case 'discard':
      return 'discardExtra';
    case 'return':
      return 'returnUnits';
    case 'feints':
    case 'purchase':
      return 'commitSecret';
  }
}
