import { beaconValue } from './beacon.js';
import type { Body, Entry, SignedEntry } from '../codec/entry.js';
import { type ParsedGenesis, parseGenesisText } from '../codec/genesis.js';
import type { Replay } from '../codec/replay.js';

/**
 * The engine inputs a replay stands for (actions, beacon values, absences), read with no checks at
 * all: each entry's text through JSON.parse, nothing verified (no signature, canonical form, hash
 * chain or position). For trusted replays (showing a game) and the no-checks baseline of the
 * verification benchmark; `verifyReplay` is what checks a replay.
 */
export function engineInputs(replay: Replay): unknown[] {
  const genesis = parseGenesisText(replay.genesis);
  if (!genesis.ok) throw new Error('engineInputs: bad genesis');
  return elementInputs(genesis.value, replay.log);
}

/** The engine inputs of some elements of a game's log (as engineInputs, the genesis already read). */
export function elementInputs(genesis: ParsedGenesis, log: readonly (readonly SignedEntry[])[]): unknown[] {
  const n = genesis.keys.length;
  const inputs: unknown[] = [];
  for (const el of log) {
    const entries = el.map((e) => JSON.parse(e.text) as Pick<Entry, 'seat'> & { body: Body });
    const action = entries.find((e) => e.body.type === 'action');
    const links = entries.filter((e) => e.body.type === 'link');
    const claim = entries.find((e) => e.body.type === 'absent');
    if (action && action.body.type === 'action') inputs.push(action.body.action);
    else if (links.length > 0) {
      const all: (string | null)[] = new Array<string | null>(n).fill(null);
      for (const l of links) if (l.body.type === 'link') all[l.seat] = l.body.link;
      const first = links[0]!.body;
      const value = beaconValue(genesis.id, first.type === 'link' ? first.event : 0, all);
      const absent = all.flatMap((l, s) => (l === null ? [s] : []));
      inputs.push(absent.length > 0 ? { kind: 'random', value, absent } : { kind: 'random', value });
    } else if (claim && claim.body.type === 'absent' && !entries.some((e) => e.body.type === 'open')) inputs.push({ kind: 'absent', seat: claim.body.seats[0] });
  }
  return inputs;
}
