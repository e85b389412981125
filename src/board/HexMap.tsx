import { For, Index, Show, createMemo } from 'solid-js';
import {
  type GameState,
  hexToPixel,
  parseHexKey,
} from '../../engine/index.js';
import { TERRAIN, playerShort } from '../display/index.js';
import { language } from '../i18n/index.js';
import { describeTile, hexLabel } from './describe.js';
import { EnergyMark, HEART_FILL, HEART_INK, HexShape, Pill, PortalMark, fillOf, inkOf } from './pieces.js';
import { type TileView, boardView, troopTotal } from './tiles.js';
import { type BoardInput, type Highlights, NO_HIGHLIGHTS } from './types.js';

const SIZE = 40;

/**
 * The flat map (SVG): the fallback where WebGL is missing, and the map explorer's picture.
 * One `g.hex` per tile, one `g.cell` per empty legal space. Presentational.
 */
export function HexMap(props: { state: GameState; label: string; highlights?: Highlights; natural?: boolean } & BoardInput) {
  const hl = (): Highlights => props.highlights ?? NO_HIGHLIGHTS;
  const board = createMemo(() => boardView(props.state, SIZE, hl().legal));
  const viewBox = (): string => {
    const v = board().viewBox;
    return `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.width.toFixed(1)} ${v.height.toFixed(1)}`;
  };
  const last = createMemo(() => new Set(hl().last));
  return (
    <svg
      class="hex-map"
      viewBox={viewBox()}
      width={props.natural ? board().viewBox.width.toFixed(0) : undefined}
      height={props.natural ? board().viewBox.height.toFixed(0) : undefined}
      role="img" aria-label={props.label} xmlns="http://www.w3.org/2000/svg" onMouseLeave={() => props.onHover?.(null)}>
      {/* By position, not by object: every state makes new tile views, and a keyed list would rebuild every tile's nodes. */}
      <Index each={board().tiles}>
        {(tile) => (
          <HexTile
            tile={tile()}
            legal={hl().legal.has(tile().key)}
            selected={hl().selected === tile().key || hl().cursor === tile().key}
            last={last().has(tile().key)}
            onPick={() => props.onPick?.(tile().hex)}
            onHover={() => props.onHover?.(tile().hex)}
          />
        )}
      </Index>
      <For each={hl().arrows ?? []}>
        {(step) => {
          const end = () => {
            const a = hexToPixel(parseHexKey(step.from), SIZE);
            const b = hexToPixel(parseHexKey(step.to), SIZE);
            return { x1: a.x, y1: a.y, x2: a.x + (b.x - a.x) * 0.8, y2: a.y + (b.y - a.y) * 0.8, angle: (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI };
          };
          return (
            <g class="staged-arrow" data-from={step.from} data-to={step.to} pointer-events="none">
              <line x1={end().x1} y1={end().y1} x2={end().x2} y2={end().y2} stroke="#D55E00" stroke-width="5" stroke-linecap="round" />
              <polygon points="0,-9 14,0 0,9" fill="#D55E00" transform={`translate(${end().x2} ${end().y2}) rotate(${end().angle})`} />
            </g>
          );
        }}
      </For>
      <For each={board().cells}>
        {(cell) => {
          const ghost = () => (hl().ghost?.at === cell.key ? hl().ghost : null);
          return (
            <g
              class="cell"
              classList={{ selected: hl().selected === cell.key }}
              data-hex={cell.key}
              onClick={() => props.onPick?.(parseHexKey(cell.key))}
              onMouseEnter={() => props.onHover?.(cell.hex)}
            >
              <title>{hexLabel(cell.hex)}</title>
              <HexShape
                x={cell.x}
                y={cell.y}
                size={SIZE * 0.92}
                fill={ghost() ? fillOf(ghost()!.colour) : '#FFD84D'}
                opacity={ghost() ? 0.75 : 0.35}
                stroke={hl().selected === cell.key ? '#000' : '#6b5800'}
                strokeWidth={hl().selected === cell.key ? 4 : 2}
                dashed={hl().selected !== cell.key}
              />
            </g>
          );
        }}
      </For>
    </svg>
  );
}

function HexTile(props: { tile: TileView; legal: boolean; selected: boolean; last: boolean; onPick: () => void; onHover: () => void }) {
  const s = SIZE;
  const t = (): TileView => props.tile;
  const fill = (): string => (t().colour ? fillOf(t().colour!) : HEART_FILL);
  // Labels at least 12 px at natural size (the explorer shows the map 1:1, scrolled on a phone).
  const pillH = s * 0.4;
  const stroke = (): string => (props.selected ? '#000' : props.legal ? '#FFD84D' : props.last ? '#555' : t().kind === 'heart' ? HEART_INK : '#222');
  const width = (): number => (props.selected ? 4 : props.legal ? 4 : t().kind === 'heart' ? 4 : 1.5);
  return (
    <g class="hex" data-hex={t().key} data-kind={t().kind} data-colour={t().colour ?? 'heart'} onClick={() => props.onPick()} onMouseEnter={() => props.onHover()}>
      <title>{describeTile(t(), language())}</title>
      <HexShape x={t().x} y={t().y} size={s * 0.96} fill={fill()} stroke={stroke()} strokeWidth={width()} dashed={props.legal && !props.selected} />
      <Show when={t().troops}>
        {(troops) => (
          // The owner's band, as on the 3D board: his colour between dark edges, so that it reads on his own terrain too.
          <g class="owner-band" pointer-events="none">
            <HexShape x={t().x} y={t().y} size={s * 0.74} fill="none" stroke="#1A1A1A" strokeWidth={6.5} />
            <HexShape x={t().x} y={t().y} size={s * 0.74} fill="none" stroke={fillOf(troops().colour)} strokeWidth={3.5} />
          </g>
        )}
      </Show>
      <Show when={t().kind === 'land'}>
        <text class="glyph" x={t().x} y={t().y - s * 0.12} font-size={String(s * 0.52)} fill={inkOf(t().colour!)} text-anchor="middle" dominant-baseline="central">
          {TERRAIN[t().colour!].glyph}
        </text>
      </Show>
      <Show when={t().kind === 'heart'}>
        <text x={t().x} y={t().y - s * 0.14} font-size={String(s * 0.62)} fill={HEART_INK} text-anchor="middle" dominant-baseline="central">
          ♥
        </text>
      </Show>
      <Show when={t().kind === 'portal'}>
        <PortalMark x={t().x} y={t().y - s * 0.1} radius={s * 0.3} label={playerShort(t().seat!, language())} />
      </Show>
      <Show when={t().energyRich}>
        <EnergyMark x={t().x + s * 0.52} y={t().y - s * 0.36} scale={s / 40} />
      </Show>
      <Show when={t().troops}>
        {(troops) => (
          <Pill
            class="troops"
            x={t().x}
            y={t().y + s * 0.46}
            height={pillH}
            fill={fillOf(troops().colour)}
            text={`${playerShort(troops().owner, language())}·${troopTotal(t())}`}
          />
        )}
      </Show>
      <Show when={t().wild > 0}>
        <Pill class="wild" x={t().x} y={t().y + (t().troops ? s * 0.1 : s * 0.46)} height={pillH} fill="#FFFFFF" dashed text={`w${t().wild}`} />
      </Show>
    </g>
  );
}
