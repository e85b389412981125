import { ShaderMaterial, type Texture, Vector2 } from 'three';

/**
 * Instanced quads reading the atlas: per instance a cell (uv rectangle) and a mode. Flat decals
 * lie on the tiles in world units; labels face the camera at a constant size in CSS pixels, so
 * that numbers stay readable (>= 12 px) at every zoom, in one draw call for all of them.
 */
export function makeAtlasMaterial(map: Texture, billboard: boolean): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { map: { value: map }, viewport: { value: new Vector2(1280, 720) }, pixelSize: { value: 18 } },
    defines: billboard ? { BILLBOARD: 1 } : {},
    transparent: true,
    depthWrite: false,
    depthTest: !billboard,
    vertexShader: /* glsl */ `
      attribute vec4 cell;
      attribute float dx;
      uniform vec2 viewport;
      uniform float pixelSize;
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
          vec4 anchor = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(0.0, 0.0, 0.0, 1.0);
          vec2 px = position.xy * pixelSize + vec2(dx, 0.0);
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
