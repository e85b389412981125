import { onCleanup } from 'solid-js';
import { navigate } from '../app/router.js';
import { t } from '../i18n/index.js';
import { setPendingReplay } from '../replay/pending.js';
import { stopWords } from './gameStop.js';
import type { EndedOnline } from './store.js';

/**
 * The share link of a game this page played to its end: it says how the game ended and offers
 * its replay (verified and watched, or saved), instead of a lobby that would gather nobody.
 */
export function EndedGame(props: { ended: EndedOnline }) {
  const file = (): File => new File([props.ended.replay], 'battle-for-eden.json', { type: 'application/json' });
  const url = URL.createObjectURL(file());
  onCleanup(() => URL.revokeObjectURL(url));
  const openReplay = (): void => {
    setPendingReplay(file());
    navigate('/replay');
  };
  return (
    <main class="page">
      <h1>{t('online.ended')}</h1>
      <p class="banner" role="status" id="game-ended" data-kind={props.ended.stop.kind}>
        {stopWords(props.ended.stop)}
      </p>
      <p>
        <button type="button" class="primary" id="open-ended-replay" onClick={openReplay}>
          {t('game.openReplay')}
        </button>{' '}
        <a class="button-like" id="save-ended-replay" href={url} download="battle-for-eden.json">
          {t('watch.save')}
        </a>{' '}
        <a href="#/">{t('app.home')}</a>
      </p>
    </main>
  );
}
