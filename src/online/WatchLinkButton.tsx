import { createSignal, onCleanup } from 'solid-js';
import { t } from '../i18n/index.js';

/**
 * The watch link during the game (the lobby's share panel is gone by then): one button that
 * copies it, with the share panel's fallback where the Clipboard API is missing (a plain-http LAN
 * page): the link, kept in a hidden field, is selected and shown for the player to copy.
 */
export function WatchLinkButton(props: { url: string }) {
  const [copied, setCopied] = createSignal<'yes' | 'select' | null>(null);
  let field: HTMLInputElement | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const copy = async (): Promise<void> => {
    let done = false;
    try {
      await navigator.clipboard.writeText(props.url);
      done = true;
    } catch {
      field?.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    setCopied(done ? 'yes' : 'select');
    clearTimeout(timer);
    if (done) timer = setTimeout(() => setCopied(null), 2500);
  };
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
