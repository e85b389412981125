import { resolveTemplate } from '@solid-primitives/i18n';
import { createSignal } from 'solid-js';
import { type Language, isLanguage } from '../display/index.js';
import { en } from './en.js';

export type { Dictionary } from './en.js';
import type { Dictionary } from './en.js';
export type Key = keyof Dictionary;

const STORAGE_KEY = 'bfe.language';

/**
 * How each language's dictionary is fetched. French is its own chunk, imported only here and only
 * when wanted: an English page never downloads it (bench/ui.ts holds the page's JS to its budget,
 * test/table/mainThread.test.ts keeps fr.ts out of every static import).
 */
const LOADERS: Readonly<Record<Language, () => Promise<Dictionary>>> = {
  en: () => Promise.resolve(en),
  fr: () => import('./fr.js').then((m) => m.fr),
};

/** The dictionaries loaded so far. */
const loaded: Partial<Record<Language, Dictionary>> = { en };

/** Fetches the dictionary of `lang` once; later calls find it loaded. */
export async function loadLanguage(lang: Language): Promise<void> {
  loaded[lang] ??= await LOADERS[lang]();
}

/**
 * The dictionary of `lang` once loaded, English until then. The language shown (`language()`)
 * is always a loaded one, so this fallback only serves a caller that names a language itself.
 */
export const dictionary = (lang: Language): Dictionary => loaded[lang] ?? en;

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

const [language, setShown] = createSignal<Language>('en');
/** The language last asked for: a slow dictionary does not override a later choice. */
let wanted: Language = 'en';

/** The language every text is shown in: switchable at any time, remembered in localStorage; only ever one whose dictionary is loaded. */
export { language };

function show(lang: Language): void {
  setShown(lang);
  if (globalThis.document) document.documentElement.lang = lang;
}

/** Shows `lang`: at once if its dictionary is loaded, else once it is (the page keeps its language meanwhile, and if the fetch fails). */
function switchTo(lang: Language): Promise<void> {
  wanted = lang;
  if (loaded[lang]) {
    show(lang);
    return Promise.resolve();
  }
  return loadLanguage(lang).then(
    () => {
      if (wanted === lang) show(lang);
    },
    (e: unknown) => console.error(`The ${lang} texts could not be loaded; the page stays in ${language()}.`, e),
  );
}

/**
 * Settles once the page's first language is shown: the saved choice or the browser's. main.tsx
 * renders after it, so a French page shows French from its first text, never English first.
 */
export const languageReady: Promise<void> = switchTo(initialLanguage());

/** Switches every text to `lang` (fetching its dictionary the first time) and remembers the choice. */
export function setLanguage(lang: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered, still switched
  }
  return switchTo(lang);
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
  return form in dictionary(lang) ? (form as Key) : key;
}

/** The text of `key` in a given language, {{name}} filled in (for tests and non-reactive callers). */
export const textIn = (lang: Language, key: Key, args?: TextArgs): string => resolveTemplate(dictionary(lang)[formOf(lang, key, args)], args);

/** t('key', { name: value }): the text in the current language, {{name}} filled in, the plural form chosen by `count`. Reactive. */
export const t = (key: Key, args?: TextArgs): string => textIn(language(), key, args);

/** Whether `key` names a text (every text has an English form). */
export const isKey = (key: string): key is Key => key in en;
