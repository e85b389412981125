/**
 * The lobby's and the watch room's signaling, sealed with the share link's secret on any page,
 * a plain-http LAN page included.
 *
 * y-webrtc can encrypt a room's signaling itself (its `password` option), but through WebCrypto's
 * `crypto.subtle`, which browsers give only to secure contexts (https, localhost): on
 * http://192.168.1.20:5173/ the lobby stayed on "Loading…". So y-webrtc runs without a password
 * and this module seals, with tweetnacl's secretbox (XSalsa20-Poly1305, authenticated), every
 * message y-webrtc publishes on one of this page's topics, and opens every message that arrives
 * there: one that does not open or is too large is dropped, and so is one y-webrtc throws on.
 *
 * What a holder of no secret sees (the signaling server, anyone who learns a topic): topics (a
 * hash of the room and the secret) and sealed bytes: not who is there, not the offers, answers
 * and ICE candidates (with LAN addresses) that connect members. The Yjs document and awareness
 * travel over WebRTC data channels, encrypted by DTLS with the certificates whose fingerprints
 * those sealed offers and answers carry: a data channel joins two holders of the secret only
 * (y-webrtc's password did not encrypt them either). Tabs of one browser on one origin also sync
 * over a BroadcastChannel named after the topic, which only a page that knows the secret can name.
 */
import nacl from 'tweetnacl';
import { fromHex, hashText, utf8 } from '../../engine/index.js';
import { fromBase64url, toBase64url } from './base64url.js';

/** A sealed signaling message larger than this is dropped unopened (an offer is a few kB). */
export const MAX_SEALED = 65_536;

/** The room's key: hashed from the room and its secret apart from the topic (another domain). */
export const roomKey = (room: string, secret: string): Uint8Array => fromHex(hashText(`bfe/lobby/seal\n${room}\n${secret}`))!;

/** The text sealed under `key`: base64url of a fresh random nonce and the secretbox. */
export function seal(key: Uint8Array, text: string): string {
  const nonce = crypto.getRandomValues(new Uint8Array(nacl.secretbox.nonceLength));
  const box = nacl.secretbox(utf8(text), nonce, key);
  const out = new Uint8Array(nonce.length + box.length);
  out.set(nonce);
  out.set(box, nonce.length);
  return toBase64url(out);
}

/** The text `sealed` holds, or null when it is not something sealed under `key` (or too large). */
export function open(key: Uint8Array, sealed: unknown): string | null {
  if (typeof sealed !== 'string' || sealed.length > MAX_SEALED) return null;
  const bytes = fromBase64url(sealed);
  if (!bytes || bytes.length < nacl.secretbox.nonceLength + nacl.secretbox.overheadLength) return null;
  const plain = nacl.secretbox.open(bytes.subarray(nacl.secretbox.nonceLength), bytes.subarray(0, nacl.secretbox.nonceLength), key);
  if (!plain) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
}

/** y-webrtc's signaling connection (lib0's WebsocketClient): what this module wraps. */
export interface SignalingSocket {
  send(message: unknown): void;
  emit(name: string, args: unknown[]): void;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The keys of the topics sealed on each signaling connection (y-webrtc shares one per server). */
const sealedTopics = new WeakMap<SignalingSocket, Map<string, Uint8Array>>();

/** Wraps a connection's `send` and `emit` once: publications on its sealed topics are sealed going out, opened coming in. */
function interpose(socket: SignalingSocket, keys: Map<string, Uint8Array>): void {
  const send = socket.send.bind(socket);
  const emit = socket.emit.bind(socket);
  socket.send = (message) => {
    if (!isObject(message) || message['type'] !== 'publish') return send(message);
    const key = keys.get(message['topic'] as string);
    // Every room this page opens is sealed: a publication on a topic without a key is a closed
    // room's (y-webrtc announces again when a closed room's connections close). It is not sent.
    if (key) send({ ...message, data: seal(key, JSON.stringify(message['data'])) });
  };
  socket.emit = (name, args) => {
    const message = args[0];
    if (name !== 'message' || !isObject(message) || message['type'] !== 'publish') return emit(name, args);
    const key = keys.get(message['topic'] as string);
    const text = key ? open(key, message['data']) : null;
    if (text === null) return;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return;
    }
    try {
      emit(name, [{ ...message, data }, ...args.slice(1)]);
    } catch {
      // y-webrtc throws on a signal it does not expect (one without its `signal`, an answer
      // replayed after its connection closed): the message is dropped, the page goes on.
    }
  };
}

/** Seals `topic` on `socket` with `key` until the returned function is called (when its room closes). */
export function sealTopic(socket: SignalingSocket, topic: string, key: Uint8Array): () => void {
  let keys = sealedTopics.get(socket);
  if (!keys) {
    keys = new Map();
    sealedTopics.set(socket, keys);
    interpose(socket, keys);
  }
  keys.set(topic, key);
  const held = keys;
  return () => {
    if (held.get(topic) === key) held.delete(topic);
  };
}
