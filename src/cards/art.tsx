import type { JSX } from 'solid-js';
import type { Civilisation, CommonCard, Technology, UnitRank } from '../../engine/index.js';

/**
 * The drawings of a card's picture, as small SVG shapes on a 24×24 grid (no image files): a glyph
 * per unit type, an emblem per civilisation, and a glyph per common card and technology. Each is
 * drawn in `currentColor`, so the card's colours come from its CSS. A record over each vocabulary,
 * so that a rank, civilisation or card added to the engine without its drawing does not compile.
 */

type Shape = () => JSX.Element;

/** One glyph per unit type: the more a unit costs, the more the glyph says so. */
export const RANK_GLYPH: Readonly<Record<UnitRank, Shape>> = {
  // A single chevron: the rank and file.
  basic: () => <path d="M5 16 L12 9 L19 16" fill="none" stroke="currentColor" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round" />,
  // A sword.
  warrior: () => (
    <g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
      <path d="M6.5 17.5 L18 6 L18.5 5.5" />
      <path d="M8 12.5 L11.5 16" />
      <path d="M6.5 17.5 L4.5 19.5" />
    </g>
  ),
  // A shield.
  greater: () => <path d="M12 3 L19 6 V12 C19 16 16 19 12 21 C8 19 5 16 5 12 V6 Z" fill="currentColor" />,
  // A crosshair: a unit whose worth is in what it does.
  tactical: () => (
    <g fill="none" stroke="currentColor" stroke-width="2">
      <circle cx="12" cy="12" r="6.5" />
      <path d="M12 2.5 V8 M12 16 V21.5 M2.5 12 H8 M16 12 H21.5" stroke-linecap="round" />
    </g>
  ),
  // A crown.
  champion: () => <path d="M4 18 V8 L8.5 12.5 L12 5.5 L15.5 12.5 L20 8 V18 Z" fill="currentColor" />,
  // A star.
  immortal: () => <path d="M12 2.5 L14.8 9 L21.5 9.4 L16.3 13.7 L18 20.5 L12 16.7 L6 20.5 L7.7 13.7 L2.5 9.4 L9.2 9 Z" fill="currentColor" />,
};

/** One emblem per civilisation. */
export const CIVILISATION_EMBLEM: Readonly<Record<Civilisation, Shape>> = {
  // A leaf.
  elves: () => (
    <g>
      <path d="M4.5 19.5 C4.5 10.5 10.5 4.5 20 4 C19.5 13.5 13.5 19.5 4.5 19.5 Z" fill="currentColor" />
      <path d="M5 19 L14 10" stroke="var(--card-paper, #fff)" stroke-width="1.3" fill="none" />
    </g>
  ),
  // A hammer.
  dwarves: () => (
    <g fill="currentColor">
      <rect x="4" y="4.5" width="14" height="6" rx="1" />
      <rect x="10" y="10" width="2.6" height="10.5" rx="1" />
    </g>
  ),
  // A skull.
  necromancers: () => (
    <g>
      <path d="M12 3 C7 3 4 6.5 4 11 C4 14 6 16 8 16.5 V20.5 H16 V16.5 C18 16 20 14 20 11 C20 6.5 17 3 12 3 Z" fill="currentColor" />
      <circle cx="9" cy="11" r="2" fill="var(--card-paper, #fff)" />
      <circle cx="15" cy="11" r="2" fill="var(--card-paper, #fff)" />
    </g>
  ),
  // A pickaxe.
  miners: () => (
    <g fill="currentColor">
      <path d="M3.5 9 C7.5 4.5 16.5 4.5 20.5 9 L17.5 9.5 C15.5 7.5 8.5 7.5 6.5 9.5 Z" />
      <rect x="11" y="7" width="2.2" height="14" rx="1" />
    </g>
  ),
  // A tree.
  druids: () => <path d="M12 2.5 C8 2.5 5 5.5 5 9.5 C5 13 8 15 11 15 V21 H13 V15 C16 15 19 13 19 9.5 C19 5.5 16 2.5 12 2.5 Z" fill="currentColor" />,
  // A trident.
  tritons: () => (
    <g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
      <path d="M12 3.5 V21" />
      <path d="M6 5 V10 C6 12.5 8.5 13.5 12 13.5 C15.5 13.5 18 12.5 18 10 V5" />
    </g>
  ),
};

const gem = (): JSX.Element => (
  <g fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round">
    <path d="M8 4 H16 L20 9 L12 20.5 L4 9 Z" />
    <path d="M4 9 H20 M12 20.5 L9 9 L12 4 L15 9 Z" />
  </g>
);

/** One glyph per common card: the crystals a gem, Favourable Ground a hill, Opportunity a spark. */
export const COMMON_GLYPH: Readonly<Record<CommonCard, Shape>> = {
  crystal1: gem,
  crystal2: gem,
  crystal3: gem,
  terrain: () => <path d="M2.5 19 L9 8.5 L13 14.5 L16 10.5 L21.5 19 Z" fill="currentColor" />,
  opportunity: () => <path d="M12 2.5 L14 10 L21.5 12 L14 14 L12 21.5 L10 14 L2.5 12 L10 10 Z" fill="currentColor" />,
};

/** One glyph per technology. */
export const TECHNOLOGY_GLYPH: Readonly<Record<Technology, Shape>> = {
  shield: () => (
    <g>
      <path d="M12 3 L19 6 V12 C19 16 16 19 12 21 C8 19 5 16 5 12 V6 Z" fill="currentColor" />
      <path d="M13 7 L9.5 12.5 H12.5 L11 17 L14.5 11.5 H11.5 Z" fill="var(--card-paper, #fff)" />
    </g>
  ),
  overcharged: () => (
    <g>
      {gem()}
      <path d="M13 9.5 L10.5 13.5 H12.5 L11.5 17 L14 13 H12 Z" fill="currentColor" />
    </g>
  ),
  stabiliser: () => (
    <g fill="none" stroke="currentColor" stroke-width="2">
      <ellipse cx="12" cy="12" rx="8" ry="9" />
      <ellipse cx="12" cy="12" rx="4" ry="5" />
    </g>
  ),
  amplifier: () => (
    <g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
      <circle cx="6" cy="12" r="1.8" fill="currentColor" />
      <path d="M10 8 C12 10.5 12 13.5 10 16" />
      <path d="M13.5 5.5 C17 9.5 17 14.5 13.5 18.5" />
      <path d="M17 3 C22 8.5 22 15.5 17 21" />
    </g>
  ),
  supremacy: () => <path d="M12 20.5 C6 16 3 12.5 3 8.8 C3 6 5 4 7.5 4 C9.5 4 11 5.2 12 7 C13 5.2 14.5 4 16.5 4 C19 4 21 6 21 8.8 C21 12.5 18 16 12 20.5 Z" fill="currentColor" />,
};

/** A drawing on the 24×24 grid, sized by CSS; `label` names it for screen readers (the card's words say it too). */
export function Glyph(props: { shape: Shape; class?: string; label?: string; data?: string }) {
  return (
    <svg class={`glyph ${props.class ?? ''}`} viewBox="0 0 24 24" role={props.label ? 'img' : undefined} aria-label={props.label} aria-hidden={props.label ? undefined : 'true'} data-glyph={props.data}>
      {props.shape()}
    </svg>
  );
}
