import { t } from '../i18n/index.js';
import { createLinkCopier } from './copyLink.js';

/**
 * The watch link during the game (the lobby's share panel is gone by then): one button that
 * copies it, with the share panel's fallback where the Clipboard API is missing (a plain-http LAN
 * page): the link, kept in a hidden field, is selected and shown for the player to copy.
 */
export function WatchLinkButton(props: { url: string }) {
  let field: HTMLInputElement | undefined;
  // The field is shown only while the player must copy by hand: it stays until they do.
  const { copied, copy } = createLinkCopier(() => props.url, () => field, { keepSelect: true });
  return (
    <span class="watch-copy">
      <button type="button" id="copy-watch-link" onClick={() => void copy()}>
        {t('online.copyWatch')}
      </button>
      <input
        ref={field}
        id="watch-link-field"
        classList={{ 'visually-hidden': copied() !== 'select' }}
        type="text"
        readonly
        value={props.url}
        aria-label={t('online.watchLink')}
        onFocus={(e) => e.currentTarget.select()}
      />
      <span class="toast" role="status" aria-live="polite">
        {copied() === 'yes' ? t('online.copied') : copied() === 'select' ? t('online.copySelect') : ''}
      </span>
    </span>
  );
}
