import { MathUtils, PerspectiveCamera, Vector3 } from 'three';
import { MapControls } from 'three/examples/jsm/controls/MapControls.js';
import type { BoardScene } from './projection.js';

export const FOV = 35;
const MIN_POLAR = MathUtils.degToRad(20);
const MAX_POLAR = MathUtils.degToRad(60);
const FIT_POLAR = MathUtils.degToRad(38);
const HEX_WIDTH = Math.sqrt(3);

type Bounds = BoardScene['bounds'];

/** The board's camera and its MapControls (ui.md §4): fitted to the map, clamped over it, refitted as it grows until the player moves the view. */
export interface CameraRig {
  readonly camera: PerspectiveCamera;
  /** Fits the whole map in view at the fit angle. */
  fit(): void;
  /** After a new projection: the zoom's limit follows the map; bounds that changed refit, unless the player has moved the view. */
  follow(): void;
  setAspect(aspect: number): void;
  dispose(): void;
}

const boundsKey = (b: Bounds): string => [b.minX, b.maxX, b.minZ, b.maxZ].map((x) => x.toFixed(3)).join();

/** `bounds` gives the map's current extent (null before the first projection); `changed` asks for a frame. */
export function makeCameraRig(dom: HTMLElement, bounds: () => Bounds | null, changed: () => void): CameraRig {
  const camera = new PerspectiveCamera(FOV, 1, 0.1, 500);
  camera.position.set(0, 14, 10);
  const controls = new MapControls(camera, dom);
  controls.enableDamping = false;
  controls.minPolarAngle = MIN_POLAR;
  controls.maxPolarAngle = MAX_POLAR;
  controls.minDistance = 3 * HEX_WIDTH;
  controls.zoomToCursor = true;
  /** The bounds the view was last fitted to: any change (the map grows, the glowing places move) refits. */
  let fittedBounds = '';
  let userMoved = false;

  const scratch = new PerspectiveCamera(FOV, 1, 0.1, 500);
  const corner = new Vector3();
  /**
   * The distance at which the whole map fits at the fit angle, on both field-of-view axes: a first
   * estimate from the angles, corrected by projecting the map's corners (the tilted view's near
   * edge shows larger than its far edge).
   */
  function fitDistance(): number {
    const b = bounds() ?? { minX: -1, maxX: 1, minZ: -1, maxZ: 1 };
    const m = 1.1;
    const box = { minX: b.minX - m, maxX: b.maxX + m, minZ: b.minZ - m, maxZ: b.maxZ + m };
    const cx = (box.minX + box.maxX) / 2;
    const cz = (box.minZ + box.maxZ) / 2;
    const v = MathUtils.degToRad(FOV) / 2;
    const h = Math.atan(Math.tan(v) * camera.aspect);
    let d = Math.max((box.maxX - box.minX) / 2 / Math.tan(h), (box.maxZ - box.minZ) / 2 / Math.tan(v));
    scratch.aspect = camera.aspect;
    scratch.updateProjectionMatrix();
    for (let i = 0; i < 4; i++) {
      scratch.position.set(cx, d * Math.cos(FIT_POLAR), cz + d * Math.sin(FIT_POLAR));
      scratch.lookAt(cx, 0, cz);
      scratch.updateMatrixWorld();
      let extent = 0;
      for (const [x, z] of [[box.minX, box.minZ], [box.maxX, box.minZ], [box.minX, box.maxZ], [box.maxX, box.maxZ]] as const) {
        corner.set(x, 0, z).project(scratch);
        extent = Math.max(extent, Math.abs(corner.x), Math.abs(corner.y));
      }
      d *= extent / 0.94;
    }
    return d;
  }

  function fit(): void {
    const b = bounds() ?? { minX: 0, maxX: 0, minZ: 0, maxZ: 0 };
    fittedBounds = boundsKey(b);
    userMoved = false;
    const target = new Vector3((b.minX + b.maxX) / 2, 0, (b.minZ + b.maxZ) / 2);
    const d = fitDistance();
    controls.target.copy(target);
    camera.position.set(target.x, target.y + d * Math.cos(FIT_POLAR), target.z + d * Math.sin(FIT_POLAR));
    controls.maxDistance = Math.max(controls.minDistance * 1.5, 1.3 * d);
    controls.update();
    changed();
  }

  // The target stays over the map: panning cannot lose the board.
  const clampTarget = (): void => {
    const b = bounds();
    if (!b) return;
    const t = controls.target;
    const cx = MathUtils.clamp(t.x, b.minX - 1, b.maxX + 1);
    const cz = MathUtils.clamp(t.z, b.minZ - 1, b.maxZ + 1);
    if (cx !== t.x || cz !== t.z) {
      camera.position.x += cx - t.x;
      camera.position.z += cz - t.z;
      t.set(cx, t.y, cz);
    }
  };
  const onChange = (): void => {
    clampTarget();
    changed();
  };
  // A press alone is no move: only a change during a drag stops the automatic refit.
  let interacting = false;
  const onStart = (): void => {
    interacting = true;
  };
  const onEnd = (): void => {
    interacting = false;
  };
  const onMoved = (): void => {
    if (interacting) userMoved = true;
  };
  controls.addEventListener('change', onChange);
  controls.addEventListener('change', onMoved);
  controls.addEventListener('start', onStart);
  controls.addEventListener('end', onEnd);

  return {
    camera,
    fit,
    follow() {
      const b = bounds();
      if (!b) return;
      controls.maxDistance = Math.max(controls.minDistance * 1.5, 1.3 * fitDistance());
      // Refit as the map grows (or the glowing places change), unless the player has moved the view.
      if (boundsKey(b) !== fittedBounds && !userMoved) fit();
    },
    setAspect(aspect) {
      camera.aspect = aspect;
      camera.updateProjectionMatrix();
    },
    dispose() {
      controls.removeEventListener('change', onChange);
      controls.removeEventListener('start', onStart);
      controls.removeEventListener('change', onMoved);
      controls.removeEventListener('end', onEnd);
      controls.dispose();
    },
  };
}
