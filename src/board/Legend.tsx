import { For, type JSX } from 'solid-js';
import {
  type Civilisation,
  type Colour,
  COLOUR_STYLE,
  TILE_COLOURS,
} from '../../engine/index.js';
import { EnergyMark, HEART_FILL, HEART_INK, HexShape, Pill, PortalMark, fillOf, inkOf } from './pieces.js';
import { seatLabel } from './tiles.js';

export interface LegendPlayer {
  readonly seat: number;
  readonly colour: Colour;
  readonly civilisation: Civilisation;
}

const ICON = 14;

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
  return (
    <aside class="legend" aria-label="Legend">
      <h2>Tiles</h2>
      <ul>
        <For each={TILE_COLOURS}>
          {(colour) => (
            <li>
              <Icon>
                <HexShape x={0} y={0} size={ICON} fill={fillOf(colour)} strokeWidth={1} />
                <text x={0} y={0} font-size={String(ICON * 0.9)} fill={inkOf(colour)} text-anchor="middle" dominant-baseline="central">
                  {COLOUR_STYLE[colour].glyph}
                </text>
              </Icon>
              <span>
                {COLOUR_STYLE[colour].glyph} {COLOUR_STYLE[colour].terrain}
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
          <span>Heart of Eden</span>
        </li>
        <li>
          <Icon>
            <HexShape x={0} y={0} size={ICON} fill={fillOf(props.players[0]?.colour ?? 'forest')} strokeWidth={1} />
            <PortalMark x={0} y={0} radius={ICON * 0.72} label="P1" />
          </Icon>
          <span>portal of player n, in the player's colour</span>
        </li>
        <li>
          <Icon>
            <EnergyMark x={0} y={0} scale={1.3} />
          </Icon>
          <span>energy-rich tile</span>
        </li>
      </ul>
      <h2>Markers</h2>
      <ul>
        <li>
          <Icon wide>
            <Pill x={0} y={0} height={13} fill={fillOf(props.players[0]?.colour ?? 'forest')} text="P1·2" />
          </Icon>
          <span>P1·2: player 1 holds the tile with 2 troops (in the player's colour)</span>
        </li>
        <li>
          <Icon wide>
            <Pill x={0} y={0} height={13} fill="#fff" dashed text="w6" />
          </Icon>
          <span>w6: wild-territory markers worth 6 in all</span>
        </li>
      </ul>
      <h2>Players</h2>
      <ul class="players">
        <For each={props.players}>
          {(p) => (
            <li>
              <Icon>
                <HexShape x={0} y={0} size={ICON} fill={fillOf(p.colour)} strokeWidth={1} />
                <text x={0} y={0} font-size={String(ICON * 0.9)} fill={inkOf(p.colour)} text-anchor="middle" dominant-baseline="central">
                  {COLOUR_STYLE[p.colour].glyph}
                </text>
              </Icon>
              <span>
                {seatLabel(p.seat)}: {p.civilisation}, {COLOUR_STYLE[p.colour].terrain}
              </span>
            </li>
          )}
        </For>
      </ul>
    </aside>
  );
}
