import { Plane, type PerspectiveCamera, Raycaster, Vector2, Vector3 } from 'three';
import { type Hex, type HexKey, hexKey, pixelToHex } from '../../engine/index.js';
import { TILE_HEIGHT } from './projection.js';

const DRAG_PX = 3;

export interface Board3DInput {
  readonly onPick?: (hex: Hex) => void;
  readonly onHover?: (hex: Hex | null) => void;
}

/** The board's pointer input: a click (a press that moved less than 3 px, as chessground) picks a hex; hovering follows the pointer, once a frame at most. */
export interface Picker {
  /** The hex under the pointer. */
  hovered(): HexKey | null;
  dispose(): void;
}

/** Picking (ui.md §4): screen ray, board plane, fractional axial, cube rounding. `hoverChanged` runs after `input.onHover`. */
export function makePicker(el: HTMLElement, camera: PerspectiveCamera, input: Board3DInput, hoverChanged: () => void): Picker {
  const raycaster = new Raycaster();
  const plane = new Plane(new Vector3(0, 1, 0), -TILE_HEIGHT);
  const ndc = new Vector2();
  const hit = new Vector3();
  const hexAt = (e: PointerEvent): Hex | null => {
    const r = el.getBoundingClientRect();
    ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    if (!raycaster.ray.intersectPlane(plane, hit)) return null;
    return pixelToHex(hit.x, hit.z, 1);
  };
  let hover: HexKey | null = null;
  let down: { x: number; y: number } | null = null;
  let pendingMove: PointerEvent | null = null;
  const onDown = (e: PointerEvent): void => {
    down = { x: e.clientX, y: e.clientY };
  };
  const onUp = (e: PointerEvent): void => {
    if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) < DRAG_PX) {
      const h = hexAt(e);
      if (h) input.onPick?.(h);
    }
    down = null;
  };
  let hoverFrame = 0;
  const onMove = (e: PointerEvent): void => {
    pendingMove = e;
    if (hoverFrame) return;
    hoverFrame = requestAnimationFrame(() => {
      hoverFrame = 0;
      const h = pendingMove ? hexAt(pendingMove) : null;
      const key = h ? hexKey(h) : null;
      if (key === hover) return;
      hover = key;
      input.onHover?.(h);
      hoverChanged();
    });
  };
  const onLeave = (): void => {
    if (hover === null) return;
    hover = null;
    input.onHover?.(null);
    hoverChanged();
  };
  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerleave', onLeave);
  return {
    hovered: () => hover,
    dispose() {
      cancelAnimationFrame(hoverFrame);
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerleave', onLeave);
    },
  };
}
