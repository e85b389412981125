import { TERRAIN, type Language } from '../display/index.js';
import { type Key, t } from '../i18n/index.js';
import type { MapChoice } from './mapTurn.js';
import type { PromptButton } from './PromptBar.js';

export interface MapPromptInput {
  readonly choice: NonNullable<MapChoice>;
  /** Who plays, in words ("♣ Player 1"). */
  readonly name: string;
  readonly lang: Language;
  /** The face-up tile was taken: its sites glow. */
  readonly faceUpTaken: boolean;
  readonly selected: boolean;
  readonly submit: (action: unknown) => void;
  readonly confirm: () => void;
  readonly takeFaceUp: () => void;
}

/** The prompt of a map-creation turn: what to do, in words, and its buttons (ui.md §3 "Tile"). */
export function mapPrompt(p: MapPromptInput): { text: string; buttons: PromptButton[] } {
  const c = p.choice;
  const tileName = (colour: keyof typeof TERRAIN): string => `${TERRAIN[colour].glyph} ${TERRAIN[colour].name[p.lang]}`;
  const confirmButton = (label: Key): PromptButton => ({ id: 'confirm', label: t(label), primary: true, disabled: !p.selected, onClick: p.confirm, key: 'Enter' });
  const player = p.name;
  switch (c.kind) {
    case 'take': {
      // Only what the engine offers: no draw from an empty pile, no face-up tile without a space for it.
      const faceUp = c.faceUp && c.faceUpSites.size > 0 ? c.faceUp : null;
      const buttons: PromptButton[] = [];
      if (c.draw) buttons.push({ id: 'draw', label: t('map.draw', { count: c.pileLeft }), primary: !p.faceUpTaken, onClick: () => p.submit(c.draw), key: 'D' });
      if (faceUp) buttons.push({ id: 'face-up', label: t('map.takeFaceUp', { tile: TERRAIN[faceUp].glyph }), onClick: p.takeFaceUp, key: 'U' });
      if (c.setAside) buttons.push({ id: 'set-aside', label: t('map.setAside'), onClick: () => p.submit(c.setAside) });
      if (p.faceUpTaken) buttons.push(confirmButton('map.placeTile'));
      if (p.faceUpTaken && faceUp) return { text: t('map.placeFaceUp', { player, tile: tileName(faceUp) }), buttons };
      const text = c.draw && faceUp ? t('map.take', { player }) : c.draw ? t('map.takeDraw', { player }) : faceUp ? t('map.takeFaceUpOnly', { player, tile: tileName(faceUp) }) : t('map.takeSetAside', { player });
      return { text, buttons };
    }
    case 'place': {
      const buttons = [confirmButton('map.placeTile')];
      if (c.setAside) buttons.push({ id: 'set-aside', label: t('map.setAside'), onClick: () => p.submit(c.setAside) });
      return { text: c.tile ? t('map.place', { player, tile: tileName(c.tile) }) : t('map.placeHidden', { player }), buttons };
    }
    case 'black':
      return { text: t('map.black', { player, count: c.owed }), buttons: [confirmButton('map.placeBlack')] };
    case 'portal': {
      const buttons: PromptButton[] = [];
      if (c.sites.size > 0) buttons.push(confirmButton(c.moving ? 'map.movePortal' : 'map.placePortal'));
      if (c.remove) buttons.push({ id: 'remove-portal', label: t('map.removePortal'), onClick: () => p.submit(c.remove) });
      if (c.done) buttons.push({ id: 'done', label: t('game.done'), onClick: () => p.submit(c.done) });
      const text = c.mandatory ? t('map.portalMust', { player }) : c.final ? t('map.portalFinal', { player }) : t('map.portal', { player });
      return { text, buttons };
    }
  }
}
