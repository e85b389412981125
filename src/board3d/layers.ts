import {
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
export const flat = (opts: { transparent?: boolean; opacity?: number; side?: typeof DoubleSide | typeof BackSide; depthWrite?: boolean } = {}): Material =>
  new MeshBasicMaterial({ side: DoubleSide, ...opts });

/** Writes positioned, coloured instances; rotation about y and a uniform scale are optional. */
export function writeInstances(layer: Layer, items: readonly { x: number; y?: number; z: number; colour: string; angle?: number; scale?: number }[], y0 = 0): void {
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
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
}

/** An atlas layer: instances carry their cell and (labels) a pixel offset as instanced attributes. */
export function makeAtlasLayer(scene: Scene, geometry: BufferGeometry, material: ShaderMaterial, capacity: number, renderOrder: number): Layer & { cells: InstancedBufferAttribute; dx: InstancedBufferAttribute } {
  const cells = new InstancedBufferAttribute(new Float32Array(capacity * 4), 4);
  const dx = new InstancedBufferAttribute(new Float32Array(capacity), 1);
  cells.setUsage(DynamicDrawUsage);
  dx.setUsage(DynamicDrawUsage);
  geometry.setAttribute('cell', cells);
  geometry.setAttribute('dx', dx);
  return { ...makeLayer(scene, geometry, material, capacity, renderOrder), cells, dx };
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
  layer.mesh.instanceMatrix.needsUpdate = true;
  layer.mesh.instanceColor!.needsUpdate = true;
  layer.cells.needsUpdate = true;
}

export function writeLabels(layer: ReturnType<typeof makeAtlasLayer>, labels: BoardScene['labels']): void {
  const n = Math.min(labels.length, layer.mesh.instanceMatrix.count);
  const m = new Matrix4();
  for (let i = 0; i < n; i++) {
    const l = labels[i]!;
    m.makeTranslation(l.x, l.y, l.z);
    layer.mesh.setMatrixAt(i, m);
    layer.mesh.setColorAt(i, colour.set('#ffffff'));
    layer.cells.setXYZW(i, ...cellRect(l.cell));
    layer.dx.setX(i, l.dx);
  }
  layer.mesh.count = n;
  layer.mesh.instanceMatrix.needsUpdate = true;
  layer.mesh.instanceColor!.needsUpdate = true;
  layer.cells.needsUpdate = true;
  layer.dx.needsUpdate = true;
}
