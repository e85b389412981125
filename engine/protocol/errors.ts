import type { Seat } from '../core/vocabulary.js';

/** Violations that only the seat named could have produced (its signature is on them): they name a cheater. */
const PROOFS = ['NotYourTurn', 'WrongItem', 'IllegalAction', 'BadLink', 'BadClaim', 'BadOpening', 'BadFinal', 'Equivocation', 'Diverged', 'Contradiction'] as const;

/**
 * Why the protocol refuses something. Codes are stable identifiers; `message` explains to a person.
 * The proof codes can only come from a seat's own signature: they name a cheater.
 */
export const VIOLATION_CODES = [
  // Shape: anyone could send these, they name no seat.
  'Malformed',
  'Oversized',
  'WrongVersion',
  'WrongGame',
  'BadKey',
  'BadSignature',
  'Stale',
  'WrongPrev',
  'Superseded',
  /** A seat sent more than a peer holds for one seat (entries awaiting a verdict, echoes): refused, nothing else changes. */
  'Flood',
  /** The engine threw: a bug in the rules, not a seat's fault. */
  'EngineError',
  // Proof: signed by the seat named.
  ...PROOFS,
  // Replay files only.
  'Truncated',
  'BadGenesis',
] as const;
export type ViolationCode = (typeof VIOLATION_CODES)[number];

export const PROOF_CODES: readonly ViolationCode[] = PROOFS;

export interface Violation {
  readonly code: ViolationCode;
  readonly message: string;
  /** The seat the entry names (for proof codes: the cheater). */
  readonly seat?: Seat;
  /** The log position concerned. */
  readonly seq?: number;
  /** For IllegalAction: the engine's rule error code. */
  readonly rule?: string;
}

export const violation = (code: ViolationCode, message: string, where: { seat?: Seat; seq?: number; rule?: string } = {}): Violation => ({
  code,
  message,
  ...where,
});
