import { BackSide, Color, DirectionalLight, HemisphereLight, Scene, Vector3, WebGLRenderer } from 'three';
import { type GameState, type Hex, hexToPixel } from '../../engine/index.js';
import type { Highlights } from '../board/types.js';
import { makeAtlasTexture } from './atlas.js';
import { makeAtlasMaterial } from './atlasMaterial.js';
import { arrowGeometry, cubeGeometry, dashedRimGeometry, discGeometry, plateGeometry, quadGeometry, rimGeometry, tileGeometry } from './geometry.js';
import { flat, lambert, makeAtlasLayer, makeLayer, writeDecals, writeInstances, writeLabels } from './layers.js';
import { makeCameraRig } from './camera.js';
import { makeMotion } from './motion.js';
import { type Board3DInput, makePicker } from './picking.js';
import { type BoardScene, TILE_HEIGHT, boardScene } from './projection.js';

export type { Board3DInput };

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
  const layers = makeLayers(scene, atlas, labelMaterial);

  let state: GameState | null = null;
  let highlights: Highlights | null = null;
  let current: BoardScene | null = null;
  let frame = 0;
  const requestRender = (): void => {
    if (frame === 0) frame = requestAnimationFrame(loop);
  };
  const rig = makeCameraRig(renderer.domElement, () => current?.bounds ?? null, requestRender);
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
    draw();
    if (motion.animating()) requestRender();
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
  }
  function writeTroops(now: number): void {
    const troops = motion.troops(current!, now);
    writeInstances(layers.troops, troops);
    writeInstances(layers.outlines, troops.map((t) => ({ ...t, colour: '#111111', scale: 1.25 * (t.scale ?? 1) })));
  }

  function project(): void {
    if (!state || !highlights) return;
    current = boardScene(state, highlights, picker.hovered());
    const now = performance.now();
    motion.note(current, now);
    writeTiles(now);
    writeInstances(layers.plates, current.plates);
    writeInstances(layers.rims, motion.rims(current, now));
    writeInstances(layers.dashed, current.dashed);
    writeTroops(now);
    writeInstances(layers.arrows, current.arrows);
    writeInstances(layers.discs, current.discs);
    writeLabels(layers.labels, current.labels);
    rig.follow();
    requestRender();
  }

  const resize = (): void => {
    const w = Math.max(1, container.clientWidth);
    const h = Math.max(1, container.clientHeight);
    renderer.setSize(w, h, false);
    rig.setAspect(w / h);
    labelMaterial.uniforms['viewport']!.value.set(w, h);
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
    fit: () => rig.fit(),
    renderNow: () => draw(),
    screenOf(hex) {
      const p = hexToPixel(hex, 1);
      const v = new Vector3(p.x, TILE_HEIGHT, p.y).project(camera);
      const r = renderer.domElement.getBoundingClientRect();
      return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
    },
    dispose() {
      cancelAnimationFrame(frame);
      picker.dispose();
      observer.disconnect();
      rig.dispose();
      for (const layer of Object.values(layers)) layer.dispose();
      atlas.dispose();
      const memory = { geometries: renderer.info.memory.geometries, textures: renderer.info.memory.textures };
      if (window.bfe) window.bfe.lastDisposed = memory;
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
    },
  };
}

/** The board's instanced layers, one draw call each (ui.md §4: about 12 in all). */
function makeLayers(scene: Scene, atlas: ReturnType<typeof makeAtlasTexture>, labelMaterial: ReturnType<typeof makeAtlasMaterial>) {
  const decalMaterial = makeAtlasMaterial(atlas, false);
  decalMaterial.polygonOffset = true;
  decalMaterial.polygonOffsetFactor = -2;
  return {
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
}
