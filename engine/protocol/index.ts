// Trustless play (docs/protocol.md): the protocol between peers and the replay verifier.
export { PROTOCOL, useFasterHash, useReferenceHash } from './crypto/digest.js';
export {
  type KeyPair,
  type SignatureCheck,
  type SignatureScheme,
  keyPairFromSeed,
  signatureMessage,
  verifySignatures,
  naclScheme,
  subtleScheme,
  selfTest,
  jwk,
  bestScheme,
  useScheme,
} from './crypto/signature.js';
export { type Violation, violation } from './errors.js';
export { type Genesis, type ParsedGenesis, type ProtocolSettings, type SeatIdentity, DEFAULT_SETTINGS, makeGenesisText, parseGenesisText } from './codec/genesis.js';
export { type SignedEntry } from './codec/entry.js';
export { makeMessage, parseMessage, MAX_FETCH, wireBytes } from './codec/wire.js';
export { type SeatSecrets, makeSeatSecrets, seatIdentity } from './crypto/secrets.js';
export { signGenesis, genesisCheck, checkGenesisSignatures } from './crypto/signing.js';
export {
  type End,
  type Absence,
} from './log/chain.js';
export { type PeerAgent, type Outcome } from './peer/state.js';
export { makePeerSession } from './peer/session.js';
export { type Replay, type Evidence, makeReplayText, parseReplayText } from './codec/replay.js';
export { verifyReplay, type VerifyResult, type Summary, type Failure, type Ending, type Verdict, VERDICT_EXIT, verdictOf } from './verify/verify.js';
export { decodeReplay, decodeReplayText, InflateLimitError, type Inflate } from './codec/replay-bytes.js';
export { REPLAY_LIMITS } from './codec/replay-limits.js';
export { engineInputs, elementInputs } from './log/inputs.js';
export { startFollower, type Follower, type FollowerView } from './verify/follow.js';
