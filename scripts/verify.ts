/**
 * Verifies a replay file offline (docs/replay-format.md): re-runs the whole game and checks every
 * signature, commitment, beacon link, state hash and rule.
 *
 *   npm run verify -- FILE [--json] [--full] [--nacl]
 *
 * Prints the verdict (docs/replay-format.md, "Verifying") and a summary, or the first violation,
 * and exits with the verdict's status: 0 valid (a complete match signed by every seat still in
 * the game), 3 minority (complete, but an absence was settled without a strict majority), 4
 * incomplete (no violation, but no close or missing final signatures), 5 cheat (a violation signed
 * by a seat, proven), 1 invalid (the first violation named); 2 for bad usage, 70 an internal error.
 * --json prints the same as JSON, with `verdict` and `exit` at the top. --full checks every signature even when the final signatures cover them; --nacl uses tweetnacl only
 * (its Ed25519 and its SHA-512), as a page without WebCrypto would.
 */
import { naclScheme, useReferenceHash, VERDICT_EXIT, verdictOf, verifyReplay, type Failure, type Summary, type VerifyResult } from '../engine/protocol/index.js';
import { seatName } from '../engine/index.js';
import { CIVILISATION_NAME, playerLabel, TERRAIN } from '../src/display/index.js';
import { useNodeCrypto } from './node/crypto.js';
import { readReplay } from './node/replay-file.js';

const USAGE = 'usage: npm run verify -- FILE [--json] [--full] [--nacl]';

function formatFailure(f: Failure): string {
  const where = [f.entry !== null ? `entry ${f.entry}` : f.element === null ? 'file' : null, f.element !== null ? `element ${f.element}` : null, f.seat !== null ? seatName(f.seat) : null]
    .filter(Boolean)
    .join(', ');
  return `invalid\n${where}: ${f.code}: ${f.message}`;
}

function formatSummary(s: Summary): string {
  return [
    s.verdict,
    `game: ${s.game}`,
    `players: ${s.players.map((p) => `${playerLabel(p.seat, p.colour)} (${TERRAIN[p.colour].name.en}, ${CIVILISATION_NAME[p.civilisation].en})`).join('; ')}`,
    `ended: ${s.ended}`,
    `reached: ${s.phase}${s.day !== null ? `, day ${s.day}` : ''}`,
    `log: ${s.elements} elements, ${s.entries} signed entries`,
    `signatures checked: ${s.signaturesChecked} (${s.mode === 'fast' ? 'the final signatures cover the rest' : 'one per entry'})`,
    `final state: ${s.finalState}`,
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const files = argv.filter((a) => !a.startsWith('--'));
  const unknown = [...flags].filter((f) => !['--json', '--full', '--nacl'].includes(f));
  if (files.length !== 1 || unknown.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const json = flags.has('--json');
  if (flags.has('--nacl')) useReferenceHash();
  else await useNodeCrypto();
  const read = await readReplay(files[0]!);
  const result: VerifyResult = read.ok
    ? await verifyReplay(read.value, { mode: flags.has('--full') ? 'full' : 'fast', ...(flags.has('--nacl') ? { scheme: naclScheme } : {}) })
    : { valid: false as const, failure: { entry: null, element: null, seat: null, code: read.error.code, message: read.error.message } };
  const verdict = verdictOf(result);
  const exit = VERDICT_EXIT[verdict];
  if (json) console.log(JSON.stringify({ verdict, exit, ...result }, null, 2));
  else console.log(result.valid ? formatSummary(result.summary) : formatFailure(result.failure));
  return exit;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`verify: internal error: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(70);
  },
);
