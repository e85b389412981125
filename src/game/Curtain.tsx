import { onCleanup, onMount } from 'solid-js';
import type { Colour, Seat } from '../../engine/index.js';
import { TERRAIN, playerName } from '../display/index.js';
import { language, t } from '../i18n/index.js';

/**
 * Hot-seat: hides everything private until the seat's player is at the device (ui.md §5).
 * Nothing private is rendered behind it: the screen mounts private parts only once revealed.
 */
export function Curtain(props: { seat: Seat; colour: Colour; onReveal: () => void }) {
  let button: HTMLButtonElement | undefined;
  const key = (e: KeyboardEvent): void => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      props.onReveal();
    }
  };
  onMount(() => {
    button?.focus();
    window.addEventListener('keydown', key);
  });
  onCleanup(() => window.removeEventListener('keydown', key));
  return (
    <div class="curtain" data-seat={props.seat} role="dialog" aria-modal="true" aria-labelledby="curtain-title" style={{ '--seat-colour': TERRAIN[props.colour].rgb }}>
      <button type="button" id="curtain" ref={button} onClick={() => props.onReveal()}>
        <span class="curtain-glyph" aria-hidden="true">
          {TERRAIN[props.colour].glyph}
        </span>
        <strong id="curtain-title">{t('curtain.pass', { player: playerName(props.seat, language()) })}</strong>
        <span>{t('curtain.tap')}</span>
        <small>{t('curtain.hidden')}</small>
      </button>
    </div>
  );
}
