import { actionsPerSecond } from './conquest.js';
import { mapCreationsPerSecond } from './map.js';
import { loadNativeHash } from '../engine/protocol/index.js';
await loadNativeHash();
console.log(process.argv[2] === 'map' ? mapCreationsPerSecond(4).value : actionsPerSecond(4000).value);
