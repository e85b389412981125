import { beforeAll, describe, expect, it } from 'vitest';
import { type Replay, verifyReplay, type SignedEntry } from '../../engine/protocol/index.js';
import { honestAgents, play, read } from './harness.js';
import { makeMessage } from '../../engine/protocol/index.js';

/**
 * G8: for recorded replays, changing any single entry, signature, opening, beacon link or final
 * signature makes verification fail and name that entry; untouched replays verify.
 */

interface Numbered {
  readonly number: number;
  readonly at: (r: Replay, e: SignedEntry) => Replay;
  readonly entry: SignedEntry;
}

/** Every signed entry of a replay with its number (log entries, then finals) and a way to put a changed copy back. */
function entries(r: Replay): Numbered[] {
  const out: Numbered[] = [];
  let n = 0;
  r.log.forEach((el, i) =>
    el.forEach((entry, j) => out.push({ number: ++n, entry, at: (x, e) => ({ ...x, log: x.log.map((l, a) => (a === i ? l.map((y, b) => (b === j ? e : y)) : l)) }) })),
  );
  r.finals.forEach((entry, j) => out.push({ number: ++n, entry, at: (x, e) => ({ ...x, finals: x.finals.map((y, b) => (b === j ? e : y)) }) }));
  return out;
}

/** Changes one hex digit inside a field of an entry's text (the text stays canonical JSON). */
function flipIn(text: string, field: string): string | undefined {
  const m = new RegExp(`"${field}":"([0-9a-f]+)"`).exec(text);
  if (!m) return undefined;
  const at = m.index + field.length + 4;
  return text.slice(0, at) + (text[at] === '0' ? '1' : '0') + text.slice(at + 1);
}
const flipHex = (hex: string, at = 10) => hex.slice(0, at) + (hex[at] === '0' ? '1' : '0') + hex.slice(at + 1);

const recorded: { name: string; replay: Replay }[] = [];

beforeAll(async () => {
  const finished = await play({ players: 3, seed: 'tamper', settings: { limit: 40 } });
  recorded.push({ name: 'a finished game', replay: finished.table.network.peers[0]!.replay() });
  // A game with absence claims: seat 0 withholds its beacon links.
  const C = 0;
  const withheld = await play({
    players: 3,
    seed: 'tamper-absent',
    cheater: C,
    settings: { limit: 40 },
    tamper: (text, _to, t) => {
      const m = read(text, t.network);
      if (m?.t === 'entry') return m.entry.entry.seat === C && m.entry.entry.body.type === 'link' ? [] : [text];
      if (m?.t === 'echo') return [makeMessage({ t: 'echo', echo: m.signed, entries: m.entries.filter((e) => !(e.entry.seat === C && e.entry.body.type === 'link')) })];
      return [text];
    },
  });
  recorded.push({ name: 'a game with absences', replay: withheld.table.network.honest[0]!.replay() });
  void honestAgents;
});

describe('replay tampering', () => {
  it('untouched replays verify, the finished one with only the final signatures', async () => {
    for (const { replay } of recorded) {
      const v = await verifyReplay(replay);
      expect(v.valid).toBe(true);
    }
    const v = await verifyReplay(recorded[0]!.replay);
    expect(v.valid && v.summary.mode).toBe('fast');
    expect(v.valid && v.summary.signaturesChecked).toBe(3);
    expect(recorded[1]!.replay.log.some((el) => el.some((e) => e.text.includes('"type":"absent"')))).toBe(true);
  });

  it('changing any entry, signature, opening, beacon link or final signature names that entry', async () => {
    let cases = 0;
    for (const { name, replay } of recorded) {
      for (const x of entries(replay)) {
        const changes: [string, SignedEntry][] = [
          ['signature', { ...x.entry, sig: flipHex(x.entry.sig) }],
          ['signature digit', { ...x.entry, sig: `${x.entry.sig.slice(0, 70)}g${x.entry.sig.slice(71)}` }],
          ['canonical form', { ...x.entry, text: x.entry.text.replace(',', ', ') }],
        ];
        for (const field of ['prev', 'link', 'salt', 'state', 'signatures', 'game']) {
          const text = flipIn(x.entry.text, field);
          if (text) changes.push([field, { ...x.entry, text }]);
        }
        const seqText = x.entry.text.replace(/"seq":(\d+)/, (_, d) => `"seq":${Number(d) + 1}`);
        changes.push(['seq', { ...x.entry, text: seqText }]);
        for (const [what, changed] of changes) {
          const v = await verifyReplay(x.at(replay, changed));
          cases++;
          expect(v.valid, `${name}: ${what} of entry ${x.number}`).toBe(false);
          if (!v.valid) expect(v.failure.entry, `${name}: ${what} of entry ${x.number}: ${v.failure.message}`).toBe(x.number);
        }
      }
    }
    expect(cases).toBeGreaterThan(300);
  });

  it('changing a genesis signature, or the genesis, is named as such', async () => {
    const r = recorded[0]!.replay;
    const sig = await verifyReplay({ ...r, genesisSignatures: r.genesisSignatures.map((s, i) => (i === 1 ? flipHex(s) : s)) });
    expect(!sig.valid && sig.failure).toMatchObject({ entry: null, seat: 1, code: 'BadSignature' });
    const gen = await verifyReplay({ ...r, genesis: r.genesis.replace('"timer":10', '"timer":11') });
    expect(gen.valid).toBe(false);
    // A cut log is no finished game: with its final signatures it fails, without them it is reported incomplete.
    const cut = await verifyReplay({ ...r, log: r.log.slice(0, 10) });
    expect(!cut.valid && cut.failure.code).toBe('WrongItem');
    const dropped = await verifyReplay({ ...r, log: r.log.slice(0, 10), finals: [] });
    expect(dropped.valid && dropped.summary.ending.kind).toBe('incomplete');
    const reordered = await verifyReplay({ ...r, log: [r.log[1]!, r.log[0]!, ...r.log.slice(2)] });
    expect(!reordered.valid && reordered.failure.entry).toBe(1);
  });
});
