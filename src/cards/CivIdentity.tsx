import { type Civilisation, CIVILISATION_IDENTITY } from '../../engine/index.js';
import { language } from '../i18n/index.js';
import { CivEmblem } from './CardArt.js';

/** What a civilisation is like, in one line with its emblem: where a civilisation is chosen (Home, the lobby) and on the cards page. */
export function CivIdentity(props: { civilisation: Civilisation; emblem?: boolean }) {
  const identity = () => CIVILISATION_IDENTITY[props.civilisation];
  return (
    <span class="civ-identity" data-civ={props.civilisation}>
      {props.emblem === false ? null : <CivEmblem civilisation={props.civilisation} />} <b>{identity().style[language()]}</b>: {identity().line[language()]}
    </span>
  );
}
