import { For, Show, createSignal } from 'solid-js';
import { CIVILISATIONS, CIVILISATION_IDENTITY, type Civilisation, type Colour, COLOURS, MAX_PLAYERS, MIN_PLAYERS, type Seat } from '../../engine/index.js';
import { CivIdentity } from '../cards/CivIdentity.js';
import { CIVILISATION_NAME, TERRAIN, playerName } from '../display/index.js';
import { type Key, language, t } from '../i18n/index.js';
import type { Lobby, LobbyError, LobbySettings, LobbyView, SeatEntry } from '../net/index.js';

/** What a person can do in the lobby: the Lobby object's methods, each answering with its refusal if any. */
export interface LobbyActions {
  takeSeat(seat: Seat): LobbyError | null;
  leaveSeat(): void;
  setName(name: string): void;
  choose(choice: { colour?: Colour; civilisation?: Civilisation }): LobbyError | null;
  setReady(ready: boolean): LobbyError | null;
  setBot(seat: Seat, on: boolean): LobbyError | null;
  updateSettings(patch: Partial<Omit<LobbySettings, 'botsHost'>>): LobbyError | null;
  hostBots(): void;
  say(text: string): LobbyError | null;
  retrySignaling(): void;
}

const refusal = (r: { ok: true } | { ok: false; error: LobbyError }): LobbyError | null => (r.ok ? null : r.error);

/** The actions of a lobby as the screen calls them; a name set is also remembered (`remember`). */
export function lobbyActions(lobby: Lobby, remember: (name: string) => void = () => undefined): LobbyActions {
  return {
    takeSeat: (seat) => refusal(lobby.takeSeat(seat)),
    leaveSeat: () => lobby.leaveSeat(),
    setName: (name) => {
      remember(name);
      lobby.setName(name);
    },
    choose: (c) => refusal(lobby.choose(c)),
    setReady: (r) => refusal(lobby.setReady(r)),
    setBot: (seat, on) => refusal(lobby.setBot(seat, on)),
    updateSettings: (patch) => refusal(lobby.updateSettings(patch)),
    hostBots: () => lobby.hostBots(),
    say: (text) => refusal(lobby.say(text)),
    retrySignaling: () => lobby.retrySignaling(),
  };
}

const COUNTS = Array.from({ length: MAX_PLAYERS - MIN_PLAYERS + 1 }, (_, i) => MIN_PLAYERS + i);
const TIMERS: readonly (number | null)[] = [null, 30, 60, 120, 300];

/** A lobby refusal in the page's language (the lobby's own message is English, for logs). */
export const lobbyErrorKey = (e: LobbyError): Key => `online.error.${e.code}` as Key;

/**
 * The lobby (ui.md §6): a card per seat (colour, civilisation, name, bot, ready), the table's
 * settings, who is here, who hosts the bots, the chat, and what the game still waits for
 * ("Signing 3/4" once every seat is ready). Presentational: the view in, the actions out. Once the
 * game has started without this page (it holds no seat in it), nothing here can act any more: it
 * says so and offers the watch link (`watch`) instead.
 */
export function LobbyScreen(props: { view: LobbyView; actions: LobbyActions; watch?: string }) {
  return (
    <Show when={!props.view.started} fallback={<StartedWithout view={props.view} watch={props.watch} />}>
      <OpenLobby view={props.view} actions={props.actions} watch={props.watch} />
    </Show>
  );
}

/** The link to watch the game instead of playing it. */
function WatchInstead(props: { watch: string | undefined }) {
  return (
    <Show when={props.watch}>
      {(url) => (
        <a class="button-like primary" id="watch-instead" href={url()}>
          {t('online.watchInstead')}
        </a>
      )}
    </Show>
  );
}

/** A game that started without this page: who plays, and the way to watch it. */
function StartedWithout(props: { view: LobbyView; watch: string | undefined }) {
  const seats = () => props.view.snapshot.seats.slice(0, props.view.snapshot.settings.players);
  return (
    <main class="page lobby">
      <h1>{t('online.lobby')}</h1>
      <p class="banner" role="status" id="lobby-started">
        {t('online.startedWithout')} <WatchInstead watch={props.watch} />
      </p>
      <section class="card" aria-labelledby="seats-title">
        <h2 id="seats-title">{t('online.seats')}</h2>
        <ul class="lobby-seats">
          <For each={seats()}>
            {(entry, i) => (
              <li class="lobby-seat" data-seat={i()}>
                <span class="seat-title">
                  {entry?.colour ? TERRAIN[entry.colour].glyph : '?'} {playerName(i(), language())} · {entry?.name ?? ''}
                  {entry?.bot ? ` (${t('home.bot')})` : ''}
                </span>
              </li>
            )}
          </For>
        </ul>
      </section>
    </main>
  );
}

/** The seats the table has now (its player count), each free (null) or held. */
const seatsOf = (view: LobbyView): (SeatEntry | null)[] => Array.from({ length: view.snapshot.settings.players }, (_, i) => view.snapshot.seats[i] ?? null);

/** A lobby still open: what it waits for, the seats, the settings, who is here and the chat. A refused action says why, once, above them. */
function OpenLobby(props: { view: LobbyView; actions: LobbyActions; watch: string | undefined }) {
  const [error, setError] = createSignal<LobbyError | null>(null);
  const act = (e: LobbyError | null): void => void setError(e);
  return (
    <main class="page lobby">
      <h1>{t('online.lobby')}</h1>
      <LobbyNotices view={props.view} actions={props.actions} watch={props.watch} error={error()} />
      <SeatsCard view={props.view} actions={props.actions} onError={act} />
      <SettingsCard view={props.view} actions={props.actions} onError={act} />
      <section class="card" aria-labelledby="present-title">
        <h2 id="present-title">{t('online.present')}</h2>
        <ul class="present">
          <For each={props.view.present}>{(m) => <li>{m.member === props.view.me ? t('online.you', { name: m.name }) : m.name}</li>}</For>
        </ul>
      </section>
      <ChatCard view={props.view} actions={props.actions} onError={act} />
    </main>
  );
}

/** What the lobby waits for ("Signing 3/4" once every seat is ready), and what went wrong: no signaling, a refusal, a seat lost, a full room. */
function LobbyNotices(props: { view: LobbyView; actions: LobbyActions; watch: string | undefined; error: LobbyError | null }) {
  const status = (): string => {
    const s = props.view.signing;
    if (s && props.view.waiting === null) return t('online.signing', { signed: s.signed, of: s.of });
    const seats = seatsOf(props.view);
    const free = seats.filter((x) => x === null).length;
    if (free > 0) return t('online.waitingSeats', { count: free });
    const unready = seats.filter((x) => x && !x.ready).length;
    return t('online.waitingReady', { count: unready });
  };
  return (
    <>
      <p class="status-line" role="status" aria-live="polite" id="lobby-status">
        {status()} · {t('online.reached', { count: props.view.reached })}
      </p>
      <Show when={!props.view.signaling}>
        <p class="banner error" role="alert" id="no-signaling">
          {t('online.noSignaling')}{' '}
          <button type="button" id="retry-signaling" onClick={() => props.actions.retrySignaling()}>
            {t('online.retry')}
          </button>
        </p>
      </Show>
      <Show when={props.error}>{(e) => <p class="error" role="alert">{t(lobbyErrorKey(e()))}</p>}</Show>
      <Show when={props.view.lost}>
        {(l) => (
          <p class="error" role="alert" id="seat-lost">
            {t('online.seatLost', { name: l().by, seat: playerName(l().seat, language()) })}
          </p>
        )}
      </Show>
      <Show when={props.view.full}>
        <p class="error" role="alert" id="room-full">
          {t('online.full')} <WatchInstead watch={props.watch} />
        </p>
      </Show>
    </>
  );
}

/** A card per seat; a colour or a civilisation another seat holds cannot be chosen. */
function SeatsCard(props: { view: LobbyView; actions: LobbyActions; onError: (e: LobbyError | null) => void }) {
  const seats = () => seatsOf(props.view);
  const taken = (seat: Seat) => ({
    colours: new Set(seats().flatMap((s) => (s && s.seat !== seat && s.colour ? [s.colour] : []))),
    civilisations: new Set(seats().flatMap((s) => (s && s.seat !== seat && s.civilisation ? [s.civilisation] : []))),
  });
  return (
    <section class="card" aria-labelledby="seats-title">
      <h2 id="seats-title">{t('online.seats')}</h2>
      <ul class="lobby-seats">
        <For each={seats()}>
          {(entry, i) => (
            <li class="lobby-seat" data-seat={i()} data-mine={entry?.owner === props.view.me ? 'yes' : 'no'}>
              <SeatCard
                seat={i()}
                entry={entry}
                mine={entry !== null && entry.owner === props.view.me}
                canTake={props.view.mySeat === null || props.view.mySeat !== i()}
                taken={taken(i())}
                actions={props.actions}
                onError={props.onError}
              />
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

/** The table's settings (players, decision timer, day cap) and who hosts the bots. */
function SettingsCard(props: { view: LobbyView; actions: LobbyActions; onError: (e: LobbyError | null) => void }) {
  /** A settings control changed: a refused change says why and shows the setting as it is again. */
  const setting = (control: HTMLInputElement | HTMLSelectElement, shown: string, patch: Partial<Omit<LobbySettings, 'botsHost'>>): void => {
    const refused = props.actions.updateSettings(patch);
    props.onError(refused);
    if (refused) control.value = shown;
  };
  const settings = () => props.view.snapshot.settings;
  const hostName = () => props.view.present.find((m) => m.member === settings().botsHost)?.name ?? null;
  const hasBots = () => seatsOf(props.view).some((s) => s?.bot);
  return (
    <section class="card" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('online.settings')}</h2>
      <label class="inline">
        {t('home.players')}{' '}
        <select id="lobby-players" value={String(settings().players)} onChange={(e) => setting(e.currentTarget, String(settings().players), { players: Number(e.currentTarget.value) })}>
          <For each={COUNTS}>{(n) => <option value={String(n)}>{n}</option>}</For>
        </select>
      </label>{' '}
      <label class="inline">
        {t('online.timer')}{' '}
        <select
          id="lobby-timer"
          value={String(settings().timer)}
          onChange={(e) => setting(e.currentTarget, String(settings().timer), { timer: e.currentTarget.value === 'null' ? null : Number(e.currentTarget.value) })}
        >
          <For each={TIMERS}>{(s) => <option value={String(s)}>{s === null ? t('online.noTimer') : t('online.seconds', { count: s })}</option>}</For>
        </select>
      </label>{' '}
      <label class="inline">
        {t('online.days')}{' '}
        <input
          id="lobby-days"
          type="number"
          min="1"
          inputmode="numeric"
          placeholder={t('online.noCap')}
          value={settings().days ?? ''}
          onChange={(e) => setting(e.currentTarget, String(settings().days ?? ''), { days: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
        />
      </label>
      <Show when={hasBots()}>
        <p class="help" id="bots-host">
          {props.view.botsHost ? t('online.botsHere') : hostName() ? t('online.botsThere', { name: hostName()! }) : t('online.botsNobody')}{' '}
          <Show when={!props.view.botsHost}>
            <button type="button" onClick={() => props.actions.hostBots()}>
              {t('online.hostBots')}
            </button>
          </Show>
        </p>
      </Show>
    </section>
  );
}

/** The lobby's chat: its lines, and a line to say (kept when refused). */
function ChatCard(props: { view: LobbyView; actions: LobbyActions; onError: (e: LobbyError | null) => void }) {
  const [chatText, setChatText] = createSignal('');
  return (
    <section class="card chat" aria-labelledby="chat-title">
      <h2 id="chat-title">{t('online.chat')}</h2>
      <ol class="chat-lines" aria-live="polite">
        <For each={props.view.snapshot.chat}>
          {(line) => (
            <li>
              <b>{line.name}</b>: {line.text}
            </li>
          )}
        </For>
      </ol>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const refused = props.actions.say(chatText());
          props.onError(refused);
          if (!refused) setChatText('');
        }}
      >
        <input id="chat-input" type="text" maxLength={500} value={chatText()} onInput={(e) => setChatText(e.currentTarget.value)} aria-label={t('online.chatSay')} />
        <button type="submit" id="chat-send" disabled={chatText().trim() === ''}>
          {t('online.send')}
        </button>
      </form>
    </section>
  );
}

function SeatCard(props: {
  seat: Seat;
  entry: SeatEntry | null;
  mine: boolean;
  canTake: boolean;
  taken: { colours: ReadonlySet<Colour>; civilisations: ReadonlySet<Civilisation> };
  actions: LobbyActions;
  onError: (e: LobbyError | null) => void;
}) {
  const label = () => playerName(props.seat, language());
  return (
    <Show
      when={props.entry}
      fallback={
        <div class="seat-free">
          <span class="seat-title">{label()}</span> <span class="help">{t('online.free')}</span>
          <button type="button" class="take-seat" onClick={() => props.onError(props.actions.takeSeat(props.seat))}>
            {t('online.take')}
          </button>
          <button type="button" class="add-bot" onClick={() => props.onError(props.actions.setBot(props.seat, true))}>
            {t('online.addBot')}
          </button>
        </div>
      }
    >
      {(e) => (
        <div class="seat-held">
          <span class="seat-title">
            <Show when={e().colour}>{(c) => <span class="swatch" style={{ background: TERRAIN[c()].rgb }} aria-hidden="true" />}</Show>{' '}
            {e().colour ? TERRAIN[e().colour!].glyph : '?'} {label()} · {e().name}
            {e().bot ? ` (${t('home.bot')})` : ''}
          </span>{' '}
          <span class={e().ready ? 'ready yes' : 'ready no'}>{e().ready ? `✓ ${t('online.ready')}` : t('online.notReady')}</span>
          <Show
            when={props.mine}
            fallback={
              <p class="help">
                {e().colour ? TERRAIN[e().colour!].name[language()] : t('online.choose')} · {e().civilisation ? CIVILISATION_NAME[e().civilisation!][language()] : t('online.choose')}
                <Show when={e().bot}>
                  {' '}
                  <button type="button" class="remove-bot" onClick={() => props.onError(props.actions.setBot(props.seat, false))}>
                    {t('online.removeBot')}
                  </button>
                </Show>
              </p>
            }
          >
            <div class="seat-mine">
              <label class="inline">
                {t('online.name')} <input id="my-name" type="text" maxLength={32} value={e().name} onChange={(ev) => props.actions.setName(ev.currentTarget.value)} />
              </label>
              <label class="inline">
                {t('home.colour')}{' '}
                <select id="my-colour" value={e().colour ?? ''} onChange={(ev) => props.onError(props.actions.choose({ colour: ev.currentTarget.value as Colour }))}>
                  <Show when={!e().colour}>
                    <option value="">{t('online.choose')}</option>
                  </Show>
                  <For each={COLOURS}>
                    {(c) => (
                      <option value={c} disabled={props.taken.colours.has(c)}>
                        {`${TERRAIN[c].glyph} ${TERRAIN[c].name[language()]}`}
                      </option>
                    )}
                  </For>
                </select>
              </label>
              <label class="inline">
                {t('home.civilisation')}{' '}
                <select id="my-civilisation" value={e().civilisation ?? ''} onChange={(ev) => props.onError(props.actions.choose({ civilisation: ev.currentTarget.value as Civilisation }))}>
                  <Show when={!e().civilisation}>
                    <option value="">{t('online.choose')}</option>
                  </Show>
                  <For each={CIVILISATIONS}>
                    {(c) => (
                      <option value={c} disabled={props.taken.civilisations.has(c)}>
                        {`${CIVILISATION_NAME[c][language()]} · ${CIVILISATION_IDENTITY[c].style[language()]}`}
                      </option>
                    )}
                  </For>
                </select>
              </label>
              <Show when={e().civilisation}>{(c) => <CivIdentity civilisation={c()} />}</Show>
              <button
                type="button"
                id="ready"
                class={e().ready ? '' : 'primary'}
                aria-pressed={e().ready}
                disabled={!e().ready && (!e().colour || !e().civilisation)}
                onClick={() => props.onError(props.actions.setReady(!e().ready))}
              >
                {e().ready ? t('online.unready') : t('online.imReady')}
              </button>
              <Show when={!e().colour || !e().civilisation}>
                <span class="help" id="choose-first">
                  {t('online.chooseFirst')}
                </span>
              </Show>
              <button type="button" id="leave-seat" onClick={() => props.actions.leaveSeat()}>
                {t('online.leave')}
              </button>
            </div>
          </Show>
        </div>
      )}
    </Show>
  );
}
