// The few platform globals the engine relies on, present in Node and every browser.
// Declared here because the engine compiles without the DOM library, so that it cannot reach the DOM.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}
