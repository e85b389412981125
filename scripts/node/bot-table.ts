/**
 * Tables of bots over the real mesh, for tests and benchmarks: the mesh timing of a loopback
 * network, and the genesis of a bots' game signed by every seat with Node's crypto.
 */
import { checkGenesisSignatures, DEFAULT_SETTINGS, makeGenesisText, type ParsedGenesis, parseGenesisText, type ProtocolSettings, type SeatSecrets, signGenesis, type SignatureScheme } from '../../engine/protocol/index.js';
import { makeGenesis, simSecrets, simSetup } from '../../engine/protocol/sim/index.js';
import type { MeshTiming } from '../../src/net/mesh.js';
import { nodeScheme, useNodeCrypto } from './crypto.js';

/** Mesh timing for a loopback network: a lost or slow peer is noticed within seconds. */
export const FAST_TIMING: Partial<MeshTiming> = { heartbeatMs: 250, slowMs: 1000, lostMs: 4000, awayMs: 8000, connectTimeoutMs: 4000, maxRetryMs: 1000, knockMs: 800 };

export interface Genesis {
  readonly genesis: ParsedGenesis;
  readonly signatures: readonly string[];
  readonly secrets: readonly SeatSecrets[];
  readonly scheme: SignatureScheme;
}

/** The genesis of a bots' game, signed by every seat (the lobby does the same from its document). */
export async function botGenesis(players: number, seed: string, settings: Partial<ProtocolSettings>): Promise<Genesis> {
  await useNodeCrypto();
  const scheme = (await nodeScheme())!;
  const full: ProtocolSettings = { ...DEFAULT_SETTINGS, ...settings };
  const secrets = Array.from({ length: players }, (_, s) => simSecrets(seed, s, full.beaconLength));
  const parsed = parseGenesisText(makeGenesisText(makeGenesis(`net-${seed}`, simSetup(players), secrets, full)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const signatures = await Promise.all(secrets.map((s) => signGenesis(scheme, s.keys, parsed.value)));
  const checked = await checkGenesisSignatures(scheme, parsed.value, signatures);
  if (!checked.ok) throw new Error(checked.error.message);
  return { genesis: parsed.value, signatures, secrets, scheme };
}
