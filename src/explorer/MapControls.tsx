import { For } from 'solid-js';
import {
  MAX_PLAYERS,
  MIN_PLAYERS,
} from '../../engine/index.js';
import { t } from '../i18n/index.js';

const COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);

/** The demo's inputs. Presentational: values in, intents out. */
export function MapControls(props: {
  players: number;
  seed: string;
  onPlayers: (n: number) => void;
  onSeed: (seed: string) => void;
  /** Build the map from the current inputs. */
  onDraw: () => void;
  /** Pick a fresh seed and build. */
  onNewMap: () => void;
}) {
  return (
    <form
      class="controls"
      onSubmit={(e) => {
        e.preventDefault();
        props.onDraw();
      }}
    >
      <label>
        {t('explorer.players')}
        <select id="players" value={String(props.players)} onChange={(e) => props.onPlayers(Number(e.currentTarget.value))}>
          <For each={COUNTS}>{(n) => <option value={String(n)}>{n}</option>}</For>
        </select>
      </label>
      <label>
        {t('explorer.seed')}
        <input id="seed" type="text" value={props.seed} spellcheck={false} autocomplete="off" onInput={(e) => props.onSeed(e.currentTarget.value)} />
      </label>
      <button type="submit" id="draw">
        {t('explorer.draw')}
      </button>
      <button type="button" id="new-map" onClick={() => props.onNewMap()}>
        {t('explorer.newMap')}
      </button>
    </form>
  );
}
