import { createResource, createSignal, onCleanup, Show } from 'solid-js';
import type { Seat } from '../../engine/index.js';
import { navigate, route } from '../app/router.js';
import type { LocalGameConfig } from '../game/config.js';
import { botSeats, setupOf } from '../game/config.js';
import { GameScreen } from '../game/GameScreen.js';
import { t } from '../i18n/index.js';
import { makeWorkerBots } from '../table/botClient.js';
import { makeProtocolTable } from '../table/protocolTable.js';
import type { GameTable, TableView } from '../table/types.js';
import { Lesson } from './Lesson.js';

/**
 * The guided first game: the person (seat 0) against one bot, always the same deal (a fixed
 * seed: the same tiles and cards for every learner). The engine has no map to start from, so
 * building the map is the first lesson.
 */
export const LEARN_CONFIG: LocalGameConfig = {
  mode: 'bots',
  seed: 'battle-for-eden-first-game',
  seats: [
    { colour: 'forest', civilisation: 'elves', bot: false },
    { colour: 'mountain', civilisation: 'dwarves', bot: true },
  ],
};

/** Milliseconds a bot's move stays on screen: a learner watches the bot play. */
const BOT_PACE = 600;

/**
 * #/learn: the guided game, played through the same signed protocol as any local game (one session
 * per seat, the bot in a Worker), but kept nowhere: a stored game in progress stays as it was,
 * and leaving ends the lesson.
 */
export default function LearnRoute() {
  const bots = makeWorkerBots();
  const pace = Number(route().query.get('pace') ?? BOT_PACE);
  const [table] = createResource(() =>
    makeProtocolTable({ setup: setupOf(LEARN_CONFIG), seed: LEARN_CONFIG.seed, bots: botSeats(LEARN_CONFIG), bot: bots.bot, log: [], botPace: Number.isFinite(pace) ? pace : BOT_PACE }),
  );
  onCleanup(() => {
    table()?.dispose();
    bots.dispose();
  });
  return (
    <Show when={table()} fallback={<p class="loading">{t('app.loading')}</p>}>
      {(tb) => {
        // "Let the bot play it", as in any local game: the engine's greedy choice, sent as the person's.
        const autoplay = (seat: Seat): void => {
          const vault = tb().vaultOf(seat);
          if (vault) void bots.greedy(tb().view().state, seat, vault).then((action) => tb().submit(action), (e: unknown) => console.error(`autoplay of seat ${seat} failed`, e));
        };
        return <LearnGame table={tb()} config={LEARN_CONFIG} flat={route().query.get('board') === 'flat'} onAutoplay={autoplay} />;
      }}
    </Show>
  );
}

/** The game screen and the lesson beside it, on any table (the route's, or a test's); leaving goes Home (the route's cleanup ends the game). */
export function LearnGame(props: { table: GameTable; config: LocalGameConfig; flat: boolean; onAutoplay?: (seat: Seat) => void }) {
  const [view, setView] = createSignal<TableView>(props.table.view());
  onCleanup(props.table.subscribe(setView));
  return (
    <>
      <GameScreen table={props.table} config={props.config} flat={props.flat} onAutoplay={(seat) => props.onAutoplay?.(seat)} />
      <Lesson state={() => view().state} onLeave={() => navigate('/')} />
    </>
  );
}
