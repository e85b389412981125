// Trustless play (docs/protocol.md): the protocol between peers and the replay verifier.
export { PROTOCOL, TAGS, taggedDigest, digestText, loadNativeHash, useReferenceHash, nativeHashLoaded } from './digest.js';
export { L, hasCanonicalS, publicKeyProblem, type KeyProblem } from './ed25519.js';
export {
  type KeyPair,
  type SignatureCheck,
  type SignatureScheme,
  type SchemeName,
  keyPairFromSeed,
  signatureMessage,
  verifySignatures,
  verifySignature,
  naclScheme,
  subtleScheme,
  nodeScheme,
  bestScheme,
} from './signature.js';
export { VIOLATION_CODES, PROOF_CODES, type Violation, type ViolationCode } from './errors.js';
export { type Genesis, type ParsedGenesis, type ProtocolSettings, type SeatIdentity, DEFAULT_SETTINGS, makeGenesisText, parseGenesisText, genesisId } from './genesis.js';
export { type Entry, type Body, type BodyType, type Opening, type SignedEntry, type ParsedEntry, BODY_TYPES, makeEntryText, parseEntryText, parseSignedEntry, parseSigned, makeSignedEntry, entryId, PositionReader, claimRound, MAX_CLAIM_ROUND } from './entry.js';
export { type Echo, makeEchoText, parseEchoText, echoId } from './echo.js';
export { type WireMessage, type ParsedMessage, type SignedEcho, makeMessage, parseMessage, unparseMessage } from './wire.js';
export { type SeatSecrets, makeSeatSecrets, seatIdentity } from './secrets.js';
export { signEntry, signEcho, signEntrySync, signEchoSync, signGenesis, entryCheck, echoCheck, genesisCheck, checkGenesisSignatures } from './signing.js';
export { beaconStep, makeBeaconChain, isNextLink, beaconValue, linkIndex, type BeaconMark } from './beacon.js';
export { type ChoiceOpening, choiceCommitment, commitChoice, checkChoiceReveal } from './choice.js';
export { type PileView, hiddenPiles, refsToOpen, finalOpenings, openingsProblem } from './openings.js';
export { TABLE_KINDS, applyAbsence } from './rules.js';
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
  elementHash,
  signaturesDigest,
  slotOf,
} from './chain.js';
export { assembleElement, roundCanSettle, seatsToClaim } from './assemble.js';
export { stateDigest } from './state-digest.js';
export { Peer, type PeerConfig, type PeerAgent, type Outcome } from './peer.js';
export { type Replay, type Evidence, REPLAY_FORMAT, REPLAY_VERSION, makeReplayJson, makeReplayText, parseReplayJson, parseReplayText } from './replay.js';
export { verifyReplay, describe as describeEnding, type VerifyOptions, type VerifyResult, type Summary, type Failure, type Ending } from './verify.js';
export { readReplay, writeReplay, decodeReplay, isGzip, MAX_REPLAY_BYTES } from './file.js';
export { Network, type Delivery, type Tamper, type NetworkOptions, type Table, type TableOptions, type PlayOptions, type ProtocolGame, setTable, playProtocolGame, makeGenesis, simSecrets } from './sim.js';
export { engineInputs } from './inputs.js';
