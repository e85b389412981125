import type { TileColour } from '../../engine/index.js';

/** The two languages of every text a person reads. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (x: unknown): x is Language => x === 'en' || x === 'fr';

export interface TerrainStyle {
  /**
   * The six terrains stay tellable apart with the common colour blindnesses: Okabe-Ito, but for
   * the mountains, brown where Okabe-Ito has a second blue (its blue and sky blue, two shades of
   * one hue, blended on small pieces). test/ui/palette.test.ts holds the palette to it.
   */
  readonly rgb: string;
  /** Drawn beside or on the colour wherever it shows, so that colour never carries meaning alone. */
  readonly glyph: string;
  /** One letter for terminals and compact labels. */
  readonly letter: string;
  readonly name: Readonly<Record<Language, string>>;
}

/** How each tile colour is shown: the six terrains and black (barren land). */
export const TERRAIN: Readonly<Record<TileColour, TerrainStyle>> = {
  forest: { rgb: '#009E73', glyph: '♣', letter: 'F', name: { en: 'forest', fr: 'forêt' } },
  mountain: { rgb: '#6F4E37', glyph: '▲', letter: 'M', name: { en: 'mountains', fr: 'montagnes' } },
  lake: { rgb: '#56B4E9', glyph: '≈', letter: 'L', name: { en: 'lakes', fr: 'lacs' } },
  plain: { rgb: '#E69F00', glyph: '∴', letter: 'P', name: { en: 'plains', fr: 'plaines' } },
  desert: { rgb: '#F0E442', glyph: '◌', letter: 'D', name: { en: 'desert', fr: 'désert' } },
  marsh: { rgb: '#CC79A7', glyph: '✣', letter: 'S', name: { en: 'marshes', fr: 'marais' } },
  black: { rgb: '#1A1A1A', glyph: '■', letter: 'B', name: { en: 'barren land', fr: 'terre stérile' } },
};

/** The Heart of Eden: pearl with the one Okabe-Ito colour no terrain uses (vermillion) as its rim. */
export const HEART_STYLE = { fill: '#F7F4EC', rim: '#D55E00', glyph: '♥', name: { en: 'Heart of Eden', fr: "Cœur d'Éden" } } as const;

/** WCAG relative luminance of a #rgb or #rrggbb colour. */
export function luminance(rgb: string): number {
  const digits = rgb.slice(1);
  const n = parseInt(digits.length === 3 ? digits.replace(/./g, '$&$&') : digits, 16);
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** Black or white, whichever reads better on `rgb` (WCAG contrast). */
export const inkOn = (rgb: string): '#000' | '#fff' => (contrastRatio(rgb, '#000') >= contrastRatio(rgb, '#fff') ? '#000' : '#fff');

/** `rgb` mixed toward white by `amount` (0..1), as #rrggbb. */
export function tint(rgb: string, amount: number): string {
  const n = parseInt(rgb.slice(1), 16);
  const mix = (c: number): number => Math.round(c + (255 - c) * amount);
  const out = (mix((n >> 16) & 255) << 16) | (mix((n >> 8) & 255) << 8) | mix(n & 255);
  return `#${out.toString(16).padStart(6, '0')}`;
}
