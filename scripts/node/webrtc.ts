/**
 * Makes Node look like a browser to PeerJS and y-webrtc: real WebRTC from @roamhq/wrtc and a
 * WebSocket from `ws`, installed as globals before either library is loaded. Import this module
 * first in a test file or a benchmark's process (ES modules evaluate imports in order).
 */
import wrtc from '@roamhq/wrtc';
import WebSocket from 'ws';

const g = globalThis as Record<string, unknown>;
for (const name of ['RTCPeerConnection', 'RTCSessionDescription', 'RTCIceCandidate', 'RTCDataChannel'] as const) g[name] ??= (wrtc as Record<string, unknown>)[name];
/** Browsers report a failed WebSocket through its error event; `ws` throws when no listener takes it (PeerJS sets none). */
class BrowserishWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => undefined);
  }
}
g['WebSocket'] ??= BrowserishWebSocket;
// Pages in separate browsers share nothing: without this, y-webrtc would sync two peers of one
// Node process through a BroadcastChannel instead of over WebRTC.
delete g['BroadcastChannel'];
