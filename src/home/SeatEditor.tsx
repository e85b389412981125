import { For } from 'solid-js';
import {
  CIVILISATIONS,
  CIVILISATION_IDENTITY,
  COLOURS,
  type Civilisation,
  type Colour,
} from '../../engine/index.js';
import { CivIdentity } from '../cards/CivIdentity.js';
import { CIVILISATION_NAME, TERRAIN, playerName } from '../display/index.js';
import type { SeatConfig } from '../game/config.js';
import { language, t } from '../i18n/index.js';

/** One row per seat: person or bot, colour, civilisation (with what it is like). Presentational: values in, changes out. */
export function SeatEditor(props: { seats: readonly SeatConfig[]; onChange: (seat: number, next: SeatConfig) => void }) {
  return (
    <table class="seats">
      <thead>
        <tr>
          <th scope="col">{t('home.seat')}</th>
          <th scope="col">{t('home.bot')}</th>
          <th scope="col">{t('home.colour')}</th>
          <th scope="col">{t('home.civilisation')}</th>
        </tr>
      </thead>
      <tbody>
        <For each={props.seats}>
          {(seat, i) => (
            <tr data-seat={i()}>
              <th scope="row">
                <span class="swatch" style={{ background: TERRAIN[seat.colour].rgb }} aria-hidden="true" /> {TERRAIN[seat.colour].glyph} {playerName(i(), language())}
              </th>
              <td>
                <label class="toggle">
                  <input type="checkbox" checked={seat.bot} onChange={(e) => props.onChange(i(), { ...seat, bot: e.currentTarget.checked })} />
                  <span>{seat.bot ? t('home.bot') : t('home.person')}</span>
                </label>
              </td>
              <td>
                <select aria-label={`${t('home.colour')} ${playerName(i(), language())}`} value={seat.colour} onChange={(e) => props.onChange(i(), { ...seat, colour: e.currentTarget.value as Colour })}>
                  <For each={COLOURS}>{(c) => <option value={c}>{`${TERRAIN[c].glyph} ${TERRAIN[c].name[language()]}`}</option>}</For>
                </select>
              </td>
              <td>
                <select
                  aria-label={`${t('home.civilisation')} ${playerName(i(), language())}`}
                  value={seat.civilisation}
                  onChange={(e) => props.onChange(i(), { ...seat, civilisation: e.currentTarget.value as Civilisation })}
                >
                  <For each={CIVILISATIONS}>{(c) => <option value={c}>{`${CIVILISATION_NAME[c][language()]} · ${CIVILISATION_IDENTITY[c].style[language()]}`}</option>}</For>
                </select>
                <CivIdentity civilisation={seat.civilisation} />
              </td>
            </tr>
          )}
        </For>
      </tbody>
    </table>
  );
}
