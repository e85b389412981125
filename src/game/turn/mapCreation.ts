import { type HexKey, type Option, type SeatAction, type TileColour, hexKey, tileOpening } from '../../../engine/index.js';
import { TERRAIN } from '../../display/index.js';
import { type Key, t } from '../../i18n/index.js';
import { seatWords } from '../conquest/options.js';
import { button } from './parts.js';
import type { Controller, Draft, Intent, MapControllers, StageView, TurnButton, TurnBase } from './types.js';

/**
 * Map creation by clicks (ui.md §3 "Tile"): draw or take the face-up tile, pick a glowing space,
 * Confirm (or a second click on it); a portal placed, moved or removed, then Done. Every choice
 * is one of the engine's legal options, grouped by the hex it goes on (like chessground's dests).
 */

const actionsOf = (options: readonly Option[], kind: SeatAction['kind']): SeatAction[] => options.flatMap((o) => (o.kind === 'one' && o.action.kind === kind ? [o.action] : []));
const first = (options: readonly Option[], kind: SeatAction['kind']): SeatAction | null => actionsOf(options, kind)[0] ?? null;

/** The placements offered, by the hex they go on. */
function sitesOf(options: readonly Option[], kind: SeatAction['kind']): ReadonlyMap<HexKey, SeatAction> {
  const out = new Map<HexKey, SeatAction>();
  for (const a of actionsOf(options, kind)) if ('at' in a) out.set(hexKey(a.at), a);
  return out;
}

const tileName = (ctx: TurnBase, colour: TileColour): string => `${TERRAIN[colour].glyph} ${TERRAIN[colour].name[ctx.lang]}`;

/** The board's part of a placement: the sites glow, the picked one is previewed with what Confirm would place there. */
function placement(sites: ReadonlyMap<HexKey, SeatAction>, draft: Draft, ghost: TileColour | null, label: Key): { view: Partial<StageView>; confirm: TurnButton } {
  const placing = (draft.picked && sites.get(draft.picked)) || null;
  const confirm = button('confirm', t(label), placing ? { send: [placing] } : {}, { primary: true, disabled: !placing, key: 'Enter' });
  return { view: { legal: new Set(sites.keys()), selected: draft.picked, ghost, placing }, confirm };
}

/** A click on a glowing space picks it; a second click on it confirms. */
function pickSite(sites: ReadonlyMap<HexKey, SeatAction>, draft: Draft, key: HexKey): Intent | null {
  const action = sites.get(key);
  if (!action) return null;
  return draft.picked === key ? { send: [action] } : { draft: { picked: key } };
}

/** M5: draw, or take the face-up tile (only what the engine offers: no draw from an empty pile, no face-up tile without a space for it). */
const faceUpSites = (ctx: TurnBase, draft: Draft): ReadonlyMap<HexKey, SeatAction> => (draft.faceUp ? sitesOf(ctx.options, 'placeTile') : new Map());
const take: Controller<'take'> = {
  view(ctx, draft) {
    if (ctx.options.length === 0) return null;
    const me = ctx.state.seats[ctx.seat]!;
    const player = seatWords(ctx.state, ctx.seat, ctx.lang);
    const draw = first(ctx.options, 'drawTile');
    const setAside = first(ctx.options, 'setAsideTile');
    const faceUp = me.faceUp && sitesOf(ctx.options, 'placeTile').size > 0 ? me.faceUp : null;
    const { view, confirm } = placement(faceUpSites(ctx, draft), draft, draft.faceUp ? me.faceUp : null, 'map.placeTile');
    const buttons: TurnButton[] = [];
    if (draw) buttons.push(button('draw', t('map.draw', { count: me.pile?.refs.length ?? 0 }), { send: [draw] }, { primary: !draft.faceUp, key: 'D' }));
    if (faceUp) buttons.push(button('face-up', t('map.takeFaceUp', { tile: TERRAIN[faceUp].glyph }), { draft: { faceUp: true } }, { key: 'U' }));
    if (setAside) buttons.push(button('set-aside', t('map.setAside'), { send: [setAside] }));
    if (draft.faceUp) buttons.push(confirm);
    const text =
      draft.faceUp && faceUp
        ? t('map.placeFaceUp', { player, tile: tileName(ctx, faceUp) })
        : draw && faceUp
          ? t('map.take', { player })
          : draw
            ? t('map.takeDraw', { player })
            : faceUp
              ? t('map.takeFaceUpOnly', { player, tile: tileName(ctx, faceUp) })
              : t('map.takeSetAside', { player });
    return { ...view, text, buttons };
  },
  pick: (ctx, draft, key) => pickSite(faceUpSites(ctx, draft), draft, key),
};

/** M6-M10, M16: place the tile drawn (seen by its drawer only), or set it aside when no space fits it. */
const place: Controller<'place'> = {
  view(ctx, draft) {
    if (ctx.options.length === 0) return null;
    const me = ctx.state.seats[ctx.seat]!;
    const player = seatWords(ctx.state, ctx.seat, ctx.lang);
    const tile = me.drawn && ctx.vault ? (tileOpening(ctx.vault, me.drawn, ctx.state)?.value ?? null) : null;
    const { view, confirm } = placement(sitesOf(ctx.options, 'placeTile'), draft, tile, 'map.placeTile');
    const setAside = first(ctx.options, 'setAsideTile');
    const buttons = setAside ? [confirm, button('set-aside', t('map.setAside'), { send: [setAside] })] : [confirm];
    return { ...view, text: tile ? t('map.place', { player, tile: tileName(ctx, tile) }) : t('map.placeHidden', { player }), buttons };
  },
  pick: (ctx, draft, key) => pickSite(sitesOf(ctx.options, 'placeTile'), draft, key),
};

/** M14: the black tiles owed, one at a time. */
const blacks: Controller<'blacks'> = {
  view(ctx, draft) {
    if (ctx.options.length === 0) return null;
    const { view, confirm } = placement(sitesOf(ctx.options, 'placeBlack'), draft, 'black', 'map.placeBlack');
    return { ...view, text: t('map.black', { player: seatWords(ctx.state, ctx.seat, ctx.lang), count: ctx.stage.owed }), buttons: [confirm] };
  },
  pick: (ctx, draft, key) => pickSite(sitesOf(ctx.options, 'placeBlack'), draft, key),
};

/** M11, M13, M15: place, move or remove the portal, then Done (no Done while it is mandatory). */
const portal: Controller<'portal' | 'finalRound'> = {
  view(ctx, draft) {
    if (ctx.options.length === 0) return null;
    const player = seatWords(ctx.state, ctx.seat, ctx.lang);
    const sites = sitesOf(ctx.options, 'placePortal');
    const moving = ctx.state.seats[ctx.seat]!.portal !== null;
    const { view, confirm } = placement(sites, draft, ctx.state.seats[ctx.seat]!.colour, moving ? 'map.movePortal' : 'map.placePortal');
    const remove = first(ctx.options, 'removePortal');
    const done = first(ctx.options, 'endTurn');
    const buttons: TurnButton[] = sites.size > 0 ? [confirm] : [];
    if (remove) buttons.push(button('remove-portal', t('map.removePortal'), { send: [remove] }));
    if (done) buttons.push(button('done', t('game.done'), { send: [done] }));
    const text = done === null ? t('map.portalMust', { player }) : ctx.stage.kind === 'finalRound' ? t('map.portalFinal', { player }) : t('map.portal', { player });
    return { ...view, text, buttons };
  },
  pick: (ctx, draft, key) => pickSite(sitesOf(ctx.options, 'placePortal'), draft, key),
};

/** Committing the tile pile is done by the table (src/table/automatic.ts); a random draw asks nobody. */
const NOTHING: Controller<'pile' | 'draw'> = { view: () => null };

export const MAP_CONTROLLERS: MapControllers = { pile: NOTHING, take, draw: NOTHING, place, blacks, portal, finalRound: portal };
