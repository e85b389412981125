import type { Civilisation, Colour, Seat } from '../../engine/index.js';
import { type Language, TERRAIN } from './terrain.js';

/**
 * How a person reads a seat: "Player 3" / "Joueur 3" (seat index + 1) with the glyph of his
 * colour, everywhere a person reads (page, log, simulator, verifier). Machines keep `seat` (0-based).
 */
const WORD: Readonly<Record<Language, string>> = { en: 'Player', fr: 'Joueur' };

export const playerNumber = (seat: Seat): number => seat + 1;
export const playerName = (seat: Seat, lang: Language = 'en'): string => `${WORD[lang]} ${playerNumber(seat)}`;
/** The name with the colour's glyph before it: "♣ Player 1". */
export const playerLabel = (seat: Seat, colour: Colour, lang: Language = 'en'): string => `${TERRAIN[colour].glyph} ${playerName(seat, lang)}`;
/** The short form for tight spots on the board: "P3" / "J3". */
export const playerShort = (seat: Seat, lang: Language = 'en'): string => `${WORD[lang][0]}${playerNumber(seat)}`;

export const CIVILISATION_NAME: Readonly<Record<Civilisation, Readonly<Record<Language, string>>>> = {
  elves: { en: 'Elves', fr: 'Elfes' },
  dwarves: { en: 'Dwarves', fr: 'Nains' },
  necromancers: { en: 'Necromancers', fr: 'Nécromanciens' },
  miners: { en: 'Miners', fr: 'Mineurs' },
  druids: { en: 'Druids', fr: 'Druides' },
  tritons: { en: 'Tritons', fr: 'Tritons' },
};
