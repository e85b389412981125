import {
  BufferGeometry,
  CircleGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  DodecahedronGeometry,
  Float32BufferAttribute,
  IcosahedronGeometry,
  PlaneGeometry,
  RingGeometry,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { TileColour } from '../../engine/index.js';
import { TILE_HEIGHT } from './projection.js';

/** The board's shapes, all pointy-top (a corner toward -z and +z) and lying on the ground plane. */

export function tileGeometry(): BufferGeometry {
  const g = new CylinderGeometry(0.95, 0.95, TILE_HEIGHT, 6);
  g.translate(0, TILE_HEIGHT / 2, 0);
  return g;
}

export function plateGeometry(): BufferGeometry {
  const g = new CircleGeometry(0.92, 6, Math.PI / 2);
  g.rotateX(-Math.PI / 2);
  return g;
}

export function rimGeometry(): BufferGeometry {
  const g = new RingGeometry(0.84, 0.97, 6, 1, Math.PI / 2);
  g.rotateX(-Math.PI / 2);
  return g;
}

/** A hexagonal rim cut in dashes (3 per side): the legal-place rim, told from a solid one without colour. */
export function dashedRimGeometry(): BufferGeometry {
  const inner = 0.84;
  const outer = 0.97;
  const pos: number[] = [];
  const corner = (i: number, r: number): [number, number] => {
    const a = Math.PI / 2 + (i * Math.PI) / 3;
    return [r * Math.cos(a), -r * Math.sin(a)];
  };
  const lerp = (a: [number, number], b: [number, number], t: number): [number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  for (let side = 0; side < 6; side++) {
    const [i0, i1, o0, o1] = [corner(side, inner), corner(side + 1, inner), corner(side, outer), corner(side + 1, outer)];
    for (const [t0, t1] of [[0, 0.22], [0.39, 0.61], [0.78, 1]] as const) {
      const a = lerp(i0, i1, t0), b = lerp(i0, i1, t1), c = lerp(o0, o1, t1), d = lerp(o0, o1, t0);
      pos.push(a[0], 0, a[1], c[0], 0, c[1], b[0], 0, b[1], a[0], 0, a[1], d[0], 0, d[1], c[0], 0, c[1]);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  g.computeVertexNormals();
  return g;
}

/** The lines around an owner's band: dark, then white outside it, so that one of them reads on any tile, dark or light. */
export const OWNER_LINES = { dark: '#1A1A1A', light: '#FFFFFF' } as const;

/**
 * A territory's owner: a band in the owner's colour (the instance colour) inside the highlight
 * rims, edged by a dark line then a white one, so that it reads on a tile of any colour, its own
 * and barren land included.
 */
export function ownerRimGeometry(): BufferGeometry {
  const band = (inner: number, outer: number, shade: string): BufferGeometry => paint(new RingGeometry(inner, outer, 6, 1, Math.PI / 2), shade);
  const g = mergeGeometries([
    band(0.615, 0.64, OWNER_LINES.light),
    band(0.64, 0.675, OWNER_LINES.dark),
    band(0.675, 0.785, '#FFFFFF'),
    band(0.785, 0.82, OWNER_LINES.dark),
    band(0.82, 0.845, OWNER_LINES.light),
  ])!;
  g.rotateX(-Math.PI / 2);
  return g;
}

/**
 * A frontier's marker: a low wedge pointing along +x (across the edge it guards), its top in the
 * owner's colour (the instance colour), its sides dark so that its outline reads on any tile.
 */
export function frontierMarkerGeometry(): BufferGeometry {
  const top = 0.07;
  const tip: [number, number] = [0.2, 0];
  const left: [number, number] = [-0.1, -0.17];
  const right: [number, number] = [-0.1, 0.17];
  const notch: [number, number] = [-0.02, 0];
  const pos: number[] = [];
  const col: number[] = [];
  const face = (pts: [number, number, number][], shade: string): void => {
    const c = new Color(shade);
    for (const p of pts) {
      pos.push(...p);
      col.push(c.r, c.g, c.b);
    }
  };
  // The top: a chevron (two triangles), in the owner's colour.
  face([[tip[0], top, tip[1]], [left[0], top, left[1]], [notch[0], top, notch[1]]], '#FFFFFF');
  face([[tip[0], top, tip[1]], [notch[0], top, notch[1]], [right[0], top, right[1]]], '#FFFFFF');
  // The sides, dark.
  const ring = [tip, left, notch, right, tip];
  for (let i = 0; i < 4; i++) {
    const [a, b] = [ring[i]!, ring[i + 1]!];
    face([[a[0], 0, a[1]], [b[0], 0, b[1]], [b[0], top, b[1]]], '#1A1A1A');
    face([[a[0], 0, a[1]], [b[0], top, b[1]], [a[0], top, a[1]]], '#1A1A1A');
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  g.setAttribute('color', new Float32BufferAttribute(col, 3));
  g.computeVertexNormals();
  return g;
}

/** A small arrow lying flat, pointing along +x. */
export function arrowGeometry(): BufferGeometry {
  const g = new ConeGeometry(0.07, 0.16, 3);
  g.rotateZ(-Math.PI / 2);
  return g;
}

export function discGeometry(): BufferGeometry {
  return new CylinderGeometry(0.16, 0.16, 0.04, 20);
}

/** Gives every vertex of `g` one colour (non-indexed, so that merged props keep flat faces). */
function paint(g: BufferGeometry, shade: string): BufferGeometry {
  const flat = g.index ? g.toNonIndexed() : g;
  const c = new Color(shade);
  const n = flat.getAttribute('position').count;
  const col = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) col.set([c.r, c.g, c.b], i * 3);
  flat.setAttribute('color', new Float32BufferAttribute(col, 3));
  flat.deleteAttribute('uv');
  return flat;
}

const at = (g: BufferGeometry, x: number, y: number, z: number): BufferGeometry => g.translate(x, y, z);

/**
 * The low-poly prop that says a terrain by its shape (one instanced mesh each, a few per tile):
 * fir trees, snowy peaks, a pond, haystacks, dunes, reeds, rocks. Stood on y = 0, about 0.4 wide.
 */
export function propGeometry(kind: TileColour): BufferGeometry {
  const parts: BufferGeometry[] = [];
  switch (kind) {
    case 'forest':
      parts.push(paint(at(new CylinderGeometry(0.035, 0.035, 0.08, 5), 0, 0.04, 0), '#5A3A1E'));
      parts.push(paint(at(new ConeGeometry(0.16, 0.26, 6), 0, 0.2, 0), '#1E6B3A'));
      parts.push(paint(at(new ConeGeometry(0.11, 0.2, 6), 0, 0.33, 0), '#25804A'));
      break;
    case 'mountain':
      parts.push(paint(at(new ConeGeometry(0.26, 0.42, 5), 0, 0.21, 0), '#7A6A5C'));
      parts.push(paint(at(new ConeGeometry(0.085, 0.14, 5), 0, 0.355, 0), '#F4F4F4'));
      break;
    case 'lake':
      parts.push(paint(at(new CylinderGeometry(0.27, 0.3, 0.03, 9), 0, 0.015, 0), '#1F6FA8'));
      parts.push(paint(at(new CylinderGeometry(0.07, 0.07, 0.035, 7), 0.1, 0.02, -0.06), '#BFE3F7'));
      break;
    case 'plain':
      parts.push(paint(at(new CylinderGeometry(0.1, 0.11, 0.09, 8), 0, 0.045, 0), '#C8901E'));
      parts.push(paint(at(new ConeGeometry(0.11, 0.12, 8), 0, 0.15, 0), '#E0B040'));
      break;
    case 'desert':
      parts.push(paint(at(new IcosahedronGeometry(0.2, 0).scale(1.3, 0.45, 1), 0, 0.02, 0), '#D9B35B'));
      parts.push(paint(at(new CylinderGeometry(0.035, 0.035, 0.26, 6), 0.12, 0.13, 0.05), '#3E7A3A'));
      break;
    case 'marsh':
      for (const [x, z, h] of [[0, 0, 0.3], [0.07, 0.04, 0.24], [-0.06, 0.05, 0.22], [0.02, -0.07, 0.26]] as const)
        parts.push(paint(at(new ConeGeometry(0.022, h, 4), x, h / 2, z), '#4B5E26'));
      parts.push(paint(at(new CylinderGeometry(0.15, 0.15, 0.015, 8), 0, 0.008, 0), '#5E7F6E'));
      break;
    case 'black':
      parts.push(paint(at(new DodecahedronGeometry(0.12, 0).scale(1, 0.7, 1), 0, 0.06, 0), '#3B3B3B'));
      parts.push(paint(at(new DodecahedronGeometry(0.07, 0).scale(1, 0.7, 1), 0.14, 0.035, 0.06), '#555555'));
      break;
  }
  const g = mergeGeometries(parts)!;
  g.computeVertexNormals();
  return g;
}

/** The unit quad of decals (lying flat) and labels (turned to the camera in the shader). */
export function quadGeometry(flat: boolean): BufferGeometry {
  const g = new PlaneGeometry(1, 1);
  if (flat) g.rotateX(-Math.PI / 2);
  return g;
}
