import { For, type JSX } from 'solid-js';
import {
  type Civilisation,
  type Colour,
  TILE_COLOURS,
} from '../../engine/index.js';
import { CIVILISATION_NAME, HEART_STYLE, TERRAIN, playerName, playerShort } from '../display/index.js';
import { language, t } from '../i18n/index.js';
import { EnergyMark, HEART_FILL, HEART_INK, HexShape, Pill, PortalMark, fillOf, inkOf } from './pieces.js';

export interface LegendPlayer {
  readonly seat: number;
  readonly colour: Colour;
  readonly civilisation: Civilisation;
}

const ICON = 16;

/** A legend picture, drawn at the map's scale around (0, 0); `wide` doubles its width for markers. */
function Icon(props: { children: JSX.Element; wide?: boolean }) {
  const w = (): number => (props.wide ? 2 : 1) * (2 * ICON + 4);
  return (
    <svg class="legend-icon" viewBox={`${-w() / 2} ${-ICON - 2} ${w()} ${2 * ICON + 4}`} width={String(w())} height={String(2 * ICON + 4)} aria-hidden="true">
      {props.children}
    </svg>
  );
}

/** What each mark on the map means, and who plays which colour. Presentational. */
export function Legend(props: { players: readonly LegendPlayer[] }) {
  const first = (): Colour => props.players[0]?.colour ?? 'forest';
  return (
    <aside class="legend" aria-label={t('legend.title')}>
      <h2>{t('legend.tiles')}</h2>
      <ul>
        <For each={TILE_COLOURS}>
          {(colour) => (
            <li>
              <Icon>
                <HexShape x={0} y={0} size={ICON} fill={fillOf(colour)} strokeWidth={1} />
                <text x={0} y={0} font-size={String(ICON * 0.9)} fill={inkOf(colour)} text-anchor="middle" dominant-baseline="central">
                  {TERRAIN[colour].glyph}
                </text>
              </Icon>
              <span>
                {TERRAIN[colour].glyph} {TERRAIN[colour].name[language()]}
              </span>
            </li>
          )}
        </For>
        <li>
          <Icon>
            <HexShape x={0} y={0} size={ICON} fill={HEART_FILL} stroke={HEART_INK} strokeWidth={2.5} />
            <text x={0} y={0} font-size={String(ICON)} fill={HEART_INK} text-anchor="middle" dominant-baseline="central">
              ♥
            </text>
          </Icon>
          <span>{HEART_STYLE.name[language()]}</span>
        </li>
        <li>
          <Icon>
            <HexShape x={0} y={0} size={ICON} fill={fillOf(first())} strokeWidth={1} />
            <PortalMark x={0} y={0} radius={ICON * 0.8} label={playerShort(0, language())} />
          </Icon>
          <span>{t('legend.portal')}</span>
        </li>
        <li>
          <Icon>
            <EnergyMark x={0} y={0} scale={1.3} />
          </Icon>
          <span>{t('legend.energy')}</span>
        </li>
      </ul>
      <h2>{t('legend.markers')}</h2>
      <ul>
        <li>
          <Icon>
            <HexShape x={0} y={0} size={ICON} fill={fillOf(first())} strokeWidth={1} />
            <HexShape x={0} y={0} size={ICON * 0.74} fill="none" stroke="#1A1A1A" strokeWidth={4} />
            <HexShape x={0} y={0} size={ICON * 0.74} fill="none" stroke={fillOf(first())} strokeWidth={2} />
          </Icon>
          <span>{t('legend.owner')}</span>
        </li>
        <li>
          <Icon wide>
            <Pill x={0} y={0} height={15} fill={fillOf(first())} text={`${playerShort(0, language())}·2`} />
          </Icon>
          <span>{t('legend.troops')}</span>
        </li>
        <li>
          <Icon wide>
            <Pill x={0} y={0} height={15} fill="#fff" dashed text="w6" />
          </Icon>
          <span>{t('legend.wild')}</span>
        </li>
      </ul>
      <h2>{t('legend.players')}</h2>
      <ul class="players">
        <For each={props.players}>
          {(p) => (
            <li>
              <Icon>
                <HexShape x={0} y={0} size={ICON} fill={fillOf(p.colour)} strokeWidth={1} />
                <text x={0} y={0} font-size={String(ICON * 0.9)} fill={inkOf(p.colour)} text-anchor="middle" dominant-baseline="central">
                  {TERRAIN[p.colour].glyph}
                </text>
              </Icon>
              <span>
                {playerName(p.seat, language())}: {CIVILISATION_NAME[p.civilisation][language()]}, {TERRAIN[p.colour].name[language()]}
              </span>
            </li>
          )}
        </For>
      </ul>
    </aside>
  );
}
