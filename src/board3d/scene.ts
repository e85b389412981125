import { Color, DirectionalLight, HemisphereLight, Scene, Vector3, WebGLRenderer } from 'three';
import { type GameState, type Hex, type Seat, hexToPixel } from '../../engine/index.js';
import type { Highlights } from '../board/types.js';
import { makeAtlasTexture } from './atlas.js';
import { makeAtlasMaterial, makeBadgeMaterial } from './atlasMaterial.js';
import { type ShownBadge, makeBadgeView } from './badgeView.js';
import { arrowGeometry, dashedRimGeometry, discGeometry, frontierMarkerGeometry, ownerRimGeometry, plateGeometry, propGeometry, quadGeometry, rimGeometry, tileGeometry } from './geometry.js';
import { type Layer, flat, lambert, makeAtlasLayer, makeBadgeLayer, makeLayer, painted, writeDecals, writeInstances } from './layers.js';
import { makeCameraRig } from './camera.js';
import { type Motion, makeMotion } from './motion.js';
import { type Board3DInput, makePicker } from './picking.js';
import { type BoardScene, PROP_KINDS, type PropKind, TILE_HEIGHT, boardScene } from './projection.js';

export type { Board3DInput, ShownBadge };

/** The 3D board: a projection of one state; `make*` builds it, `dispose` frees every GPU resource. */
export interface Board3D {
  /** A new position; `focus` is the seat whose part of the map the first view shows on a small screen. */
  update(state: GameState, highlights: Highlights, focus?: Seat | null): void;
  fit(): void;
  /** Renders one frame now; returns its main-thread time in ms. */
  renderNow(): number;
  /** Lays the badges out again and renders, as a frame of a camera move does; returns its main-thread time in ms. */
  moveFrame(): number;
  /** Where a hex's top centre shows, in CSS pixels from the viewport's corner (tests click there). */
  screenOf(hex: Hex): { x: number; y: number };
  /** Every badge drawn, with the box around it (a frontier's point included): read back from the instance buffers and projected with the camera. */
  badges(): ShownBadge[];
  /** The badges the layout hid (no free place near their anchor, off the screen), by key; a frontier folded into its territory's badge is not hidden. */
  hiddenBadges(): string[];
  readonly renderer: WebGLRenderer;
  dispose(): void;
}

/**
 * Builds the board in `container`: the renderer, lights, the instanced layers (one draw call
 * each), the camera rig (camera.ts), picking (picking.ts) and the small animations (motion.ts).
 * Renders on demand: a new projection, a camera move or an animation asks for one frame.
 */
export function makeBoard3D(container: HTMLElement, input: Board3DInput, reducedMotion: boolean): Board3D {
  const { renderer, scene } = makeStage(container);
  const atlas = makeAtlasTexture();
  const labelMaterial = makeAtlasMaterial(atlas, true);
  const badgeMaterial = makeBadgeMaterial();
  const layers = makeLayers(scene, atlas, labelMaterial, badgeMaterial);
  const badges = makeBadgeView(layers.badges, layers.labels);

  let state: GameState | null = null;
  let highlights: Highlights | null = null;
  let focusSeat: Seat | null = null;
  let current: BoardScene | null = null;
  let frame = 0;
  /** The badges must be laid out again before the next frame: the camera, the view's size or the position changed. */
  let layoutDue = true;
  const view = { width: 1280, height: 720 };
  const requestRender = (): void => {
    if (frame === 0) frame = requestAnimationFrame(loop);
  };
  const viewChanged = (): void => {
    layoutDue = true;
    requestRender();
  };
  const rig = makeCameraRig(renderer.domElement, () => current?.bounds ?? null, () => current?.focus ?? null, viewChanged);
  const camera = rig.camera;
  const motion = makeMotion(reducedMotion);
  const picker = makePicker(renderer.domElement, camera, input, () => project());

  function loop(now: number): void {
    frame = 0;
    if (current) writeMoving(layers, motion, current, now);
    if (layoutDue) layout();
    draw();
    if (motion.animating()) requestRender();
  }
  /** Lays the badges out on the screen as the camera shows them now, and writes those shown. */
  function layout(): void {
    layoutDue = false;
    if (current) badges.layout(current.badges, camera, view);
  }
  function draw(): number {
    const t0 = performance.now();
    renderer.render(scene, camera);
    const ms = performance.now() - t0;
    if (window.bfe && window.bfe.firstBoardFrame === undefined && current) window.bfe.firstBoardFrame = performance.now();
    return ms;
  }
  function project(): void {
    if (!state || !highlights) return;
    current = boardScene(state, highlights, picker.hovered(), focusSeat);
    const now = performance.now();
    motion.note(current, now);
    writeProjection(layers, motion, current, now);
    rig.follow();
    viewChanged();
  }

  const resize = (): void => {
    const w = Math.max(1, container.clientWidth);
    const h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, false);
    view.width = w;
    view.height = h;
    rig.setSize(w, h);
    for (const m of [labelMaterial, badgeMaterial]) m.uniforms['viewport']!.value.set(w, h);
    rig.follow();
    viewChanged();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);
  resize();

  const screenOfPoint = (p: Vector3): { x: number; y: number } => {
    const v = p.clone().project(camera);
    const r = renderer.domElement.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  };

  return {
    renderer,
    update(next, hl, focus = null) {
      state = next;
      highlights = hl;
      focusSeat = focus;
      project();
    },
    fit: () => rig.fit(),
    renderNow: () => draw(),
    moveFrame() {
      const t0 = performance.now();
      layout();
      draw();
      return performance.now() - t0;
    },
    screenOf(hex) {
      const p = hexToPixel(hex, 1);
      return screenOfPoint(new Vector3(p.x, TILE_HEIGHT, p.y));
    },
    badges() {
      camera.updateMatrixWorld();
      return badges.drawn(screenOfPoint);
    },
    hiddenBadges: () => badges.hidden(),
    dispose() {
      cancelAnimationFrame(frame);
      picker.dispose();
      observer.disconnect();
      rig.dispose();
      for (const layer of [...Object.values(layers).filter((l): l is Layer => 'mesh' in l), ...Object.values(layers.props)]) layer.dispose();
      atlas.dispose();
      const memory = { geometries: renderer.info.memory.geometries, textures: renderer.info.memory.textures };
      if (window.bfe) window.bfe.lastDisposed = memory;
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
    },
  };
}

/** The renderer (pixel ratio at most 2) in `container`, and the scene with its light: a hemisphere and a sun, no shadows. */
function makeStage(container: HTMLElement): { renderer: WebGLRenderer; scene: Scene } {
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
  return { renderer, scene };
}

/** Props per kind: up to 3 on each of 160 tiles. */
const PROP_CAPACITY = 480;

type Layers = ReturnType<typeof makeLayers>;

/** The board's instanced layers, one draw call each (ui.md §4), and one per prop kind. */
function makeLayers(scene: Scene, atlas: ReturnType<typeof makeAtlasTexture>, labelMaterial: ReturnType<typeof makeAtlasMaterial>, badgeMaterial: ReturnType<typeof makeBadgeMaterial>) {
  const decalMaterial = makeAtlasMaterial(atlas, false);
  decalMaterial.polygonOffset = true;
  decalMaterial.polygonOffsetFactor = -2;
  return {
    plates: makeLayer(scene, plateGeometry(), flat({ transparent: true, opacity: 0.7, depthWrite: false }), 200, 1),
    tiles: makeLayer(scene, tileGeometry(), lambert(), 160),
    owners: makeLayer(scene, ownerRimGeometry(), flat({ vertexColors: true }), 160, 2),
    rims: makeLayer(scene, rimGeometry(), flat(), 200, 2),
    dashed: makeLayer(scene, dashedRimGeometry(), flat(), 200, 2),
    markers: makeLayer(scene, frontierMarkerGeometry(), painted(), 960),
    arrows: makeLayer(scene, arrowGeometry(), lambert(), 400),
    discs: makeLayer(scene, discGeometry(), lambert(), 160),
    decals: makeAtlasLayer(scene, quadGeometry(true), decalMaterial, 400, 3),
    badges: makeBadgeLayer(scene, quadGeometry(false), badgeMaterial, 1300, 9),
    labels: makeAtlasLayer(scene, quadGeometry(false), labelMaterial, 4000, 10),
    props: Object.fromEntries(PROP_KINDS.map((k) => [k, makeLayer(scene, propGeometry(k), painted(), PROP_CAPACITY)])) as Record<PropKind, Layer>,
  };
}

/** Writes a new projection into every layer (the badges are laid out apart, with the camera). */
function writeProjection(layers: Layers, motion: Motion, current: BoardScene, now: number): void {
  writeTiles(layers, motion, current, now);
  writeInstances(layers.plates, current.plates);
  writeInstances(layers.rims, motion.rims(current, now));
  writeInstances(layers.dashed, current.dashed);
  writeTroops(layers, motion, current, now);
  writeInstances(layers.arrows, current.arrows);
  writeInstances(layers.discs, current.discs);
}

/** Writes again the layers whose animations ran at `now`, once more as they end. */
function writeMoving(layers: Layers, motion: Motion, current: BoardScene, now: number): void {
  const moving = motion.expire(now);
  if (moving.tiles) writeTiles(layers, motion, current, now);
  if (moving.troops) writeTroops(layers, motion, current, now);
  if (moving.rims) writeInstances(layers.rims, motion.rims(current, now));
}

function writeTiles(layers: Layers, motion: Motion, current: BoardScene, now: number): void {
  writeInstances(layers.tiles, motion.tiles(current, now));
  writeDecals(layers.decals, motion.decals(current, now));
  for (const k of PROP_KINDS) writeInstances(layers.props[k], motion.props(current.props[k], now));
}

function writeTroops(layers: Layers, motion: Motion, current: BoardScene, now: number): void {
  writeInstances(layers.owners, motion.owners(current, now));
  writeInstances(layers.markers, motion.markers(current, now));
}
