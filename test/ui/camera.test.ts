// @vitest-environment happy-dom
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { MIN_HEX_PX, makeCameraRig } from '../../src/board3d/camera.js';
import type { Bounds } from '../../src/board3d/projection.js';

/** A 6-player map's extent, about 17 hexes across (board units: a hex is √3 wide). */
const MAP: Bounds = { minX: -14, maxX: 14, minZ: -12, maxZ: 12 };
/** The seat at the device's territories, in a corner of it. */
const MINE: Bounds = { minX: 6, maxX: 10, minZ: 5, maxZ: 8 };

/** Where the camera looks on the board, and how wide a hex shows there (CSS px). */
function view(rig: ReturnType<typeof makeCameraRig>, width: number, height: number): { x: number; z: number; hexPx: number; shows: (x: number, z: number) => boolean } {
  const { camera } = rig;
  camera.updateMatrixWorld();
  const dir = camera.getWorldDirection(new Vector3());
  const t = -camera.position.y / dir.y;
  const x = camera.position.x + dir.x * t;
  const z = camera.position.z + dir.z * t;
  const a = new Vector3(x - Math.sqrt(3) / 2, 0, z).project(camera);
  const b = new Vector3(x + Math.sqrt(3) / 2, 0, z).project(camera);
  const shows = (px: number, pz: number): boolean => {
    const p = new Vector3(px, 0, pz).project(camera);
    return Math.abs(p.x) <= 1 && Math.abs(p.y) <= 1;
  };
  return { x, z, hexPx: (Math.abs(b.x - a.x) / 2) * width, shows };
}

function rigFor(width: number, height: number, focus: Bounds | null) {
  const rig = makeCameraRig(document.createElement('div'), () => MAP, () => focus, () => {});
  rig.setSize(width, height);
  rig.home();
  return rig;
}

describe('the 3D board’s first view', () => {
  it('shows the whole map where it reads (a desktop)', () => {
    const rig = rigFor(1280, 720, MINE);
    const v = view(rig, 1280, 720);
    for (const [x, z] of [[MAP.minX, MAP.minZ], [MAP.maxX, MAP.minZ], [MAP.minX, MAP.maxZ], [MAP.maxX, MAP.maxZ]] as const) expect(v.shows(x, z), `${x}, ${z}`).toBe(true);
    rig.dispose();
  });

  it(`on a phone, shows hexes at least ${MIN_HEX_PX} px wide, on the part of the map that concerns the player`, () => {
    const rig = rigFor(390, 844, MINE);
    const v = view(rig, 390, 844);
    expect(v.hexPx).toBeGreaterThanOrEqual(MIN_HEX_PX - 0.5);
    // No closer: the neighbours show around the player's part.
    expect(v.hexPx).toBeLessThan(MIN_HEX_PX * 1.2);
    expect(v.x).toBeCloseTo((MINE.minX + MINE.maxX) / 2, 5);
    expect(v.z).toBeCloseTo((MINE.minZ + MINE.maxZ) / 2, 5);
    expect(v.shows(MINE.minX, MINE.minZ) && v.shows(MINE.maxX, MINE.maxZ)).toBe(true);
    rig.dispose();
  });

  it('on a phone with nobody’s part to show (the explorer), shows the map’s centre as readable', () => {
    const rig = rigFor(390, 844, null);
    const v = view(rig, 390, 844);
    expect(v.hexPx).toBeGreaterThanOrEqual(MIN_HEX_PX - 0.5);
    expect(v.x).toBeCloseTo(0, 5);
    expect(v.z).toBeCloseTo(0, 5);
    // Fit still shows the whole map.
    rig.fit();
    const all = view(rig, 390, 844);
    expect(all.shows(MAP.minX, MAP.minZ) && all.shows(MAP.maxX, MAP.maxZ)).toBe(true);
    expect(all.hexPx).toBeLessThan(MIN_HEX_PX);
    rig.dispose();
  });
});
