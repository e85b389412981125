import { Show, createResource, onCleanup } from 'solid-js';
import type { Seat } from '../../engine/index.js';
import { makeReplayText } from '../../engine/protocol/index.js';
import { navigate, route } from '../app/router.js';
import { t } from '../i18n/index.js';
import { setPendingReplay } from '../replay/pending.js';
import { makeWorkerBots, type WorkerBots } from '../table/botClient.js';
import { makeProtocolTable, type ProtocolTable } from '../table/protocolTable.js';
import { type LocalGameConfig, botSeats, setupOf } from './config.js';
import { GameScreen } from './GameScreen.js';
import { type StoredGame, loadGame, makeGameStore } from './persist.js';

/** Milliseconds a bot's move stays on screen before the next: people watch the bots play. */
const BOT_PACE = 450;

/**
 * #/local and #/hotseat: the local game stored in IndexedDB (set up on Home, or in progress before
 * a refresh), played through the protocol between one session per seat (src/table/protocolTable.ts),
 * bots choosing in a Worker. The signed log is stored as it grows, and the game ends with a
 * replay the viewer verifies.
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
        {(game) => <StartingGame game={game()} />}
      </Show>
    </Show>
  );
}

/** The sessions are set up (the genesis signed by every seat, a stored log checked again) before the screen shows. */
function StartingGame(props: { game: StoredGame }) {
  const config: LocalGameConfig = props.game.config;
  const bots = makeWorkerBots();
  const pace = Number(route().query.get('pace') ?? BOT_PACE);
  const [table] = createResource(() =>
    makeProtocolTable({ setup: setupOf(config), seed: config.seed, bots: botSeats(config), bot: bots.bot, log: props.game.log, botPace: Number.isFinite(pace) ? pace : BOT_PACE }),
  );
  onCleanup(() => {
    table()?.dispose();
    bots.dispose();
  });
  return (
    <Show when={table()} fallback={<p class="loading">{t('app.loading')}</p>}>
      {(tb) => <RunningGame config={config} table={tb()} stored={props.game.log} bots={bots} />}
    </Show>
  );
}

/** The local game's replay as far as it has gone (every element so far, signed and checkable), as a file. */
export const replayFileOf = (table: ProtocolTable): File => new File([makeReplayText(table.replay())], 'battle-for-eden-local.json', { type: 'application/json' });

function RunningGame(props: { config: LocalGameConfig; table: ProtocolTable; stored: StoredGame['log']; bots: WorkerBots }) {
  const table = props.table;
  const config = props.config;
  // Stored in order, one write at a time, each writing only the chunks that changed; a write
  // waiting reads the log when it runs, so one waiting write is enough however fast elements come.
  const store = makeGameStore(config, props.stored);
  let saving = Promise.resolve();
  let queued = false;
  const unsubscribe = table.subscribe(() => {
    if (queued) return;
    queued = true;
    saving = saving.then(() => {
      queued = false;
      return store.save(table.elements(store.saved), table.view().outcome.kind === 'finished');
    });
  });
  onCleanup(unsubscribe);
  const autoplay = (seat: Seat): void => {
    // "Let the bot play it" for a person: the engine's greedy choice among the legal options (in
    // the bots' Worker), sent as the person's; refused if the game has moved on meanwhile.
    const state = table.view().state;
    const vault = table.vaultOf(seat);
    if (!vault) return;
    void props.bots.greedy(state, seat, vault).then((action) => table.submit(action), (e: unknown) => console.error(`autoplay of seat ${seat} failed`, e));
  };
  const replayFile = (): File => replayFileOf(table);
  const openReplay = (): void => {
    setPendingReplay(replayFile());
    // The board the person chose (the flat map) stays chosen in the viewer.
    navigate(route().query.get('board') === 'flat' ? '/replay?board=flat' : '/replay');
  };
  return <GameScreen table={table} config={config} flat={route().query.get('board') === 'flat'} onAutoplay={autoplay} onReplay={openReplay} replayFile={replayFile} />;
}
