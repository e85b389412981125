import { describe, expect, it } from 'vitest';
import { agentStream, randomAgent } from '../../engine/index.js';
import { playProtocolGame, verifyReplay, writeReplay } from '../../engine/protocol/index.js';

describe('smoke', () => {
  it('plays a 3-player game', async () => {
    const setup = { players: [{ colour: 'forest', civilisation: 'elves' }, { colour: 'mountain', civilisation: 'dwarves' }, { colour: 'lake', civilisation: 'tritons' }], firstSeat: 0 } as const;
    const t = performance.now();
    const g = await playProtocolGame(setup as never, 'x', [0, 1, 2].map((s) => randomAgent(agentStream('x', s))), {});
    console.log(g.run, JSON.stringify(g.outcome), g.replay.log.length, g.table.network.delivered, (performance.now() - t).toFixed(0), 'ms');
    await writeReplay('/tmp/smoke.json', g.replay);
    await writeReplay('/tmp/smoke.json.gz', g.replay);
    const v = await verifyReplay(g.replay);
    console.log(JSON.stringify(v).slice(0, 600));
    const v2 = await verifyReplay(g.replay, { mode: 'full' });
    console.log(JSON.stringify(v2).slice(0, 300));
    expect(v.valid).toBe(true);
  });
});
