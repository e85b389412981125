import { BoxGeometry, BufferGeometry, CircleGeometry, ConeGeometry, CylinderGeometry, Float32BufferAttribute, PlaneGeometry, RingGeometry } from 'three';
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

export const cubeGeometry = (): BufferGeometry => new BoxGeometry(0.19, 0.19, 0.19);

/** A small arrow lying flat, pointing along +x. */
export function arrowGeometry(): BufferGeometry {
  const g = new ConeGeometry(0.07, 0.16, 3);
  g.rotateZ(-Math.PI / 2);
  return g;
}

export function discGeometry(): BufferGeometry {
  return new CylinderGeometry(0.16, 0.16, 0.04, 20);
}

/** The unit quad of decals (lying flat) and labels (turned to the camera in the shader). */
export function quadGeometry(flat: boolean): BufferGeometry {
  const g = new PlaneGeometry(1, 1);
  if (flat) g.rotateX(-Math.PI / 2);
  return g;
}
