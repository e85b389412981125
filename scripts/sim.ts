/**
 * npm run sim -- --players N --seed S [--agent random|greedy] [--days D] [--out FILE] [--color]
 * npm run sim -- --replay FILE
 * Plays a whole game with random legal agents (or greedy ones) from map creation to victory, or
 * to a day cap; prints the map, a line per day and a summary. The same seed prints the same thing.
 * --out plays the same game again through the full protocol between in-process peers (signed log,
 * beacon, echoes, final signatures) and writes its replay file (docs/replay-format.md; gzip if the
 * name ends in .gz); --replay re-runs a replay file (or a plain log) to its final state hash.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  COLOURS,
  TILE_COLOURS,
  CIVILISATIONS,
  type GameSetup,
  type GameState,
  applyAction,
  energyRichTiles,
  newGame,
  portalsOnMap,
  seatSummaries,
  stateHash,
} from '../engine/index.js';
import { agentStream, playLocal, startLocalGame } from '../engine/local/index.js';
import { greedyAgent, randomAgent } from '../engine/agents/index.js';
import { engineInputs, verifyReplay } from '../engine/protocol/index.js';
import { playProtocolGame } from '../engine/protocol/sim/index.js';
import { useNodeCrypto } from './node/crypto.js';
import { readReplay, writeReplay } from './node/replay-file.js';
import { renderMap } from './ascii.js';
import { CIVILISATION_NAME, TERRAIN, playerLabel, playerName } from '../src/display/index.js';


function fail(message: string, code = 2): never {
  console.error(`sim: ${message}`);
  process.exit(code);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        players: { type: 'string', default: '4' },
        seed: { type: 'string', default: '1' },
        agent: { type: 'string', default: 'random' },
        days: { type: 'string', default: '60' },
        out: { type: 'string' },
        replay: { type: 'string' },
        color: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return fail(`${(e as Error).message}\nusage: npm run sim -- --players 2..6 --seed TEXT [--agent random|greedy] [--days N] [--out FILE] | --replay FILE`);
  }
})();

await useNodeCrypto();
if (values.replay) await replay(values.replay);
else await play();

async function play(): Promise<void> {
  const players = Number(values.players);
  if (!Number.isInteger(players) || players < 2 || players > 6) fail('--players must be an integer from 2 to 6');
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1) fail('--days must be a positive integer');
  if (values.agent !== 'random' && values.agent !== 'greedy') fail('--agent must be random or greedy');
  const seed = values.seed!;
  const setup: GameSetup = { players: COLOURS.slice(0, players).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };
  const agents = setup.players.map((_, seat) => (values.agent === 'greedy' ? greedyAgent() : randomAgent(agentStream(seed, seat))));
  const show = printer(days);

  if (values.out) {
    // Through the protocol: every seat a peer with its own keys, beacon chain and vault; the game shown is the one written.
    const game = await playProtocolGame(setup, seed, agents, { settings: { days, timer: null } });
    if (game.outcome.kind !== 'finished') return fail(`the protocol game did not finish: ${JSON.stringify(game.outcome)}`, 1);
    const created = newGame(setup);
    if (!created.ok) return fail(created.error.message, 1);
    let state = created.value;
    for (const input of engineInputs(game.replay)) {
      const next = applyAction(state, input);
      if (!next.ok) return fail(`the replay does not apply: ${next.error.message}`, 1);
      state = next.value;
      show(state);
    }
    await writeReplay(values.out, game.replay);
    summary(state, players, seed, days);
    const verdict = await verifyReplay(game.replay);
    console.log(`wrote ${values.out}: ${game.replay.log.length} log elements, ${verdict.valid ? 'verifies' : 'DOES NOT VERIFY'}; check it with npm run verify -- ${values.out}`);
    return;
  }
  const game = startLocalGame(setup, seed);
  playLocal(game, seed, agents, (s) => {
    show(s);
    return s.phase.name === 'conquest' && s.phase.day > days;
  });
  summary(game.state, players, seed, days);
}

/** Prints the map once the conquest starts, then a line at the start of each day up to the cap. */
function printer(days: number): (state: GameState) => void {
  let printedMap = false;
  let lastDay = 0;
  return (state) => {
    if (state.phase.name !== 'conquest') return;
    if (!printedMap) {
      printedMap = true;
      printMap(state);
    }
    const day = state.phase.day;
    if (day !== lastDay && day <= days && state.phase.stage.kind === 'moves') {
      lastDay = day;
      printDay(state);
    }
  };
}

function summary(state: GameState, players: number, seed: string, days: number): void {
  const phase = state.phase;
  const winner = phase.name === 'conquest' && phase.winner !== null ? `"${playerName(phase.winner)}"` : null;
  const day = phase.name === 'conquest' ? phase.day : 0;
  console.log(
    `\nplayers=${players} seed=${seed} agent=${values.agent} days=${Math.min(day, days)} ` +
      `${winner ? `winner=${winner}` : `no winner by day ${days}`} actions=${state.seq} hash=${stateHash(state).slice(0, 16)}`,
  );
}

function printMap(state: GameState): void {
  console.log(renderMap(state, values.color));
  const terrains = TILE_COLOURS.map((c) => `${TERRAIN[c].letter} ${TERRAIN[c].name.en}`).join(', ');
  console.log(`[Xm ttt:p] X terrain (${terrains}, H Heart of Eden, @ portal), m = * energy-rich, or the portal's player;`);
  console.log('          ttt:p = troops and their player, or the wild markers\' total (w)');
  for (const [seat, s] of state.seats.entries()) console.log(`  ${playerLabel(seat, s.colour)}: ${TERRAIN[s.colour].name.en}, ${CIVILISATION_NAME[s.civilisation].en}`);
  const kinds = state.seq;
  console.log(`map: ${Object.keys(state.map).length + portalsOnMap(state).length} tiles, ${energyRichTiles(state).length} energy-rich, ${kinds} actions\n`);
}

function printDay(state: GameState): void {
  if (state.phase.name !== 'conquest') return;
  const seats = seatSummaries(state)
    .map((s) => `${playerName(s.seat)}: ${s.territories}t ${s.troops}x ${s.energy}e ${s.pure}p${s.suzerain !== null ? ` vassal of ${playerName(s.suzerain)}` : ''}${s.forfeited ? ' forfeited' : ''}`)
    .join(' | ');
  console.log(`day ${String(state.phase.day).padStart(2)} first: ${playerName(state.phase.first)} | ${seats}`);
}

async function replay(file: string): Promise<void> {
  const read = await readReplay(file).catch((e: Error) => ({ ok: false as const, error: { message: e.message } }));
  if (read.ok) {
    const result = await verifyReplay(read.value);
    if (!result.valid) return fail(`${file}: ${JSON.stringify(result.failure)}`, 1);
    console.log(`replayed ${read.value.log.length} log elements to the same final state hash: ${JSON.stringify(result.summary)}`);
    return;
  }
  let data: { format?: string; setup?: unknown; log?: unknown[]; hash?: string };
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return fail(`cannot read ${file}: ${(e as Error).message}`, 1);
  }
  if (data.format !== 'bfe-log/1' || !Array.isArray(data.log)) return fail(`${file} is not a Battle For Eden game log (format bfe-log/1)`, 1);
  const created = newGame(data.setup as never);
  if (!created.ok) return fail(`${file}: bad setup: ${created.error.message}`, 1);
  let state = created.value;
  for (let i = 0; i < data.log.length; i++) {
    const next = applyAction(state, data.log[i]);
    if (!next.ok) return fail(`${file}: action ${i} refused: ${next.error.code} (${next.error.rule}): ${next.error.message}`, 1);
    state = next.value;
  }
  const hash = stateHash(state);
  if (hash !== data.hash) return fail(`${file}: replayed to ${hash}, the log says ${data.hash}`, 1);
  console.log(`replayed ${data.log.length} actions to the same state hash ${hash}`);
}
