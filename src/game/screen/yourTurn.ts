import { type Accessor, createEffect, on, onCleanup } from 'solid-js';
import { playSound } from '../../app/sound.js';
import { t } from '../../i18n/index.js';

/** When the game waits for the person at this device: a sound, and the tab says so ("● Your turn"). */
export function createYourTurnSignals(mine: Accessor<boolean>): void {
  createEffect(on(mine, (m) => m && playSound('yourTurn')));
  createEffect(() => {
    const title = mine() ? `● ${t('game.yourTurn')} · ${t('app.title')}` : t('app.title');
    if (document.title !== title) document.title = title;
  });
  onCleanup(() => (document.title = t('app.title')));
}
