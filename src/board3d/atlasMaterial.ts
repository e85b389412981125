import { ShaderMaterial, type Texture, Vector2 } from 'three';
import { POINT_PX } from './badges.js';

/**
 * Instanced quads reading the atlas: per instance a cell (uv rectangle). Flat decals lie on the
 * tiles in world units; labels (the characters of the count badges) face the camera at a constant
 * size in CSS pixels, offset from their anchor by the badge layout, all in one draw call.
 */
export function makeAtlasMaterial(map: Texture, billboard: boolean): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { map: { value: map }, viewport: { value: new Vector2(1280, 720) } },
    defines: billboard ? { BILLBOARD: 1 } : {},
    transparent: true,
    depthWrite: false,
    depthTest: !billboard,
    vertexShader: /* glsl */ `
      attribute vec4 cell;
      attribute vec3 offset;
      uniform vec2 viewport;
      varying vec2 vUv;
      varying vec3 vColor;
      void main() {
        vUv = cell.xy + uv * cell.zw;
        #ifdef USE_INSTANCING_COLOR
          vColor = instanceColor;
        #else
          vColor = vec3(1.0);
        #endif
        #ifdef BILLBOARD
          // offset: (dx, dy) in CSS px from the anchor, y down as on the screen; z the quad's size.
          vec4 anchor = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
          vec2 px = position.xy * offset.z + vec2(offset.x, -offset.y);
          anchor.xy += px * 2.0 / viewport * anchor.w;
          gl_Position = anchor;
        #else
          gl_Position = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(position, 1.0);
        #endif
      }`,
    fragmentShader: /* glsl */ `
      uniform sampler2D map;
      varying vec2 vUv;
      varying vec3 vColor;
      void main() {
        vec4 c = texture2D(map, vUv);
        if (c.a < 0.04) discard;
        gl_FragColor = vec4(c.rgb * vColor, c.a);
        #include <colorspace_fragment>
      }`,
  });
}

/**
 * The count badges' plates: camera-facing rounded boxes of a size in CSS pixels (per instance:
 * offset from the anchor and size, `box`), filled with the instance colour inside a near-black
 * border (#111, linear 0.006) and a white halo, solid or dashed (`dashed`: wild markers). A frontier's badge is a
 * tag: a point (`point`, a direction on the screen, y down; zero for none) sticks out of its box
 * toward the territory it faces. Drawn as a distance field: crisp at any pixel ratio.
 */
export function makeBadgeMaterial(): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { viewport: { value: new Vector2(1280, 720) } },
    transparent: true,
    depthWrite: false,
    depthTest: false,
    vertexShader: /* glsl */ `
      attribute vec4 box;
      attribute vec2 point;
      attribute float dashed;
      uniform vec2 viewport;
      varying vec2 vLocal;
      varying vec2 vHalf;
      varying vec2 vPoint;
      varying vec3 vColor;
      varying float vDashed;
      void main() {
        #ifdef USE_INSTANCING_COLOR
          vColor = instanceColor;
        #else
          vColor = vec3(1.0);
        #endif
        vDashed = dashed;
        vHalf = box.zw * 0.5;
        vPoint = point;
        // The quad covers the box and its point.
        vLocal = position.xy * (box.zw + 2.0 * ${POINT_PX.toFixed(1)} + 4.0);
        vec4 anchor = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
        vec2 px = vLocal + vec2(box.x, -box.y);
        anchor.xy += px * 2.0 / viewport * anchor.w;
        gl_Position = anchor;
      }`,
    fragmentShader: /* glsl */ `
      varying vec2 vLocal;
      varying vec2 vHalf;
      varying vec2 vPoint;
      varying vec3 vColor;
      varying float vDashed;
      const float BORDER = 1.6;
      const float HALO = 1.2;
      // Signed distance to a triangle (Inigo Quilez).
      float triangle(vec2 p, vec2 p0, vec2 p1, vec2 p2) {
        vec2 e0 = p1 - p0, e1 = p2 - p1, e2 = p0 - p2;
        vec2 v0 = p - p0, v1 = p - p1, v2 = p - p2;
        vec2 pq0 = v0 - e0 * clamp(dot(v0, e0) / dot(e0, e0), 0.0, 1.0);
        vec2 pq1 = v1 - e1 * clamp(dot(v1, e1) / dot(e1, e1), 0.0, 1.0);
        vec2 pq2 = v2 - e2 * clamp(dot(v2, e2) / dot(e2, e2), 0.0, 1.0);
        float s = sign(e0.x * e2.y - e0.y * e2.x);
        vec2 d = min(min(vec2(dot(pq0, pq0), s * (v0.x * e0.y - v0.y * e0.x)), vec2(dot(pq1, pq1), s * (v1.x * e1.y - v1.y * e1.x))), vec2(dot(pq2, pq2), s * (v2.x * e2.y - v2.y * e2.x)));
        return -sqrt(d.x) * sign(d.y);
      }
      void main() {
        // On the screen y goes down; here y goes up.
        vec2 p = vLocal;
        float radius = vHalf.y;
        vec2 q = abs(p) - (vHalf - radius);
        float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - radius;
        if (dot(vPoint, vPoint) > 0.0) {
          vec2 dir = vec2(vPoint.x, -vPoint.y);
          vec2 side = vec2(-dir.y, dir.x) * vHalf.y * 0.8;
          vec2 tip = dir * (abs(dir.x) * vHalf.x + abs(dir.y) * vHalf.y + ${POINT_PX.toFixed(1)});
          d = min(d, triangle(p, side, tip, -side));
        }
        // A white halo outside the dark border: one of the two reads on any tile.
        float alpha = 1.0 - smoothstep(HALO - 0.5, HALO + 0.5, d);
        if (alpha <= 0.0) discard;
        float inBorder = smoothstep(-BORDER - 0.5, -BORDER + 0.5, d);
        float inHalo = smoothstep(-0.5, 0.5, d);
        // Dashes of about 3 px around the border (wild markers).
        float around = atan(p.y, p.x) * (vHalf.x + vHalf.y) * 0.64;
        float gap = vDashed * step(0.5, fract(around / 6.0));
        vec3 border = mix(vec3(0.006), vColor, gap);
        gl_FragColor = vec4(mix(mix(vColor, border, inBorder), vec3(1.0), inHalo), alpha);
        #include <colorspace_fragment>
      }`,
  });
}
