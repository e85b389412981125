import { Index, createMemo } from 'solid-js';
import { type EnergyVictoryThreat, type GameState, energyVictoryThreats } from '../../engine/index.js';
import { type Language, playerLabel } from '../display/index.js';
import { type Key, language, textIn } from '../i18n/index.js';

/** Each W2 condition: broken, it stops the owner (it holds now); kept, it keeps him from winning (it does not). */
const WAYS: readonly { readonly stop: EnergyVictoryThreat['stops'][number]; readonly holds: (x: EnergyVictoryThreat) => boolean; readonly missing: Key; readonly breakIt: Key; readonly keepIt: Key }[] = [
  { stop: 'heart', holds: (x) => x.heart, missing: 'threat.noHeart', breakIt: 'threat.takeHeart', keepIt: 'threat.keepHeart' },
  { stop: 'connection', holds: (x) => x.connected, missing: 'threat.cut', breakIt: 'threat.cutConnection', keepIt: 'threat.keepCut' },
  { stop: 'vassal', holds: (x) => !x.vassal, missing: 'threat.vassal', breakIt: 'threat.makeVassal', keepIt: 'threat.keepVassal' },
];

/**
 * The energy victory's warning in words (W2, as the engine reads it: energyVictoryThreats): who
 * owns Suprématie and since when, from which day's end it can win, what holds now, and what the
 * others can do and by when. Lines, for the banner and its tests.
 */
export function threatWords(state: GameState, threat: EnergyVictoryThreat, lang: Language): string[] {
  const player = playerLabel(threat.seat, state.seats[threat.seat]!.colour, lang);
  const or = (parts: string[]): string => new Intl.ListFormat(lang, { type: 'disjunction' }).format(parts);
  const lines = [textIn(lang, 'threat.title', { player, since: threat.since }), textIn(lang, 'threat.rule', { day: threat.fromDay })];
  const today = state.phase.name === 'conquest' ? state.phase.day : threat.fromDay;
  // Every condition holds: the owner wins at the end of `fromDay` unless one is broken by then.
  if (threat.holds) {
    lines.push(textIn(lang, threat.fromDay === today ? 'threat.tonight' : 'threat.soon', { day: threat.fromDay }));
    lines.push(textIn(lang, 'threat.stop', { day: threat.fromDay, ways: or(WAYS.filter((w) => threat.stops.includes(w.stop)).map((w) => textIn(lang, w.breakIt))) }));
  } else {
    lines.push(textIn(lang, 'threat.now', { facts: WAYS.filter((w) => !w.holds(threat)).map((w) => textIn(lang, w.missing)).join(', ') }));
    lines.push(textIn(lang, 'threat.keep', { ways: or(WAYS.map((w) => textIn(lang, threat.stops.includes(w.stop) ? w.breakIt : w.keepIt))) }));
  }
  return lines;
}

/** A banner per owner of Suprématie, shown on every page of the game while he owns it (ui.md principle 8). Presentational. */
export function SupremacyBanner(props: { state: GameState }) {
  const threats = createMemo(() => energyVictoryThreats(props.state));
  return (
    // By position, not identity: a threat is read afresh from every state, and its banner stays in place (role alert speaks once).
    <Index each={threats()}>
      {(threat) => {
        const lines = () => threatWords(props.state, threat(), language());
        return (
          <section class="supremacy-banner" role="alert" data-seat={threat().seat} data-from-day={threat().fromDay} data-holds={String(threat().holds)}>
            <strong>{lines()[0]}</strong>
            <Index each={lines().slice(1)}>{(line) => <span>{line()}</span>}</Index>
          </section>
        );
      }}
    </Index>
  );
}
