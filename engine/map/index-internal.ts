// What the conquest reads of the map, in one place.
export { HEART, HEART_KEY, portalsOnMap, occupant } from './board.js';
export { isEnergyRich, energyRichTiles } from './energy.js';
