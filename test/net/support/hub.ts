/**
 * Lobby members of one process, connected the way y-webrtc connects them (every Yjs update and
 * awareness change reaches every other member), without the network: for the lobby's logic.
 * test/net/lobby-net.test.ts runs the same lobby over real y-webrtc and WebRTC.
 */
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { Connect } from '../../../src/net/lobby.js';

export interface Hub {
  readonly connect: Connect;
  readonly rooms: Map<string, { doc: Y.Doc; awareness: Awareness }[]>;
  /** From now on, document updates wait (two members act at once, each unaware of the other)... */
  hold(): void;
  /** ...until this delivers them, in order. */
  release(): void;
}

export function makeHub(): Hub {
  const rooms = new Map<string, { doc: Y.Doc; awareness: Awareness }[]>();
  let held: (() => void)[] | null = null;
  const connect: Connect = (doc, room, password) => {
    const key = `${room}/${password}`;
    const members = rooms.get(key) ?? [];
    rooms.set(key, members);
    const awareness = new Awareness(doc);
    const self = { doc, awareness };
    // Catch up with the members already there, both ways.
    for (const other of members) {
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(other.doc), 'hub');
      Y.applyUpdate(other.doc, Y.encodeStateAsUpdate(doc), 'hub');
    }
    members.push(self);
    const onUpdate = (update: Uint8Array, origin: unknown): void => {
      if (origin === 'hub') return;
      for (const other of members) {
        if (other === self) continue;
        const deliver = (): void => Y.applyUpdate(other.doc, update, 'hub');
        if (held) held.push(deliver);
        else deliver();
      }
    };
    const onAwareness = ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown): void => {
      if (origin === 'hub') return;
      const update = encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]);
      for (const other of members) if (other !== self) applyAwarenessUpdate(other.awareness, update, 'hub');
    };
    for (const other of members) if (other !== self) applyAwarenessUpdate(awareness, encodeAwarenessUpdate(other.awareness, [...other.awareness.getStates().keys()]), 'hub');
    doc.on('update', onUpdate);
    awareness.on('update', onAwareness);
    return {
      awareness,
      peers: () => members.length - 1,
      destroy() {
        doc.off('update', onUpdate);
        awareness.destroy();
        members.splice(members.indexOf(self), 1);
      },
    };
  };
  return {
    connect,
    rooms,
    hold: () => void (held ??= []),
    release() {
      const waiting = held ?? [];
      held = null;
      for (const deliver of waiting) deliver();
    },
  };
}
