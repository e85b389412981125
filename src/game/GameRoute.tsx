import { Show, createResource, onCleanup } from 'solid-js';
import {
  type Seat,
} from '../../engine/index.js';
import { route } from '../app/router.js';
import { t } from '../i18n/index.js';
import { makeWorkerBot } from '../table/botClient.js';
import { type LocalTable, makeLocalTable } from '../table/localTable.js';
import { type LocalGameConfig, botSeats, setupOf } from './config.js';
import { GameScreen } from './GameScreen.js';
import { type StoredGame, loadGame, saveGame } from './persist.js';

/** Milliseconds a bot's move stays on screen before the next: people watch the bots play. */
const BOT_PACE = 450;

/**
 * #/local and #/hotseat: the local game stored in IndexedDB (set up on Home, or in progress before
 * a refresh), run by a local table whose bots play in a Worker. Every new input is stored.
 */
export default function GameRoute() {
  const [stored] = createResource(loadGame);
  return (
    <Show when={!stored.loading} fallback={<p class="loading">{t('app.loading')}</p>}>
      <Show
        when={stored()}
        fallback={
          <main class="page">
            <p>{t('game.noGame')}</p>
            <a href="#/">{t('app.home')}</a>
          </main>
        }
      >
        {(game) => <RunningGame game={game()} />}
      </Show>
    </Show>
  );
}

function RunningGame(props: { game: StoredGame }) {
  const config: LocalGameConfig = props.game.config;
  const worker = makeWorkerBot();
  const pace = Number(route().query.get('pace') ?? BOT_PACE);
  const table: LocalTable = makeLocalTable({
    setup: setupOf(config),
    seed: config.seed,
    bots: botSeats(config),
    bot: worker.bot,
    inputs: props.game.inputs,
    botPace: Number.isFinite(pace) ? pace : BOT_PACE,
  });
  let saving = Promise.resolve();
  let queued = false;
  const unsubscribe = table.subscribe(() => {
    // Stored in order, one write at a time: the last write holds every input. A write waiting
    // reads the inputs when it runs, so one waiting write is enough however fast inputs come
    // (bots at pace 0 would otherwise queue a copy of the whole game per input).
    if (queued) return;
    queued = true;
    saving = saving.then(() => {
      queued = false;
      return saveGame({ config, inputs: table.inputs() });
    });
  });
  onCleanup(() => {
    unsubscribe();
    table.dispose();
    worker.dispose();
  });
  const autoplay = (seat: Seat): void => {
    const view = table.view();
    const vault = table.vaultOf(seat);
    if (!vault) return;
    void worker.bot(view.state, seat, vault).then((action) => {
      if (table.view().seq === view.seq) void table.submit(action);
    });
  };
  return <GameScreen table={table} config={config} flat={route().query.get('board') === 'flat'} onAutoplay={autoplay} />;
}
