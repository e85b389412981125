import { BackSide, Color, DirectionalLight, HemisphereLight, MathUtils, PerspectiveCamera, Plane, Raycaster, Scene, Vector2, Vector3, WebGLRenderer } from 'three';
import { MapControls } from 'three/examples/jsm/controls/MapControls.js';
import {
  type GameState,
  type Hex,
  type HexKey,
  hexKey,
  hexToPixel,
  pixelToHex,
} from '../../engine/index.js';
import type { Highlights } from '../board/types.js';
import { makeAtlasTexture } from './atlas.js';
import { makeAtlasMaterial } from './atlasMaterial.js';
import { arrowGeometry, cubeGeometry, dashedRimGeometry, discGeometry, plateGeometry, quadGeometry, rimGeometry, tileGeometry } from './geometry.js';
import { flat, lambert, makeAtlasLayer, makeLayer, writeDecals, writeInstances, writeLabels } from './layers.js';
import { type BoardScene, TILE_HEIGHT, boardScene } from './projection.js';

export interface Board3DInput {
  readonly onPick?: (hex: Hex) => void;
  readonly onHover?: (hex: Hex | null) => void;
}

/** The 3D board: a projection of one state; `make*` builds it, `dispose` frees every GPU resource. */
export interface Board3D {
  update(state: GameState, highlights: Highlights): void;
  fit(): void;
  /** Renders one frame now; returns its main-thread time in ms. */
  renderNow(): number;
  /** Where a hex's top centre shows, in CSS pixels from the viewport's corner (tests click there). */
  screenOf(hex: Hex): { x: number; y: number };
  readonly renderer: WebGLRenderer;
  dispose(): void;
}

const FOV = 35;
const MIN_POLAR = MathUtils.degToRad(20);
const MAX_POLAR = MathUtils.degToRad(60);
const HEX_WIDTH = Math.sqrt(3);
const DRAG_PX = 3;
const PULSE_MS = 450;
const COMBAT_MS = 600;

export function makeBoard3D(container: HTMLElement, input: Board3DInput, reducedMotion: boolean): Board3D {
  const renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  renderer.setClearColor(new Color('#E6E0D2'));
  renderer.domElement.classList.add('board3d-canvas');
  container.appendChild(renderer.domElement);

  const scene = new Scene();
  scene.add(new HemisphereLight('#ffffff', '#8a8070', 2.2));
  const sun = new DirectionalLight('#ffffff', 1.6);
  sun.position.set(4, 10, 6);
  scene.add(sun);

  const camera = new PerspectiveCamera(FOV, 1, 0.1, 500);
  camera.position.set(0, 14, 10);
  const controls = new MapControls(camera, renderer.domElement);
  controls.enableDamping = false;
  controls.minPolarAngle = MIN_POLAR;
  controls.maxPolarAngle = MAX_POLAR;
  controls.minDistance = 3 * HEX_WIDTH;
  controls.zoomToCursor = true;

  const atlas = makeAtlasTexture();
  const decalMaterial = makeAtlasMaterial(atlas, false);
  const labelMaterial = makeAtlasMaterial(atlas, true);
  decalMaterial.polygonOffset = true;
  decalMaterial.polygonOffsetFactor = -2;
  const layers = {
    plates: makeLayer(scene, plateGeometry(), flat({ transparent: true, opacity: 0.7, depthWrite: false }), 200, 1),
    tiles: makeLayer(scene, tileGeometry(), lambert(), 160),
    rims: makeLayer(scene, rimGeometry(), flat(), 200, 2),
    dashed: makeLayer(scene, dashedRimGeometry(), flat(), 200, 2),
    troops: makeLayer(scene, cubeGeometry(), lambert(), 600),
    outlines: makeLayer(scene, cubeGeometry(), flat({ side: BackSide }), 600),
    arrows: makeLayer(scene, arrowGeometry(), lambert(), 400),
    discs: makeLayer(scene, discGeometry(), lambert(), 160),
    decals: makeAtlasLayer(scene, quadGeometry(true), decalMaterial, 400, 3),
    labels: makeAtlasLayer(scene, quadGeometry(false), labelMaterial, 1200, 10),
  };

  let state: GameState | null = null;
  let highlights: Highlights | null = null;
  let hover: HexKey | null = null;
  let current: BoardScene | null = null;
  /** The bounds the view was last fitted to: any change (the map grows, the glowing places move) refits. */
  let fittedBounds = '';
  let userMoved = false;
  let frame = 0;
  /** Tiles placed since the previous update drop in (300 ms); none with reduced motion. */
  const drops = new Map<HexKey, number>();
  let knownTiles: Set<HexKey> | null = null;
  /** Troop stacks whose count changed (moves, losses, new troops) swell once (450 ms); none with reduced motion. */
  const pulses = new Map<string, number>();
  let knownStacks: ReadonlyMap<string, number> | null = null;
  /** The combat's rims throb when it begins and when its losses are taken (600 ms); none with reduced motion. */
  let combatPulse: number | null = null;
  let knownCombat = '';

  const requestRender = (): void => {
    if (frame === 0) frame = requestAnimationFrame(loop);
  };
  function loop(now: number): void {
    frame = 0;
    let animating = false;
    if (drops.size > 0 && current) {
      for (const [key, start] of drops) if (now - start > 300) drops.delete(key);
      writeTiles(now);
      animating = drops.size > 0;
    }
    if (pulses.size > 0 && current) {
      for (const [key, start] of pulses) if (now - start > PULSE_MS) pulses.delete(key);
      writeTroops(now);
      animating ||= pulses.size > 0;
    }
    if (combatPulse !== null && current) {
      if (now - combatPulse > COMBAT_MS) combatPulse = null;
      writeRims(now);
      animating ||= combatPulse !== null;
    }
    draw();
    if (animating) requestRender();
  }
  function draw(): number {
    const t0 = performance.now();
    renderer.render(scene, camera);
    const ms = performance.now() - t0;
    if (window.bfe && window.bfe.firstBoardFrame === undefined && current) window.bfe.firstBoardFrame = performance.now();
    return ms;
  }

  /** How high above its place a tile (and what lies on it) still is, while it drops in. */
  const fallOf = (key: HexKey, now: number): number => {
    const start = drops.get(key);
    if (start === undefined) return 0;
    const k = Math.min(1, Math.max(0, (now - start) / 300));
    return (1 - k) * (1 - k) * 1.2;
  };

  function writeTiles(now: number): void {
    writeInstances(
      layers.tiles,
      current!.tiles.map((t) => ({ x: t.x, z: t.z, y: t.lift + fallOf(t.key, now), colour: t.colour })),
    );
    writeDecals(
      layers.decals,
      drops.size === 0 ? current!.decals : current!.decals.map((d) => ({ ...d, y: d.y + fallOf(d.key, now) })),
    );
  }

  /** A swell of 1 + 40 % at its middle, for a stack that changed. */
  const swellOf = (stack: string | undefined, now: number): number => {
    const start = stack === undefined ? undefined : pulses.get(stack);
    if (start === undefined) return 1;
    const k = Math.min(1, Math.max(0, (now - start) / PULSE_MS));
    return 1 + 0.4 * Math.sin(Math.PI * k);
  };
  function writeTroops(now: number): void {
    const troops = pulses.size === 0 ? current!.troops : current!.troops.map((t) => ({ ...t, scale: swellOf(t.stack, now) }));
    writeInstances(layers.troops, troops);
    writeInstances(layers.outlines, troops.map((t) => ({ ...t, colour: '#111111', scale: 1.25 * ((t as { scale?: number }).scale ?? 1) })));
  }
  /** The highlight rims, then the combat's, throbbing twice while its pulse runs. */
  function writeRims(now: number): void {
    const k = combatPulse === null ? 1 : Math.min(1, Math.max(0, (now - combatPulse) / COMBAT_MS));
    const throb = 1 + 0.12 * Math.abs(Math.sin(2 * Math.PI * k));
    writeInstances(layers.rims, [...current!.rims, ...current!.combat.map((r) => ({ ...r, scale: (r.scale ?? 1) * throb }))]);
  }

  function project(): void {
    if (!state || !highlights) return;
    current = boardScene(state, highlights, hover);
    const keys = new Set(current.tiles.map((t) => t.key));
    const now = performance.now();
    if (knownTiles && !reducedMotion) {
      for (const k of keys) if (!knownTiles.has(k)) drops.set(k, now);
    }
    knownTiles = keys;
    // Stacks that changed since the previous position; a combat that began, or whose troops changed.
    const combat = current.combat.map((r) => `${r.x},${r.z}`).join(';');
    let changed = false;
    if (knownStacks && current.stacks !== knownStacks) {
      for (const [k, n] of current.stacks) {
        if ((knownStacks.get(k) ?? 0) === n) continue;
        changed = true;
        if (!reducedMotion && n > 0) pulses.set(k, now);
      }
      for (const [k, n] of knownStacks) if (n > 0 && !current.stacks.has(k)) changed = true;
    }
    if (!reducedMotion && combat !== '' && (combat !== knownCombat || changed)) combatPulse = now;
    knownStacks = current.stacks;
    knownCombat = combat;
    writeTiles(now);
    writeInstances(layers.plates, current.plates);
    writeRims(now);
    writeInstances(layers.dashed, current.dashed);
    writeTroops(now);
    writeInstances(layers.arrows, current.arrows);
    writeInstances(layers.discs, current.discs);
    writeLabels(layers.labels, current.labels);
    const b = current.bounds;
    controls.maxDistance = Math.max(controls.minDistance * 1.5, 1.3 * fitDistance());
    // Refit as the map grows (or the glowing places change), unless the player has moved the view.
    if (boundsKey(b) !== fittedBounds && !userMoved) fit();
    requestRender();
  }

  const boundsKey = (b: { minX: number; maxX: number; minZ: number; maxZ: number }): string => [b.minX, b.maxX, b.minZ, b.maxZ].map((x) => x.toFixed(3)).join();
  const FIT_POLAR = MathUtils.degToRad(38);
  const scratch = new PerspectiveCamera(FOV, 1, 0.1, 500);
  const corner = new Vector3();

  /**
   * The distance at which the whole map fits at the fit angle, on both field-of-view axes: a first
   * estimate from the angles, corrected by projecting the map's corners (the tilted view's near
   * edge shows larger than its far edge).
   */
  function fitDistance(): number {
    const b = current?.bounds ?? { minX: -1, maxX: 1, minZ: -1, maxZ: 1 };
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
    const b = current?.bounds ?? { minX: 0, maxX: 0, minZ: 0, maxZ: 0 };
    fittedBounds = boundsKey(b);
    userMoved = false;
    const target = new Vector3((b.minX + b.maxX) / 2, 0, (b.minZ + b.maxZ) / 2);
    const d = fitDistance();
    controls.target.copy(target);
    camera.position.set(target.x, target.y + d * Math.cos(FIT_POLAR), target.z + d * Math.sin(FIT_POLAR));
    controls.maxDistance = Math.max(controls.minDistance * 1.5, 1.3 * d);
    controls.update();
    requestRender();
  }

  // The target stays over the map: panning cannot lose the board.
  const clampTarget = (): void => {
    const b = current?.bounds;
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
    requestRender();
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

  // Picking: screen ray -> board plane -> fractional axial -> cube rounding.
  const raycaster = new Raycaster();
  const plane = new Plane(new Vector3(0, 1, 0), -TILE_HEIGHT);
  const ndc = new Vector2();
  const hit = new Vector3();
  const hexAt = (e: PointerEvent): Hex | null => {
    const r = renderer.domElement.getBoundingClientRect();
    ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    raycaster.setFromCamera(ndc, camera);
    if (!raycaster.ray.intersectPlane(plane, hit)) return null;
    return pixelToHex(hit.x, hit.z, 1);
  };
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
  // Hover is resolved once per frame at most.
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
      project();
    });
  };
  const onLeave = (): void => {
    if (hover === null) return;
    hover = null;
    input.onHover?.(null);
    project();
  };
  const el = renderer.domElement;
  el.addEventListener('pointerdown', onDown);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerleave', onLeave);

  const resize = (): void => {
    const w = Math.max(1, container.clientWidth);
    const h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    for (const m of [labelMaterial]) m.uniforms['viewport']!.value.set(w, h);
    requestRender();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  return {
    renderer,
    update(next, hl) {
      state = next;
      highlights = hl;
      project();
    },
    fit,
    renderNow: () => draw(),
    screenOf(hex) {
      const p = hexToPixel(hex, 1);
      const v = new Vector3(p.x, TILE_HEIGHT, p.y).project(camera);
      const r = renderer.domElement.getBoundingClientRect();
      return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
    },
    dispose() {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(hoverFrame);
      observer.disconnect();
      el.removeEventListener('pointerdown', onDown);
      el.removeEventListener('pointerup', onUp);
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerleave', onLeave);
      controls.removeEventListener('change', onChange);
      controls.removeEventListener('start', onStart);
      controls.removeEventListener('change', onMoved);
      controls.removeEventListener('end', onEnd);
      controls.dispose();
      for (const layer of Object.values(layers)) layer.dispose();
      atlas.dispose();
      const memory = { geometries: renderer.info.memory.geometries, textures: renderer.info.memory.textures };
      if (window.bfe) window.bfe.lastDisposed = memory;
      renderer.dispose();
      renderer.forceContextLoss();
      el.remove();
    },
  };
}
