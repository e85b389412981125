import { describe, expect, it } from 'vitest';
import {
  hashText,
} from '../../engine/index.js';
import { DEFAULT_SETTINGS, type Genesis, makeGenesisText, makeMessage, makeReplayText, parseGenesisText, parseMessage, parseReplayText, PROTOCOL, type Replay } from '../../engine/protocol/index.js';
import { type Body, type Entry, makeEntryText, makeSignedEntry, parseEntryText, parseSignedEntry } from '../../engine/protocol/codec/entry.js';
import { checkChoiceReveal, choiceCommitment, commitChoice } from '../../engine/protocol/log/choice.js';
import { type Echo, makeEchoText, parseEchoText } from '../../engine/protocol/codec/echo.js';
import { makeReplayJson, parseReplayJson } from '../../engine/protocol/codec/replay.js';
import { SETTING_BOUNDS } from '../../engine/protocol/codec/genesis.js';
import { unparseMessage, type WireMessage } from '../../engine/protocol/codec/wire.js';
import {
  RULES_VERSION,
} from '../../engine/index.js';
import { setupFor } from './harness.js';
import { seatIdentity } from '../../engine/protocol/index.js';
import { simSecrets } from '../../engine/protocol/sim/index.js';

const h = (s: string) => hashText(s);
const genesis: Genesis = {
  protocol: PROTOCOL,
  game: 'table-7',
  rules: RULES_VERSION,
  setup: setupFor(3, 1),
  seats: [0, 1, 2].map((s) => seatIdentity(simSecrets('codec', s, 8))),
  settings: { ...DEFAULT_SETTINGS, beaconLength: 8, limit: 40 },
};

const bodies: Body[] = [
  { type: 'action', action: { kind: 'placeTile', seat: 1, from: 'drawn', at: { q: -2, r: 3 }, opening: { ref: 'tile:1:4', value: 'lake', salt: '0a'.repeat(16) } } },
  { type: 'action', action: { kind: 'weird', seat: 1, list: [1, 'two', null, true, { '10': 1, '2': 2, b: [] }] } },
  { type: 'link', event: 17, link: h('link') },
  { type: 'absent', seats: [0, 2] },
  { type: 'absent', seats: [1], round: 3 },
  { type: 'open', openings: [{ ref: 'tile:1:0', value: 'forest', salt: 'ff'.repeat(16) }] },
  { type: 'open', openings: [] },
  { type: 'final', state: h('state'), signatures: h('sigs') },
];
const entry = (body: Body, seat = 1): Entry => ({ v: 1, game: h('game'), seq: 12, seat, prev: h('prev'), body });

describe('codecs: parse(make(x)) = x', () => {
  it('genesis', () => {
    const text = makeGenesisText(genesis);
    const parsed = parseGenesisText(text);
    expect(parsed.ok && parsed.value.genesis).toEqual(genesis);
    expect(parsed.ok && makeGenesisText(parsed.value.genesis)).toBe(text);
  });

  it('entries, every body', () => {
    for (const b of bodies) {
      const e = entry(b);
      const parsed = parseEntryText(makeEntryText(e));
      expect(parsed).toEqual({ ok: true, value: e });
      const signed = { text: makeEntryText(e), sig: 'cd'.repeat(64) };
      const again = parseSignedEntry(makeSignedEntry(signed));
      expect(again.ok && { text: again.value.text, sig: again.value.sig }).toEqual(signed);
    }
  });

  it('echoes', () => {
    const echo: Echo = { v: 1, game: h('g'), seat: 3, seq: 99, element: h('e'), state: h('s'), claimed: true };
    expect(parseEchoText(makeEchoText(echo))).toEqual({ ok: true, value: echo });
  });

  it('wire messages', () => {
    const e = { text: makeEntryText(entry(bodies[2]!)), sig: 'ab'.repeat(64) };
    const messages: WireMessage[] = [
      { t: 'entry', entry: e },
      { t: 'echo', echo: { text: makeEchoText({ v: 1, game: h('g'), seat: 0, seq: 1, element: h('e'), state: h('s'), claimed: false }), sig: '01'.repeat(64) }, entries: [e, e] },
      { t: 'relay', entries: [e] },
    ];
    for (const m of messages) {
      const parsed = parseMessage(makeMessage(m), 65536);
      expect(parsed.ok && unparseMessage(parsed.value)).toEqual(m);
    }
  });

  it('replays', () => {
    const e = { text: makeEntryText(entry(bodies[0]!)), sig: 'ab'.repeat(64) };
    const replays: Replay[] = [
      { genesis: makeGenesisText(genesis), genesisSignatures: ['00'.repeat(64)], log: [[e], [e, e]], finals: [e], evidence: null },
      { genesis: 'g', genesisSignatures: [], log: [], finals: [], evidence: { entries: [e], echo: { text: 'x', sig: '11'.repeat(64) } } },
    ];
    for (const r of replays) {
      expect(parseReplayJson(makeReplayJson(r))).toEqual({ ok: true, value: r });
      expect(parseReplayText(makeReplayText(r))).toEqual({ ok: true, value: r });
    }
  });

  it('choice commitments', () => {
    const entropy = new Uint8Array(16).fill(7);
    const { commitment, opening } = commitChoice('game/day 3/feint/seat 2', { feints: [1, 2] }, entropy);
    expect(commitment).toBe(choiceCommitment('game/day 3/feint/seat 2', opening));
    expect(checkChoiceReveal('game/day 3/feint/seat 2', commitment, opening)).toBe(true);
    expect(checkChoiceReveal('game/day 3/feint/seat 1', commitment, opening)).toBe(false);
    expect(checkChoiceReveal('game/day 3/feint/seat 2', commitment, { ...opening, choice: { feints: [2, 1] } })).toBe(false);
    expect(checkChoiceReveal('game/day 3/feint/seat 2', commitment, { ...opening, salt: '00'.repeat(16) })).toBe(false);
    expect(checkChoiceReveal('game/day 3/feint/seat 2', commitment, { ...opening, salt: 'zz' })).toBe(false);
  });
});

describe('codecs refuse what they did not make', () => {
  it('non-canonical texts: other key order, white space, duplicate keys, number spellings', () => {
    const text = makeEntryText(entry(bodies[2]!));
    const reordered = JSON.stringify(JSON.parse(text), Object.keys(JSON.parse(text)).reverse());
    for (const bad of [` ${text}`, text.replace(',', ', '), reordered, text.replace('"seq":12', '"seq":12,"seq":12'), text.replace('"seq":12', '"seq":12.0'), text.replace('"seq":12', '"seq":1.2e1')])
      expect(parseEntryText(bad).ok).toBe(false);
  });

  it('extra fields, bad hex, bad bodies', () => {
    const e = JSON.parse(makeEntryText(entry(bodies[2]!)));
    const cases = [
      { ...e, extra: 1 },
      { ...e, prev: 'AB'.repeat(32) },
      { ...e, seat: 6 },
      { ...e, body: { type: 'link', event: -1, link: h('x') } },
      { ...e, body: { type: 'absent', seats: [2, 1] } },
      { ...e, body: { type: 'absent', seats: [] } },
      { ...e, body: { type: 'absent', seats: [0], round: 0 } },
      { ...e, body: { type: 'absent', seats: [0], round: 65 } },
      { ...e, body: { type: 'absent', seats: [0], round: -1 } },
      { ...e, body: { type: 'action', action: [1] } },
      { ...e, body: { type: 'action', action: { n: 1.5 } } },
      { ...e, body: { type: 'open', openings: [{ ref: 'r', value: 'v', salt: 'short' }] } },
      { ...e, body: { type: 'nope' } },
      { ...e, v: 2 },
    ];
    for (const c of cases) expect(parseEntryText(JSON.stringify(c, Object.keys(c).sort())).ok).toBe(false);
  });

  it('genesis: versions, keys, set-ups', () => {
    const bad = (g: object) => parseGenesisText(JSON.stringify(g, undefined)).ok || parseGenesisText(makeGenesisText(g as Genesis)).ok;
    expect(bad({ ...genesis, protocol: 'other/1' })).toBe(false);
    expect(bad({ ...genesis, rules: 'other' })).toBe(false);
    expect(bad({ ...genesis, seats: genesis.seats.slice(1) })).toBe(false);
    expect(bad({ ...genesis, seats: [genesis.seats[0], genesis.seats[0], genesis.seats[2]] })).toBe(false);
    const smallOrder = '01' + '00'.repeat(31);
    const g = parseGenesisText(makeGenesisText({ ...genesis, seats: [{ ...genesis.seats[0]!, key: smallOrder }, ...genesis.seats.slice(1)] }));
    expect(!g.ok && g.error.code).toBe('BadKey');
    expect(bad({ ...genesis, setup: { players: [genesis.setup.players[0], genesis.setup.players[0], genesis.setup.players[1]], firstSeat: 0 } })).toBe(false);
    expect(bad({ ...genesis, settings: { ...genesis.settings, timer: 0 } })).toBe(false);
  });

  it('genesis: settings out of their bounds are refused, each with an error naming the setting and its range', () => {
    const refusal = (settings: object) => {
      const r = parseGenesisText(makeGenesisText({ ...genesis, settings: { ...genesis.settings, ...settings } } as Genesis));
      return r.ok ? undefined : r.error.message;
    };
    const cases: [object, string][] = [
      [{ timer: 0 }, 'settings.timer must be null or an integer from 1 to 86400'],
      [{ timer: 86_401 }, 'settings.timer'],
      [{ maxMessageBytes: 4095 }, 'settings.maxMessageBytes must be an integer from 4096 to 1048576'],
      [{ maxMessageBytes: (1 << 20) + 1 }, 'settings.maxMessageBytes'],
      [{ beaconLength: 0 }, 'settings.beaconLength must be an integer from 1 to 65536'],
      [{ beaconLength: 65_537 }, 'settings.beaconLength'],
      [{ limit: 0 }, 'settings.limit'],
      [{ days: 0 }, 'settings.days'],
    ];
    for (const [settings, message] of cases) expect(refusal(settings)).toContain(message);
    for (const ok of [{ timer: null }, { timer: 86_400 }, { timer: 1 }, { maxMessageBytes: 1 << 20 }, { beaconLength: 65_536 }, { beaconLength: 1 }])
      expect(refusal(ok)).toBeUndefined();
    expect(SETTING_BOUNDS.timer.max).toBe(86_400);
  });

  it('messages: size is checked before anything is read', () => {
    const r = parseMessage('"' + 'x'.repeat(70000) + '"', 65536);
    expect(!r.ok && r.error.code).toBe('Oversized');
    const multibyte = parseMessage('é'.repeat(40000), 65536);
    expect(!multibyte.ok && multibyte.error.code).toBe('Oversized');
    for (const junk of [undefined, 42, '', '{', '{"t":"entry","entry":1,"sig":"00"}', '{"t":"relay","entries":{}}']) expect(parseMessage(junk, 65536).ok).toBe(false);
  });

  it('replays: foreign and damaged files', () => {
    for (const x of [null, [], { format: 'something-else' }, { format: 'battle-for-eden/replay', version: 2 }, { format: 'battle-for-eden/replay', version: 1, genesis: 1 }])
      expect(parseReplayJson(x).ok).toBe(false);
    expect(parseReplayText('{"format":').ok).toBe(false);
  });
});
