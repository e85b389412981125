import nacl from 'tweetnacl';
import { err, ok, type Result } from '../../core/result.js';
import { fromHex, toHex } from './bytes.js';
import { echoId, type Echo, makeEchoText } from '../codec/echo.js';
import { type Entry, entryId, makeEntryText, type ParsedEntry } from '../codec/entry.js';
import { type Violation, violation } from '../errors.js';
import type { ParsedGenesis } from '../codec/genesis.js';
import type { SignedEcho } from '../codec/wire.js';
import type { Seat } from '../../core/vocabulary.js';
import { type KeyPair, signatureMessage, type SignatureCheck, type SignatureScheme, verifySignatures } from './signature.js';

/** Signs an entry: its canonical text, its id (the hash of that text), a signature over the id. */
export async function signEntry(scheme: SignatureScheme, keys: KeyPair, entry: Entry): Promise<ParsedEntry> {
  const text = makeEntryText(entry);
  const id = entryId(text);
  const sig = toHex(await scheme.sign(keys, signatureMessage('entry', id)));
  return { text, sig, entry, id };
}

export const entryCheck = (genesis: ParsedGenesis, p: ParsedEntry): SignatureCheck => entryCheckOf(genesis, p.entry.seat, p.id, p.sig);

export const entryCheckOf = (genesis: ParsedGenesis, seat: Seat, id: string, sig: string): SignatureCheck => ({
  publicKey: genesis.keys[seat] ?? new Uint8Array(32),
  message: signatureMessage('entry', id),
  signature: fromHex(sig) ?? new Uint8Array(0),
});

export async function signEcho(scheme: SignatureScheme, keys: KeyPair, echo: Echo): Promise<SignedEcho> {
  const text = makeEchoText(echo);
  return { text, sig: toHex(await scheme.sign(keys, signatureMessage('echo', echoId(text)))) };
}

export const echoCheck = (genesis: ParsedGenesis, seat: number, signed: SignedEcho): SignatureCheck => ({
  publicKey: genesis.keys[seat] ?? new Uint8Array(32),
  message: signatureMessage('echo', echoId(signed.text)),
  signature: fromHex(signed.sig) ?? new Uint8Array(0),
});

export const signGenesis = async (scheme: SignatureScheme, keys: KeyPair, genesis: ParsedGenesis): Promise<string> =>
  toHex(await scheme.sign(keys, signatureMessage('genesis', genesis.id)));

export const genesisCheck = (genesis: ParsedGenesis, seat: number, sig: string): SignatureCheck => ({
  publicKey: genesis.keys[seat] ?? new Uint8Array(32),
  message: signatureMessage('genesis', genesis.id),
  signature: fromHex(sig) ?? new Uint8Array(0),
});

/** Every seat must have signed the genesis before the first action. */
export async function checkGenesisSignatures(scheme: SignatureScheme, genesis: ParsedGenesis, sigs: readonly string[]): Promise<Result<true, Violation>> {
  if (sigs.length !== genesis.keys.length) return err(violation('BadGenesis', `the genesis needs ${genesis.keys.length} signatures, one per seat`));
  const good = await verifySignatures(scheme, sigs.map((s, seat) => genesisCheck(genesis, seat, s)));
  const bad = good.indexOf(false);
  return bad < 0 ? ok(true) : err(violation('BadSignature', `seat ${bad}'s signature of the genesis does not verify`, { seat: bad }));
}

/** Signs an entry at once with tweetnacl (Ed25519 is deterministic: the same bytes as any scheme). For tools and tests. */
export function signEntrySync(keys: KeyPair, entry: Entry): ParsedEntry {
  const text = makeEntryText(entry);
  const id = entryId(text);
  return { text, sig: toHex(nacl.sign.detached(signatureMessage('entry', id), keys.secretKey)), entry, id };
}

/** Signs an echo at once with tweetnacl. */
export function signEchoSync(keys: KeyPair, echo: Echo): SignedEcho {
  const text = makeEchoText(echo);
  return { text, sig: toHex(nacl.sign.detached(signatureMessage('echo', echoId(text)), keys.secretKey)) };
}
