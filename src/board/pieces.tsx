import type { TileColour } from '../../engine/index.js';
import { HEART_STYLE, TERRAIN, inkOn } from '../display/index.js';
import { hexCorners } from './tiles.js';

/** Small SVG pieces shared by the flat map and its legend. Presentational: props in, SVG out. */

export const HEART_FILL = HEART_STYLE.fill;
export const HEART_INK = HEART_STYLE.rim;
export const fillOf = (colour: TileColour): string => TERRAIN[colour].rgb;
export const inkOf = (colour: TileColour): string => inkOn(TERRAIN[colour].rgb);

export function HexShape(props: { x: number; y: number; size: number; fill: string; stroke?: string; strokeWidth?: number; dashed?: boolean; opacity?: number }) {
  return (
    <polygon
      points={hexCorners(props.x, props.y, props.size)}
      fill={props.fill}
      fill-opacity={props.opacity ?? 1}
      stroke={props.stroke ?? '#222'}
      stroke-width={props.strokeWidth ?? 1.5}
      stroke-dasharray={props.dashed ? '5 3' : undefined}
      stroke-linejoin="round"
    />
  );
}

/** The energy-rich marker: a lightning bolt, white with a black outline, readable on every colour. */
export function EnergyMark(props: { x: number; y: number; scale: number }) {
  return (
    <path
      class="energy-mark"
      transform={`translate(${props.x} ${props.y}) scale(${props.scale})`}
      d="M2,-9 L-5,1 L-0.5,1 L-2,9 L5,-1.5 L0.5,-1.5 Z"
      fill="#fff"
      stroke="#000"
      stroke-width={1.4}
      stroke-linejoin="round"
    />
  );
}

/** A rounded label centred on (x, y): troops in their owner's colour, or wild markers. */
export function Pill(props: { x: number; y: number; height: number; text: string; fill: string; dashed?: boolean; class?: string }) {
  const width = (): number => props.height * (0.9 + 0.55 * props.text.length);
  return (
    <g class={props.class}>
      <rect
        x={props.x - width() / 2}
        y={props.y - props.height / 2}
        width={width()}
        height={props.height}
        rx={props.height / 2}
        fill={props.fill}
        stroke="#000"
        stroke-width={1}
        stroke-dasharray={props.dashed ? '2.5 1.5' : undefined}
      />
      <text x={props.x} y={props.y} font-size={String(props.height * 0.8)} font-weight="700" fill={inkOn(props.fill)} text-anchor="middle" dominant-baseline="central">
        {props.text}
      </text>
    </g>
  );
}

/** The portal: a white ring carrying the owner's player number. */
export function PortalMark(props: { x: number; y: number; radius: number; label: string }) {
  return (
    <g class="portal-mark">
      <circle cx={props.x} cy={props.y} r={props.radius} fill="#fff" stroke="#000" stroke-width={2.5} />
      <circle cx={props.x} cy={props.y} r={props.radius * 0.78} fill="none" stroke="#000" stroke-width={1} />
      <text x={props.x} y={props.y} font-size={String(props.radius * 0.95)} font-weight="700" fill="#000" text-anchor="middle" dominant-baseline="central">
        {props.label}
      </text>
    </g>
  );
}
