import { type GameState, type Seat, type SeatAction, type Vault, RandomStream, greedyAgent, hashText, legalActions, randomAgent } from '../../engine/index.js';

/**
 * The engine's current agents as one bot: random legal choices while the map is built (varied
 * maps), greedy ones in the conquest. It sees what its seat may see: the public state and its
 * own vault. Its randomness comes from its vault and the position, so it is private and repeatable.
 */
export function chooseBotAction(state: GameState, seat: Seat, vault: Vault): SeatAction {
  const legal = legalActions(state, seat, vault);
  if (legal.length === 0) throw new Error(`bot: seat ${seat} has no legal action`);
  const stream = new RandomStream(hashText(`bfe/ui/bot/${vault.key}/${state.seq}`));
  const agent = state.phase.name === 'conquest' ? greedyAgent() : randomAgent(stream);
  return agent(state, seat, legal, vault);
}
