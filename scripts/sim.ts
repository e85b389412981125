/**
 * npm run sim -- --players N --seed S [--color]
 * Plays map creation with random legal agents and prints the final map and a summary.
 * The same seed always prints the same thing.
 */
import { parseArgs } from 'node:util';
import {
  COLOURS,
  CIVILISATIONS,
  agentStream,
  energyRichTiles,
  playLocal,
  portalsOnMap,
  randomAgent,
  startLocalGame,
  stateHash,
} from '../engine/index.js';
import { renderMap } from './ascii.js';

function usage(message: string): never {
  console.error(`sim: ${message}\nusage: npm run sim -- --players 2..6 --seed TEXT [--color]`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({ options: { players: { type: 'string', default: '4' }, seed: { type: 'string', default: '1' }, color: { type: 'boolean', default: false } } });
  } catch (e) {
    return usage((e as Error).message);
  }
})();
const players = Number(values.players);
if (!Number.isInteger(players) || players < 2 || players > 6) usage('--players must be an integer from 2 to 6');
const seed = values.seed!;

const setup = { players: COLOURS.slice(0, players).map((colour, i) => ({ colour, civilisation: CIVILISATIONS[i]! })), firstSeat: 0 };
const game = startLocalGame(setup, seed);
playLocal(game, seed, game.vaults.map((_, seat) => randomAgent(agentStream(seed, seat))));

const state = game.state;
const kinds = (game.log as { kind: string }[]).map((a) => a.kind);
const count = (k: string) => kinds.filter((x) => x === k).length;
console.log(renderMap(state, values.color));
console.log('');
console.log('legend: [Xmtt] X terrain (F forest, M mountain, L lake, P plain, D desert, S marsh, B black, H Heart, @ portal),');
console.log('        m = * energy-rich or the portal\'s seat (a-f), tt = troops with owner seat (a-f) or wild markers\' total (w)');
const first = state.phase.name === 'conquest' ? state.phase.first : -1;
console.log(
  `players=${players} seed=${seed} tiles=${Object.keys(state.map).length + portalsOnMap(state).length} ` +
    `rich=${energyRichTiles(state).length} black-fallback=${count('placeBlack')} set-aside=${count('setAsideTile')} ` +
    `actions=${state.seq} first=${'abcdef'[first] ?? '-'} hash=${stateHash(state).slice(0, 16)}`,
);
