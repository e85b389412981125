export { type Hex, type HexKey, hex, hexKey, parseHexKey, hexEquals, hexAdd, hexScale } from './coords.js';
export { DIRECTIONS, DIRECTION_INDICES, type Direction, opposite, neighbour, neighbours, directionTo } from './directions.js';
export { distance } from './distance.js';
export { ring, spiral } from './ring.js';
export { hexRound } from './round.js';
export { hexToPixel, pixelToHex } from './pixel.js';
