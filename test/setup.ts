// Every test runs with states deep-frozen: code that mutates an engine state fails at once.
import { setFreezeStates } from '../engine/core/freeze.js';

setFreezeStates(true);

// Node's native SHA-512 and Ed25519, as the command-line tools use them; component tests in
// happy-dom keep the browser's defaults (SubtleCrypto, tweetnacl).
if (typeof window === 'undefined') await (await import('../scripts/node/crypto.js')).useNodeCrypto();

// The page fetches its French texts on demand (src/i18n: their own chunk); tests switch
// languages at once (setLanguage('fr') then read the page), so French is loaded before any test.
await (await import('../src/i18n/index.js')).loadLanguage('fr');
