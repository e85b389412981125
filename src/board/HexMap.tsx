import { For, Show } from 'solid-js';
import {
  COLOUR_STYLE,
} from '../../engine/index.js';
import { EnergyMark, HEART_FILL, HEART_INK, HexShape, Pill, PortalMark, fillOf, inkOf } from './pieces.js';
import { type BoardView, type TileView, seatLabel } from './tiles.js';

/** The map as SVG: one `g.hex` per tile. Presentational: it draws the view it is given. */
export function HexMap(props: { board: BoardView; size: number; label: string }) {
  const viewBox = (): string => {
    const v = props.board.viewBox;
    return `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.width.toFixed(1)} ${v.height.toFixed(1)}`;
  };
  return (
    <svg
      class="hex-map"
      viewBox={viewBox()}
      width={props.board.viewBox.width.toFixed(0)}
      role="img" aria-label={props.label} xmlns="http://www.w3.org/2000/svg">
      <For each={props.board.tiles}>{(tile) => <HexTile tile={tile} size={props.size} />}</For>
    </svg>
  );
}

export function describeTile(tile: TileView): string {
  const what =
    tile.kind === 'heart'
      ? 'Heart of Eden'
      : tile.kind === 'portal'
        ? `portal of ${seatLabel(tile.seat!)} (${COLOUR_STYLE[tile.colour!].terrain})`
        : COLOUR_STYLE[tile.colour!].terrain;
  const parts = [`${what} at ${tile.key}`];
  if (tile.energyRich) parts.push('energy-rich');
  if (tile.troops) parts.push(`${tile.troops.count} troops of ${seatLabel(tile.troops.owner)}`);
  if (tile.wild > 0) parts.push(`wild markers ${tile.wild}`);
  return parts.join(', ');
}

function HexTile(props: { tile: TileView; size: number }) {
  const s = (): number => props.size;
  const t = (): TileView => props.tile;
  const fill = (): string => (t().colour ? fillOf(t().colour!) : HEART_FILL);
  const pillH = (): number => s() * 0.34;
  return (
    <g class="hex" data-hex={t().key} data-kind={t().kind} data-colour={t().colour ?? 'heart'}>
      <title>{describeTile(t())}</title>
      <HexShape
        x={t().x}
        y={t().y}
        size={s() * 0.96}
        fill={fill()}
        stroke={t().kind === 'heart' ? HEART_INK : '#222'}
        strokeWidth={t().kind === 'heart' ? 4 : 1.5}
      />
      <Show when={t().kind === 'land'}>
        <text
          class="glyph"
          x={t().x}
          y={t().y - s() * 0.12}
          font-size={String(s() * 0.52)}
          fill={inkOf(t().colour!)}
          text-anchor="middle"
          dominant-baseline="central"
        >
          {COLOUR_STYLE[t().colour!].glyph}
        </text>
      </Show>
      <Show when={t().kind === 'heart'}>
        <text x={t().x} y={t().y - s() * 0.14} font-size={String(s() * 0.62)} fill={HEART_INK} text-anchor="middle" dominant-baseline="central">
          ♥
        </text>
      </Show>
      <Show when={t().kind === 'portal'}>
        <PortalMark x={t().x} y={t().y - s() * 0.1} radius={s() * 0.3} label={seatLabel(t().seat!)} />
      </Show>
      <Show when={t().energyRich}>
        <EnergyMark x={t().x + s() * 0.52} y={t().y - s() * 0.36} scale={s() / 40} />
      </Show>
      <Show when={t().troops}>
        {(troops) => (
          <Pill
            class="troops"
            x={t().x}
            y={t().y + s() * 0.46}
            height={pillH()}
            fill={fillOf(troops().colour)}
            text={`${seatLabel(troops().owner)}·${troops().count}`}
          />
        )}
      </Show>
      <Show when={t().wild > 0}>
        <Pill
          class="wild"
          x={t().x}
          y={t().y + (t().troops ? s() * 0.1 : s() * 0.46)}
          height={pillH()}
          fill="#FFFFFF"
          dashed
          text={`w${t().wild}`}
        />
      </Show>
    </g>
  );
}
