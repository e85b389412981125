import { generate } from 'lean-qr';
import { Show, createEffect } from 'solid-js';
import { t } from '../i18n/index.js';
import { createLinkCopier } from './copyLink.js';

/**
 * The share link (ui.md §6): Copy (with a fallback where the Clipboard API is missing, as on a
 * plain-http LAN page), a QR code for phones across the table, and the system's share sheet
 * where the browser has one (secure pages only). The link is a capability: say so.
 */
export function SharePanel(props: { link: string; watch?: string }) {
  let field: HTMLInputElement | undefined;
  let canvas: HTMLCanvasElement | undefined;
  // The link's field is always in view: the hint to copy by hand goes after a moment.
  const { copied, copy } = createLinkCopier(() => props.link, () => field, { keepSelect: false });

  createEffect(() => {
    const link = props.link;
    if (!canvas) return;
    try {
      generate(link).toCanvas(canvas);
    } catch {
      // no canvas here (a test DOM): the link and its copy button remain
    }
  });

  const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <section class="card share" aria-labelledby="share-title">
      <h2 id="share-title">{t('online.share')}</h2>
      <p class="help">{t('online.shareHelp')}</p>
      <div class="share-row">
        <input ref={field} id="share-link" type="text" readonly value={props.link} aria-label={t('online.link')} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" id="copy-link" onClick={() => void copy()}>
          {t('online.copy')}
        </button>
        <Show when={canShare()}>
          <button type="button" id="share-sheet" onClick={() => void navigator.share({ title: t('app.title'), url: props.link }).catch(() => undefined)}>
            {t('online.shareSheet')}
          </button>
        </Show>
      </div>
      <p class="toast" role="status" aria-live="polite">
        {copied() === 'yes' ? t('online.copied') : copied() === 'select' ? t('online.copySelect') : ''}
      </p>
      <canvas ref={canvas} class="qr" role="img" aria-label={t('online.qr')} />
      <Show when={props.watch}>
        {(watch) => (
          <p class="watch-link">
            <label>
              {t('online.watchLink')} <input id="watch-link" type="text" readonly value={watch()} onFocus={(e) => e.currentTarget.select()} />
            </label>
          </p>
        )}
      </Show>
    </section>
  );
}
