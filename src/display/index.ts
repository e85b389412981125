// Display data: how the game's words and colours are shown to people (DOM-free: scripts import it too).
export { LANGUAGES, type Language, isLanguage, TERRAIN, type TerrainStyle, HEART_STYLE, inkOn, tint, contrastRatio, luminance } from './terrain.js';
export { playerNumber, playerName, playerLabel, playerShort, CIVILISATION_NAME } from './players.js';
export { CIVILISATION_TERRAIN } from './civilisations.js';
