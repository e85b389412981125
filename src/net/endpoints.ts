/** Where the signaling servers started by `npm start` listen (scripts/start.ts passes them in). */
export interface SignalingEndpoints {
  /** PeerJS server, e.g. http://127.0.0.1:9000/bfe (client: new Peer({ host, port, path })). */
  readonly peer: string;
  /** y-webrtc signaling server, e.g. ws://127.0.0.1:4444 (WebrtcProvider's `signaling` option). */
  readonly yWebrtc: string;
}

export function signalingEndpoints(): SignalingEndpoints {
  const env = import.meta.env;
  return {
    peer: typeof env['VITE_BFE_PEER_URL'] === 'string' ? env['VITE_BFE_PEER_URL'] : 'http://127.0.0.1:9000/bfe',
    yWebrtc: typeof env['VITE_BFE_SIGNALING_URL'] === 'string' ? env['VITE_BFE_SIGNALING_URL'] : 'ws://127.0.0.1:4444',
  };
}
