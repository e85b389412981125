import { hexKey } from '../../hex/index.js';
import { ruleError } from '../../core/errors.js';
import type { Option } from '../../core/options.js';
import { err, ok } from '../../core/result.js';
import type { DecisionRules } from '../../core/stages.js';
import { hasRequests, nextDeclarer, vassalSites } from '../days.js';
import { go } from '../phase.js';
import { requestError, requestOptions, passiveVacate, vacate, vacateSites } from '../requests.js';
import { withTerritories } from '../territory.js';

import { one, act, seatOf, hex, firstPassive, doneRule } from './common.js';

// ---------------------------------------------------------------- L8, L9: vassals' troops and requests

export const vassalTroopsStage: DecisionRules<'vassalTroops'> = {
  expects: { rule: 'L8', text: 'place your new troops' },
  awaits: (_s, stage) => seatOf(stage.seat),
  actions: {
    placeTroops: {
      apply: (state, stage, a, emit) => {
        const key = hexKey(a.at);
        if (!vassalSites(state, a.seat).includes(key))
          return err(ruleError('NotConnected', 'S4', 'a vassal places his troops on a territory he controls, connected to his and his suzerain\'s portals'));
        const t = state.territories[key]!;
        emit({ kind: 'newTroops', seat: a.seat, at: a.at, count: stage.troops });
        return ok(go(withTerritories(state, { [key]: { ...t, troops: t.troops + stage.troops } }), stage.then));
      },
      options: (state, _stage, seat) => vassalSites(state, seat).map((k) => one({ kind: 'placeTroops', seat, at: hex(k) })),
    },
  },
  passive: (state, stage, seat) => firstPassive(vassalTroopsStage.actions.placeTroops.options(state, stage, seat)),
};

export const requestsStage: DecisionRules<'requests'> = {
  expects: { rule: 'L9', text: 'make a request to a vassal or pass' },
  awaits: (_s, stage) => seatOf(stage.turn),
  actions: {
    request: {
      apply: (state, stage, a, emit) => {
        const request = { suzerain: a.seat, vassal: a.vassal, at: hexKey(a.at), from: hexKey(a.from), count: a.count };
        const bad = requestError(state, request);
        if (bad) return err(bad);
        emit({ kind: 'requestMade', suzerain: a.seat, vassal: a.vassal, at: a.at, from: a.from, count: a.count });
        return ok(go(state, { kind: 'vacate', request, left: stage.left }));
      },
      options: (state, _stage, seat) =>
        requestOptions(state, seat).map(({ vassal, at, from, max }): Option => ({
          kind: 'count',
          action: { kind: 'request', seat, vassal, at: hex(at), from: hex(from), count: 1 },
          min: 1,
          max,
          except: null,
        })),
    },
    done: doneRule<'requests'>('requests', nextDeclarer),
  },
  passive: (_s, _stage, seat) => act({ kind: 'done', seat }),
  enter: (state, stage) => {
    if (stage.left <= 0) return go(state, { kind: 'endDay' });
    return hasRequests(state, stage.turn) ? null : go(state, nextDeclarer(state, stage));
  },
};

export const vacateStage: DecisionRules<'vacate'> = {
  expects: { rule: 'L9', text: 'move your troops off the requested territory' },
  awaits: (_s, stage) => seatOf(stage.request.vassal),
  actions: {
    vacate: {
      apply: (state, stage, a, emit) => {
        const r = vacate(state, stage.request, hexKey(a.to), emit);
        return r.ok ? ok(go(r.value, { kind: 'requests', turn: stage.request.suzerain, left: stage.left })) : r;
      },
      options: (state, stage, seat) => vacateSites(state, stage.request.vassal, stage.request.at).map((k) => one({ kind: 'vacate', seat, to: hex(k) })),
    },
  },
  passive: (state, stage, seat) => act({ kind: 'vacate', seat, to: hex(passiveVacate(state, stage.request)) }),
};

export const overStage: DecisionRules<'over'> = {
  expects: { rule: 'A2', text: 'the game is over' },
  awaits: () => ({ kind: 'over' }),
  actions: {},
  passive: () => null,
};
