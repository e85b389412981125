// Every test runs with states deep-frozen: code that mutates an engine state fails at once.
import {
  setFreezeStates,
} from '../engine/index.js';

setFreezeStates(true);
