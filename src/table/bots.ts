import {
  type GameState,
  type Seat,
  type SeatAction,
  type Vault,
  RandomStream,
  hashText,
  legalOptions,
} from '../../engine/index.js';
import { greedyAgent, randomAgent } from '../../engine/agents/index.js';

/**
 * The engine's current agents as one bot: random legal choices while the map is built (varied
 * maps), greedy ones in the conquest. It sees what its seat may see: the public state and its
 * own vault. Its randomness comes from its vault and the position, so it is private and repeatable.
 */
export function chooseBotAction(state: GameState, seat: Seat, vault: Vault): SeatAction {
  const options = legalOptions(state, seat, vault);
  if (options.length === 0) throw new Error(`bot: seat ${seat} has no legal action`);
  const stream = new RandomStream(hashText(`bfe/ui/bot/${vault.key}/${state.seq}`));
  const agent = state.phase.name === 'conquest' ? greedyAgent() : randomAgent(stream);
  return agent(state, seat, options, vault);
}

/** The engine's greedy choice among the seat's legal options: an online bot's, and a person's "let the bot play it". */
export function chooseGreedyAction(state: GameState, seat: Seat, vault: Vault): SeatAction {
  const options = legalOptions(state, seat, vault);
  if (options.length === 0) throw new Error(`bot: seat ${seat} has no legal action`);
  return greedyAgent()(state, seat, options, vault);
}
