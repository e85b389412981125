import { createSignal, onCleanup } from 'solid-js';

/**
 * Copying a link, for the share panel and the watch-link button: the Clipboard API, else (a
 * plain-http LAN page has none) the link's field selected and `execCommand('copy')`; where that
 * fails too, the state says `select` and the field stays selected for the player to copy.
 * `copied()` is 'yes' for a moment after a copy, `select` when the player must copy by hand.
 */
export function createLinkCopier(link: () => string, field: () => HTMLInputElement | undefined, o: { keepSelect: boolean }) {
  const [copied, setCopied] = createSignal<'yes' | 'select' | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  onCleanup(() => clearTimeout(timer));
  const copy = async (): Promise<void> => {
    let done = false;
    try {
      await navigator.clipboard.writeText(link());
      done = true;
    } catch {
      field()?.select();
      try {
        done = document.execCommand('copy');
      } catch {
        done = false;
      }
    }
    setCopied(done ? 'yes' : 'select');
    clearTimeout(timer);
    if (done || !o.keepSelect) timer = setTimeout(() => setCopied(null), 2500);
  };
  return { copied, copy };
}
