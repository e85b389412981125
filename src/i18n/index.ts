import { resolveTemplate } from '@solid-primitives/i18n';
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

/** What a text's placeholders are filled with; a number `count` also chooses its plural form. */
export type TextArgs = Readonly<Record<string, string | number>>;

const PLURALS: Readonly<Record<Language, Intl.PluralRules>> = { en: new Intl.PluralRules('en'), fr: new Intl.PluralRules('fr') };

/**
 * The dictionary key of the form of `key` for `args.count`: `key_one` (and so on, by the
 * language's own rules: French says "0 troupe", English "0 troops") where the dictionary has that
 * form, else `key` itself, which is the general ("other") form.
 */
function formOf(lang: Language, key: Key, args: TextArgs | undefined): Key {
  const n = args?.['count'];
  if (typeof n !== 'number') return key;
  const form = `${key}_${PLURALS[lang].select(n)}`;
  return form in DICTIONARIES[lang] ? (form as Key) : key;
}

/** The text of `key` in a given language, {{name}} filled in (for tests and non-reactive callers). */
export const textIn = (lang: Language, key: Key, args?: TextArgs): string => resolveTemplate(DICTIONARIES[lang][formOf(lang, key, args)], args);

/** t('key', { name: value }): the text in the current language, {{name}} filled in, the plural form chosen by `count`. Reactive. */
export const t = (key: Key, args?: TextArgs): string => textIn(language(), key, args);

export { DICTIONARIES };
