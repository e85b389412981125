// Trustless play (docs/protocol.md): the protocol between peers and the replay verifier.
export { PROTOCOL, TAGS, taggedDigest, digestText, useFasterHash, useReferenceHash, nativeHashLoaded } from './crypto/digest.js';
export { L, curve, type CurvePoint, hasCanonicalS, publicKeyProblem, type KeyProblem, rProblemByCurve, type RProblem, signatureRProblem, SMALL_ORDER_Y } from './crypto/ed25519.js';
export {
  type KeyPair,
  type SignatureCheck,
  type SignatureScheme,
  type SchemeName,
  keyPairFromSeed,
  signatureMessage,
  verifySignatures,
  verifySignature,
  meetsPinnedRule,
  naclScheme,
  subtleScheme,
  selfTest,
  jwk,
  bestScheme,
  useScheme,
} from './crypto/signature.js';
export { VIOLATION_CODES, PROOF_CODES, type Violation, type ViolationCode, violation } from './errors.js';
export { type Genesis, type ParsedGenesis, type ProtocolSettings, type SeatIdentity, DEFAULT_SETTINGS, SETTING_BOUNDS, makeGenesisText, parseGenesisText, genesisId } from './codec/genesis.js';
export { type Entry, type Body, type BodyType, type Opening, type SignedEntry, type ParsedEntry, BODY_TYPES, makeEntryText, parseEntryText, parseSignedEntry, parseSigned, makeSignedEntry, entryId, PositionReader, claimRound, MAX_CLAIM_ROUND } from './codec/entry.js';
export { type Echo, makeEchoText, parseEchoText, echoId } from './codec/echo.js';
export { type WireMessage, type ParsedMessage, type SignedEcho, makeMessage, parseMessage, unparseMessage, MAX_FETCH, MAX_OPEN_ENTRY_BYTES, wireBytes } from './codec/wire.js';
export { type SeatSecrets, makeSeatSecrets, seatIdentity } from './crypto/secrets.js';
export { signEntry, signEcho, signEntrySync, signEchoSync, signGenesis, entryCheck, echoCheck, genesisCheck, checkGenesisSignatures } from './crypto/signing.js';
export { beaconStep, makeBeaconChain, isNextLink, beaconValue, linkIndex, type BeaconMark } from './log/beacon.js';
export { type ChoiceOpening, choiceCommitment, commitChoice, checkChoiceReveal } from './log/choice.js';
export { type PileView, hiddenPiles, refsToOpen, finalOpenings, openingsProblem } from './log/openings.js';
export { TABLE_KINDS, applyAbsence } from './log/rules.js';
export {
  type Chain,
  type Expectation,
  type End,
  type Absence,
  type ElementFailure,
  startChain,
  expectation,
  checkEntry,
  applyElement,
  checkFinals,
  claimedAbsent,
  seatsInGame,
  isMajority,
  type Settlement,
  elementHash,
  signaturesDigest,
  slotOf,
} from './log/chain.js';
export { assembleElement, completeClaimSets, itemsAgainstClaims, roundCanSettle, seatsToClaim } from './log/assemble.js';
export { stateDigest } from './log/state-digest.js';
export { type PeerAgent, type Outcome, RESUME_QUIET, STALL_TICKS, FUTURE_WINDOW, PAST_WINDOW, MAX_HELD_PER_SEAT, MAX_HELD_PER_POSITION, MAX_ECHOES_PER_SEAT } from './peer/state.js';
export { makePeerSession, type PeerSession, type PeerSessionConfig, type PeerView } from './peer/session.js';
export { step, likelyChecks, type PeerEvent, type StepResult } from './peer/step.js';
export { makeContext, initialState, awaitsAction, placeOf, replayOf, echoOf, afterDigest, type EchoDraft, type HistoryStep, type PeerContext, type PeerState } from './peer/state.js';
export { checkKey, NO_RESULTS, type Check, type CryptoResults, type Effect, type Needs } from './peer/draft.js';
export { type Replay, type Evidence, REPLAY_FORMAT, REPLAY_VERSION, makeReplayJson, makeReplayText, parseReplayJson, parseReplayText } from './codec/replay.js';
export { verifyReplay, describe as describeEnding, type VerifyOptions, type VerifyResult, type Summary, type Failure, type Ending, VERDICTS, type Verdict, VERDICT_EXIT, verdictOf, verdictOfEnding } from './verify/verify.js';
export { decodeReplay, decodeReplayText, InflateLimitError, isGzip, type Inflate, MAX_REPLAY_BYTES } from './codec/replay-bytes.js';
export { checkReplayText, REPLAY_LIMITS, type ReplayLimits } from './codec/replay-limits.js';
export { engineInputs, elementInputs } from './log/inputs.js';
export { readElement, stepElement, type Stepped } from './verify/element.js';
export { startFollower, FOLLOW_WINDOW, MAX_EVIDENCE_CHECKS, type Follower, type FollowerView, type Offered, type Refusal } from './verify/follow.js';
