import {
  type BufferAttribute,
  type BufferGeometry,
  Color,
  DoubleSide,
  DynamicDrawUsage,
  InstancedBufferAttribute,
  InstancedMesh,
  type Material,
  Matrix4,
  MeshBasicMaterial,
  MeshLambertMaterial,
  Object3D,
  type Scene,
  type ShaderMaterial,
  BackSide,
} from 'three';
import { cellRect } from './atlas.js';
import { CHAR_PX } from './badges.js';
import type { BoardScene } from './projection.js';

/**
 * The instanced layers of the board: one InstancedMesh each, a fixed capacity, written from a
 * BoardScene. Every layer owns its geometry and material and disposes of them.
 */
export interface Layer {
  readonly mesh: InstancedMesh;
  dispose(): void;
}

const dummy = new Object3D();
const colour = new Color();

export function makeLayer(scene: Scene, geometry: BufferGeometry, material: Material, capacity: number, renderOrder = 0): Layer {
  const mesh = new InstancedMesh(geometry, material, capacity);
  mesh.instanceMatrix.setUsage(DynamicDrawUsage);
  mesh.setColorAt(0, colour.set('#ffffff'));
  mesh.count = 0;
  mesh.frustumCulled = false;
  mesh.renderOrder = renderOrder;
  scene.add(mesh);
  return {
    mesh,
    dispose() {
      scene.remove(mesh);
      geometry.dispose();
      material.dispose();
      mesh.dispose();
    },
  };
}

export const lambert = (opts: { transparent?: boolean; opacity?: number } = {}): Material => new MeshLambertMaterial({ ...opts });
export const flat = (opts: { transparent?: boolean; opacity?: number; side?: typeof DoubleSide | typeof BackSide; depthWrite?: boolean; vertexColors?: boolean } = {}): Material =>
  new MeshBasicMaterial({ side: DoubleSide, ...opts });
/** Faceted, with colours painted on the geometry's vertices (props, frontier markers), times the instance colour. */
export const painted = (): Material => new MeshLambertMaterial({ vertexColors: true, flatShading: true });

/**
 * Marks the first `n` instances of each attribute for upload, and only them: a layer's capacity
 * is far above what a position uses, and uploading it whole each frame of a camera move cost more
 * than drawing.
 */
function uploadFirst(n: number, ...attributes: (BufferAttribute | null)[]): void {
  if (n === 0) return;
  for (const a of attributes) {
    if (!a) continue;
    a.clearUpdateRanges();
    a.addUpdateRange(0, n * a.itemSize);
    a.needsUpdate = true;
  }
}

/** Writes positioned, coloured instances; rotation about y and a uniform scale are optional. */
export function writeInstances(layer: Layer, items: readonly { readonly x: number; readonly y?: number; readonly z: number; readonly colour: string; readonly angle?: number; readonly scale?: number }[], y0 = 0): void {
  const mesh = layer.mesh;
  const n = Math.min(items.length, mesh.instanceMatrix.count);
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    dummy.position.set(it.x, (it.y ?? 0) + y0, it.z);
    dummy.rotation.set(0, it.angle ?? 0, 0);
    dummy.scale.setScalar(it.scale ?? 1);
    dummy.updateMatrix();
    mesh.setMatrixAt(i, dummy.matrix);
    mesh.setColorAt(i, colour.set(it.colour));
  }
  mesh.count = n;
  uploadFirst(n, mesh.instanceMatrix, mesh.instanceColor);
}

/** An atlas layer: instances carry their cell and (labels) their offset and size in CSS pixels as instanced attributes. */
export function makeAtlasLayer(scene: Scene, geometry: BufferGeometry, material: ShaderMaterial, capacity: number, renderOrder: number): Layer & { cells: InstancedBufferAttribute; offsets: InstancedBufferAttribute } {
  const cells = new InstancedBufferAttribute(new Float32Array(capacity * 4), 4);
  const offsets = new InstancedBufferAttribute(new Float32Array(capacity * 3), 3);
  cells.setUsage(DynamicDrawUsage);
  offsets.setUsage(DynamicDrawUsage);
  geometry.setAttribute('cell', cells);
  geometry.setAttribute('offset', offsets);
  return { ...makeLayer(scene, geometry, material, capacity, renderOrder), cells, offsets };
}

/** The badges' plates: per instance, the box (offset and size in CSS pixels), the point's direction and the dashed flag. */
export function makeBadgeLayer(scene: Scene, geometry: BufferGeometry, material: ShaderMaterial, capacity: number, renderOrder: number): Layer & { boxes: InstancedBufferAttribute; points: InstancedBufferAttribute; dashes: InstancedBufferAttribute } {
  const boxes = new InstancedBufferAttribute(new Float32Array(capacity * 4), 4);
  const points = new InstancedBufferAttribute(new Float32Array(capacity * 2), 2);
  const dashes = new InstancedBufferAttribute(new Float32Array(capacity), 1);
  for (const a of [boxes, points, dashes]) a.setUsage(DynamicDrawUsage);
  geometry.setAttribute('box', boxes);
  geometry.setAttribute('point', points);
  geometry.setAttribute('dashed', dashes);
  return { ...makeLayer(scene, geometry, material, capacity, renderOrder), boxes, points, dashes };
}

export function writeDecals(layer: ReturnType<typeof makeAtlasLayer>, decals: BoardScene['decals']): void {
  const n = Math.min(decals.length, layer.mesh.instanceMatrix.count);
  const m = new Matrix4();
  for (let i = 0; i < n; i++) {
    const d = decals[i]!;
    m.makeScale(d.size, 1, d.size).setPosition(d.x, d.y, d.z);
    layer.mesh.setMatrixAt(i, m);
    layer.mesh.setColorAt(i, colour.set(d.colour));
    layer.cells.setXYZW(i, ...cellRect(d.cell));
  }
  layer.mesh.count = n;
  uploadFirst(n, layer.mesh.instanceMatrix, layer.mesh.instanceColor, layer.cells);
}

/** Where the layout put a badge: shown or not, its centre's offset from its anchor (CSS px, y down), its point's direction on the screen (frontiers). */
export interface BadgePlacement {
  readonly shown: boolean;
  readonly dx: number;
  readonly dy: number;
  readonly point?: { readonly x: number; readonly y: number };
}

/**
 * Writes the badges the layout shows: a plate each (offset from its anchor to where the layout put
 * it), and its characters on it. A badge the layout hides writes nothing.
 */
export function writeBadges(
  plates: ReturnType<typeof makeBadgeLayer>,
  labels: ReturnType<typeof makeAtlasLayer>,
  badges: BoardScene['badges'],
  placed: readonly BadgePlacement[],
): void {
  const m = new Matrix4();
  let p = 0;
  let l = 0;
  const plateRoom = plates.mesh.instanceMatrix.count;
  const labelRoom = labels.mesh.instanceMatrix.count;
  badges.forEach((b, i) => {
    const at = placed[i];
    if (!at?.shown || p >= plateRoom || l + b.chars.length > labelRoom) return;
    m.makeTranslation(b.x, b.y, b.z);
    plates.mesh.setMatrixAt(p, m);
    plates.mesh.setColorAt(p, colour.set(b.fill));
    plates.boxes.setXYZW(p, at.dx, at.dy, b.width, b.height);
    plates.points.setXY(p, at.point?.x ?? 0, at.point?.y ?? 0);
    plates.dashes.setX(p, b.dashed ? 1 : 0);
    p++;
    for (const c of b.chars) {
      labels.mesh.setMatrixAt(l, m);
      labels.mesh.setColorAt(l, colour.set(b.ink));
      labels.cells.setXYZW(l, ...cellRect(c.cell));
      labels.offsets.setXYZ(l, at.dx + c.dx, at.dy, CHAR_PX);
      l++;
    }
  });
  plates.mesh.count = p;
  labels.mesh.count = l;
  uploadFirst(p, plates.mesh.instanceMatrix, plates.mesh.instanceColor, plates.boxes, plates.points, plates.dashes);
  uploadFirst(l, labels.mesh.instanceMatrix, labels.mesh.instanceColor, labels.cells, labels.offsets);
}
