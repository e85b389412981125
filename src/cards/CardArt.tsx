import { Match, Switch } from 'solid-js';
import { CIVILISATION_TERRAIN, TERRAIN, inkOn } from '../display/index.js';
import { CIVILISATION_EMBLEM, COMMON_GLYPH, Glyph, RANK_GLYPH, TECHNOLOGY_GLYPH } from './art.js';
import type { CardArt as Art } from './cardInfo.js';

/** The colours a picture is painted in: a unit wears its civilisation's, commons and technologies their own (cards.css). */
export function artColours(art: Art): Record<string, string> {
  if (art.kind !== 'unit') return {};
  const rgb = TERRAIN[CIVILISATION_TERRAIN[art.civilisation]].rgb;
  return { '--card-colour': rgb, '--card-ink': inkOn(rgb) };
}

/**
 * A card's picture, drawn from its data: a unit's type glyph large on its civilisation's colour
 * with the civilisation's emblem in the corner; a common card's or a technology's own glyph on its
 * own ground. Named for screen readers by `label` (the card's words say the same).
 */
export function CardArt(props: { art: Art; label: string }) {
  const unit = () => (props.art.kind === 'unit' ? props.art : null);
  const common = () => (props.art.kind === 'common' ? props.art : null);
  const technology = () => (props.art.kind === 'technology' ? props.art : null);
  return (
    <div class="card-art" role="img" aria-label={props.label} data-art={props.art.kind} style={artColours(props.art)}>
      <Switch>
        <Match when={unit()}>
          {(u) => (
            <>
              <Glyph shape={RANK_GLYPH[u().rank]} class="art-main" data={`rank:${u().rank}`} />
              <Glyph shape={CIVILISATION_EMBLEM[u().civilisation]} class="art-emblem" data={`civ:${u().civilisation}`} />
            </>
          )}
        </Match>
        <Match when={common()}>{(c) => <Glyph shape={COMMON_GLYPH[c().card]} class="art-main" data={`common:${c().card}`} />}</Match>
        <Match when={technology()}>{(c) => <Glyph shape={TECHNOLOGY_GLYPH[c().card]} class="art-main" data={`technology:${c().card}`} />}</Match>
      </Switch>
    </div>
  );
}

/** A civilisation's emblem alone, on a disc of its colour (Home's choice, the lobby, the cards page). */
export function CivEmblem(props: { civilisation: keyof typeof CIVILISATION_EMBLEM }) {
  const rgb = () => TERRAIN[CIVILISATION_TERRAIN[props.civilisation]].rgb;
  return (
    <span class="civ-emblem" style={{ background: rgb(), color: inkOn(rgb()), '--card-paper': rgb() }} data-civ={props.civilisation} aria-hidden="true">
      <Glyph shape={CIVILISATION_EMBLEM[props.civilisation]} />
    </span>
  );
}
