import type { ParsedEntry, SignedEntry } from '../codec/entry.js';
import { MAX_OPEN_ENTRY_BYTES } from '../codec/wire.js';

/**
 * The answer to a catch-up request (pure): consecutive elements of a log from `from` on, at most
 * `count`, as long as the message stays under `maxBytes` (each entry's text counted twice, a safe
 * bound on its JSON escaping), then, if the answer reaches the head of the log, the entries held
 * for the current place (so that a seat that lost its memory gets back what it signed there).
 * Up to `openings` final-openings entries travel on top of `maxBytes` (wire.ts wireBytes: the
 * close element fits whatever its size). Empty when there is nothing to send.
 */
export function historyAnswer(
  log: readonly { readonly entries: readonly ParsedEntry[] }[],
  from: number,
  count: number,
  maxBytes: number,
  pending: readonly ParsedEntry[],
  openings = 0,
): SignedEntry[][] {
  const elements: SignedEntry[][] = [];
  let size = 1024;
  let free = openings;
  const take = (el: readonly ParsedEntry[]): boolean => {
    const open = el.filter((e) => e.entry.body.type === 'open' && e.text.length <= MAX_OPEN_ENTRY_BYTES).slice(0, free);
    const more = el.reduce((n, e) => n + (open.includes(e) ? 0 : e.text.length * 2) + e.sig.length + 32, 16);
    if (size + more > maxBytes) return false;
    size += more;
    free -= open.length;
    elements.push(el.map((e) => ({ text: e.text, sig: e.sig })));
    return true;
  };
  const last = Math.min(log.length, from + count);
  let seq = from;
  for (; seq < last; seq++) if (!take(log[seq]!.entries)) break;
  // The entries held for the current place count as one more element, within `count`.
  if (seq === log.length && pending.length > 0 && elements.length < count) take(pending);
  return elements;
}
