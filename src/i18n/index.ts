import { resolveTemplate, translator } from '@solid-primitives/i18n';
import { createSignal } from 'solid-js';
import { type Language, isLanguage } from '../display/index.js';
import { en } from './en.js';
import { fr } from './fr.js';

export type { Dictionary } from './en.js';
import type { Dictionary } from './en.js';
export type Key = keyof Dictionary;

const DICTIONARIES: Readonly<Record<Language, Dictionary>> = { en, fr };
const STORAGE_KEY = 'bfe.language';

function initialLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage refused (private mode): fall through
  }
  const nav = globalThis.navigator?.language ?? 'en';
  return nav.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

const [language, setLanguageSignal] = createSignal<Language>(initialLanguage());

/** The language every text is shown in; switchable at any time, remembered in localStorage. */
export { language };

export function setLanguage(lang: Language): void {
  setLanguageSignal(lang);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered, still switched
  }
  if (globalThis.document) document.documentElement.lang = lang;
}

/** t('key', { name: value }): the text in the current language, {{name}} filled in. Reactive. */
export const t = translator(() => DICTIONARIES[language()], resolveTemplate);

/** The text of `key` in a given language (for tests and non-reactive callers). */
export const textIn = (lang: Language, key: Key, args?: Record<string, string | number>): string => resolveTemplate(DICTIONARIES[lang][key], args);

export { DICTIONARIES };
