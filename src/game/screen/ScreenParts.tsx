import { For } from 'solid-js';
import type { GameState } from '../../../engine/index.js';
import { t } from '../../i18n/index.js';

const HELP_LINES = ['help.draw', 'help.cycle', 'help.confirm', 'help.conquest', 'help.fit', 'help.mouse', 'help.log'] as const;

/** The keys and controls (?). */
export function HelpPanel(props: { onClose: () => void }) {
  return (
    <section class="help-panel" role="dialog" aria-labelledby="help-title">
      <h2 id="help-title">{t('help.title')}</h2>
      <ul>
        <For each={HELP_LINES}>{(k) => <li>{t(k)}</li>}</For>
      </ul>
      <button type="button" onClick={() => props.onClose()}>
        {t('help.close')}
      </button>
    </section>
  );
}

/** The phase and the day, with the help and (on a phone) the log's toggles. */
export function PhaseLine(props: { state: GameState; help: boolean; logOpen: boolean; onHelp: () => void; onLog: () => void }) {
  const phase = (): string => {
    const p = props.state.phase;
    return p.name === 'conquest' ? `${t('game.phase.conquest')} · ${t('game.day', { day: p.day })}` : t(`game.phase.${p.name}`);
  };
  return (
    <p class="phase-line">
      {phase()}{' '}
      <button type="button" id="help" class="link" aria-expanded={props.help} onClick={() => props.onHelp()}>
        {t('help.open')}
      </button>
      <button type="button" id="log-toggle" class="link phone-only" aria-expanded={props.logOpen} onClick={() => props.onLog()}>
        {t('log.title')}
      </button>
    </p>
  );
}
