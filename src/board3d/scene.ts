import { Color, DirectionalLight, HemisphereLight, Matrix4, type PerspectiveCamera, Scene, Vector3, WebGLRenderer } from 'three';
import { type GameState, type Hex, type Seat, hexToPixel } from '../../engine/index.js';
import type { Highlights } from '../board/types.js';
import { makeAtlasTexture } from './atlas.js';
import { makeAtlasMaterial, makeBadgeMaterial } from './atlasMaterial.js';
import { type BadgeRequest, layoutBadges, takenBox } from './badges.js';
import { arrowGeometry, dashedRimGeometry, discGeometry, frontierMarkerGeometry, ownerRimGeometry, plateGeometry, propGeometry, quadGeometry, rimGeometry, tileGeometry } from './geometry.js';
import { type BadgePlacement, type Layer, flat, lambert, makeAtlasLayer, makeBadgeLayer, makeLayer, painted, writeBadges, writeDecals, writeInstances } from './layers.js';
import { makeCameraRig } from './camera.js';
import { makeMotion } from './motion.js';
import { type Board3DInput, makePicker } from './picking.js';
import { type BadgeInstance, type BoardScene, PROP_KINDS, type PropKind, TILE_HEIGHT, boardScene, withFolded } from './projection.js';

export type { Board3DInput };

/** A count badge as drawn: what it counts and its box on the page (CSS pixels from the viewport's corner, centre and size). */
export interface ShownBadge {
  readonly key: string;
  readonly kind: BadgeInstance['kind'];
  readonly value: number;
  /** Frontier troops a territory's badge counts after a plus sign (their own badges found no room). */
  readonly folded: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

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
  const atlas = makeAtlasTexture();
  const labelMaterial = makeAtlasMaterial(atlas, true);
  const badgeMaterial = makeBadgeMaterial();
  const layers = makeLayers(scene, atlas, labelMaterial, badgeMaterial);
  const propLayers = Object.fromEntries(PROP_KINDS.map((k) => [k, makeLayer(scene, propGeometry(k), painted(), PROP_CAPACITY)])) as Record<PropKind, Layer>;

  let state: GameState | null = null;
  let highlights: Highlights | null = null;
  let focusSeat: Seat | null = null;
  let current: BoardScene | null = null;
  let frame = 0;
  /** The badges must be laid out again before the next frame: the camera, the view's size or the position changed. */
  let layoutDue = true;
  /** The badges drawn (in the order of their instances), and those the layout could not place. */
  let shown: readonly BadgeInstance[] = [];
  let hidden: string[] = [];
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
    if (current) {
      const moving = motion.expire(now);
      if (moving.tiles) writeTiles(now);
      if (moving.troops) writeTroops(now);
      if (moving.rims) writeInstances(layers.rims, motion.rims(current, now));
    }
    if (layoutDue) layout();
    draw();
    if (motion.animating()) requestRender();
  }
  /** Lays the badges out on the screen as the camera shows them now, and writes those shown. */
  function layout(): void {
    layoutDue = false;
    if (!current) return;
    camera.updateMatrixWorld();
    const laid = layoutOnScreen(current.badges, camera, view);
    shown = laid.badges.filter((_, i) => laid.placed[i]!.shown);
    hidden = laid.badges.filter((_, i) => !laid.placed[i]!.shown).map((b) => b.key);
    writeBadges(layers.badges, layers.labels, laid.badges, laid.placed);
  }
  function draw(): number {
    const t0 = performance.now();
    renderer.render(scene, camera);
    const ms = performance.now() - t0;
    if (window.bfe && window.bfe.firstBoardFrame === undefined && current) window.bfe.firstBoardFrame = performance.now();
    return ms;
  }
  function writeTiles(now: number): void {
    writeInstances(layers.tiles, motion.tiles(current!, now));
    writeDecals(layers.decals, motion.decals(current!, now));
    for (const k of PROP_KINDS) writeInstances(propLayers[k], motion.props(current!.props[k], now));
  }
  function writeTroops(now: number): void {
    writeInstances(layers.owners, motion.owners(current!, now));
    writeInstances(layers.markers, motion.markers(current!, now));
  }

  function project(): void {
    if (!state || !highlights) return;
    current = boardScene(state, highlights, picker.hovered(), focusSeat);
    const now = performance.now();
    motion.note(current, now);
    writeTiles(now);
    writeInstances(layers.plates, current.plates);
    writeInstances(layers.rims, motion.rims(current, now));
    writeInstances(layers.dashed, current.dashed);
    writeTroops(now);
    writeInstances(layers.arrows, current.arrows);
    writeInstances(layers.discs, current.discs);
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

  const screenOfPoint = (x: number, y: number, z: number): { x: number; y: number } => {
    const v = new Vector3(x, y, z).project(camera);
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
      return screenOfPoint(p.x, TILE_HEIGHT, p.y);
    },
    badges() {
      // From what is drawn: each plate's anchor (its instance matrix) projected with the camera, plus its box.
      camera.updateMatrixWorld();
      const plates = layers.badges;
      const m = new Matrix4();
      const anchor = new Vector3();
      return Array.from({ length: plates.mesh.count }, (_, i) => {
        plates.mesh.getMatrixAt(i, m);
        anchor.setFromMatrixPosition(m);
        const at = screenOfPoint(anchor.x, anchor.y, anchor.z);
        const b = shown[i]!;
        const [px, py] = [plates.points.getX(i), plates.points.getY(i)];
        // The whole shape drawn: the box, and a frontier's point.
        const taken = takenBox(plates.boxes.getZ(i), plates.boxes.getW(i), px === 0 && py === 0 ? null : { x: px, y: py });
        return { key: b.key, kind: b.kind, value: b.value, folded: b.folded, x: at.x + plates.boxes.getX(i) + taken.dx, y: at.y + plates.boxes.getY(i) + taken.dy, w: taken.w, h: taken.h };
      });
    },
    hiddenBadges: () => [...hidden],
    dispose() {
      cancelAnimationFrame(frame);
      picker.dispose();
      observer.disconnect();
      rig.dispose();
      for (const layer of [...Object.values(layers), ...Object.values(propLayers)]) layer.dispose();
      atlas.dispose();
      const memory = { geometries: renderer.info.memory.geometries, textures: renderer.info.memory.textures };
      if (window.bfe) window.bfe.lastDisposed = memory;
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
    },
  };
}

/** Props per kind: up to 3 on each of 160 tiles. */
const PROP_CAPACITY = 480;
/** How far a badge may move from its anchor, in hex widths: beyond, it would read as a neighbour's. A frontier's may cross its edge. */
const REACH_HEXES: Readonly<Record<BadgeInstance['kind'], number>> = { territory: 0.3, frontier: 0.45, wild: 0.4 };

/**
 * The badges as the screen shows them now: laid out (placeBadges); frontiers that found no room
 * fold into their territory's badge ("▲3+2"), which grows, and the layout runs again, until every
 * frontier on the screen shows one way or the other (a few rounds at most; then the rest stay hidden).
 */
function layoutOnScreen(badges: readonly BadgeInstance[], camera: PerspectiveCamera, view: { width: number; height: number }): { badges: readonly BadgeInstance[]; placed: readonly BadgePlacement[] } {
  const unplaced = new Set<string>();
  let current = badges;
  let placed = placeBadges(current, camera, view);
  for (let round = 0; round < FOLD_ROUNDS; round++) {
    const more = current.filter((b, i) => b.kind === 'frontier' && placed[i]!.onScreen && !placed[i]!.shown).map((b) => b.key);
    if (more.length === 0) break;
    for (const key of more) unplaced.add(key);
    const sums = new Map<string, number>();
    for (const b of badges) if (unplaced.has(b.key)) sums.set(territoryOf(b.key), (sums.get(territoryOf(b.key)) ?? 0) + b.value);
    current = badges.filter((b) => !unplaced.has(b.key)).map((b) => withFolded(b, sums.get(b.key) ?? 0));
    placed = placeBadges(current, camera, view);
  }
  return { badges: current, placed };
}

const FOLD_ROUNDS = 4;
const territoryOf = (stack: string): string => stack.split('/')[0]!;

/**
 * The layout's requests: each badge's anchor projected to the screen (CSS pixels from the canvas's
 * corner), its reach from the size a hex shows there, a frontier's direction on the screen (its
 * tag points that way, and it moves that way first). A badge whose anchor is off the screen or
 * behind the camera takes no room and shows nowhere.
 */
function placeBadges(badges: readonly BadgeInstance[], camera: PerspectiveCamera, view: { width: number; height: number }): (BadgePlacement & { onScreen: boolean })[] {
  const v = new Vector3();
  const toScreen = (x: number, y: number, z: number): { x: number; y: number; visible: boolean } => {
    v.set(x, y, z).project(camera);
    return { x: ((v.x + 1) / 2) * view.width, y: ((1 - v.y) / 2) * view.height, visible: v.z < 1 && Math.abs(v.x) <= 1.05 && Math.abs(v.y) <= 1.05 };
  };
  const items = badges.map((b) => {
    const anchor = toScreen(b.x, b.y, b.z);
    const unit = toScreen(b.x + 1, b.y, b.z);
    const hexPx = Math.hypot(unit.x - anchor.x, unit.y - anchor.y) * Math.sqrt(3);
    const ahead = b.toward ? toScreen(b.x + b.toward.x, b.y, b.z + b.toward.z) : null;
    const point = ahead ? { x: ahead.x - anchor.x, y: ahead.y - anchor.y } : null;
    const len = point ? Math.hypot(point.x, point.y) || 1 : 1;
    return { anchor, hexPx, point: point ? { x: point.x / len, y: point.y / len } : null, taken: takenBox(b.width, b.height, point), kind: b.kind };
  });
  const requests: BadgeRequest[] = items.map(({ anchor, hexPx, point, taken, kind }) =>
    anchor.visible
      ? { x: anchor.x + taken.dx, y: anchor.y + taken.dy, w: taken.w, h: taken.h, reach: REACH_HEXES[kind] * hexPx, ...(point ? { toward: point } : {}) }
      : { x: -1e6, y: -1e6, w: 0, h: 0, reach: 0 },
  );
  return layoutBadges(requests).map((p, i) => {
    const { anchor, point, taken } = items[i]!;
    return { shown: p.shown && anchor.visible, onScreen: anchor.visible, dx: p.x - taken.dx - anchor.x, dy: p.y - taken.dy - anchor.y, ...(point ? { point } : {}) };
  });
}

/** The board's instanced layers, one draw call each (ui.md §4), besides one per prop kind. */
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
  };
}
