/**
 * What a networked test needs, all on loopback and started by the test: a TURN relay and the
 * one-port server of `npm start` (scripts/node/net-servers.ts, shared with bench/).
 */
import { browserRequired } from '../../browser/support.js';
import { NO_TURN, turnInstalled } from './turn.js';

export { type NetServers, startNetServers } from '../../../scripts/node/net-servers.js';

export const skipNet = !turnInstalled() && !browserRequired();
if (skipNet) console.warn(NO_TURN);
