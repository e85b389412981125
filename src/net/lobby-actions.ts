/**
 * What a member does in the lobby (lobby.ts), each a small function over the page's part in it
 * (lobby-page.ts): checked against the document as this page last read it, refused with a clear
 * error that changes nothing, else written to the shared document.
 */
import { type Civilisation, type Colour, err, ok, type Result, type Seat } from '../../engine/index.js';
import { seatIdentity } from '../../engine/protocol/index.js';
import { BOT, CHAT_KEPT, cleanName, freeChoices, type LobbySettings, MAX_CHAT_TEXT, MAX_TIMER, MIN_TIMER, type SeatEntry } from './lobby-doc.js';
import type { LobbyError, LobbyErrorCode } from './lobby.js';
import { entryOf, type LobbyPage, mySeat, newSeatSecrets, writeSeat } from './lobby-page.js';

type Refused = { ok: false; error: LobbyError };
const fail = (code: LobbyErrorCode, message: string): Refused => err({ code, message });

/** Once the game has started the lobby is closed: nothing in it changes any more. */
const closed = (page: LobbyPage): Refused | null => (page.startedWith ? fail('Started', 'The game has started: the lobby is closed.') : null);

/** Takes a seat (the first free one when none is named); moves there if this page holds another. */
export function takeSeat(page: LobbyPage, seat: Seat | undefined): Result<Seat, LobbyError> {
  const locked = closed(page);
  if (locked) return locked;
  const { snapshot } = page;
  const current = mySeat(page);
  const target = seat ?? snapshot.seats.findIndex((s) => s === null);
  if (seat === undefined && current !== null) return ok(current);
  if (target < 0) return fail('RoomFull', `This game is full: all ${snapshot.settings.players} seats are taken. You can still watch it.`);
  if (!Number.isInteger(target) || target >= snapshot.settings.players) return fail('NoSeat', `There is no seat ${target + 1} in this game.`);
  const holder = snapshot.seats[target];
  if (holder && holder.owner !== page.me) return fail('SeatTaken', `Seat ${target + 1} is taken by ${holder.name}.`);
  if (holder) return ok(target);
  const choices = freeChoices(snapshot, current);
  const previous = current !== null ? snapshot.seats[current] : null;
  page.lost = null;
  page.doc.transact(() => {
    if (current !== null) page.seatsMap.delete(String(current));
    writeSeat(page, target, { owner: page.me, name: page.name, colour: previous?.colour ?? choices.colour, civilisation: previous?.civilisation ?? choices.civilisation, ready: false });
  });
  if (current !== null) page.secrets.delete(current);
  return ok(target);
}

export function leaveSeat(page: LobbyPage): void {
  const seat = mySeat(page);
  if (seat === null || page.startedWith) return;
  page.lost = null;
  page.seatsMap.delete(String(seat));
  page.secrets.delete(seat);
}

export function setName(page: LobbyPage, next: string): void {
  page.name = cleanName(next, page.name);
  page.connection.awareness.setLocalStateField('member', { member: page.me, name: page.name });
  const seat = mySeat(page);
  if (seat !== null && !page.startedWith) writeSeat(page, seat, entryOf({ ...page.snapshot.seats[seat]!, name: page.name }));
}

export function choose(page: LobbyPage, choice: { colour?: Colour; civilisation?: Civilisation }): Result<void, LobbyError> {
  const locked = closed(page);
  if (locked) return locked;
  const seat = mySeat(page);
  if (seat === null) return fail('NoSeat', 'Take a seat first.');
  const entry = page.snapshot.seats[seat]!;
  const others = page.snapshot.seats.filter((s): s is SeatEntry => !!s && s.seat !== seat);
  if (choice.colour && others.some((s) => s.colour === choice.colour)) return fail('Taken', `Another player has the colour ${choice.colour}.`);
  if (choice.civilisation && others.some((s) => s.civilisation === choice.civilisation)) return fail('Taken', `Another player plays the ${choice.civilisation}.`);
  writeSeat(page, seat, entryOf({ ...entry, colour: choice.colour ?? entry.colour, civilisation: choice.civilisation ?? entry.civilisation, ready: false }));
  return ok(undefined);
}

/** Ready (or not): a seat made ready gets its secrets here, and its identity in the document. */
export function setReady(page: LobbyPage, ready: boolean): Result<void, LobbyError> {
  const locked = closed(page);
  if (locked) return locked;
  const seat = mySeat(page);
  if (seat === null) return fail('NoSeat', 'Take a seat first.');
  const entry = page.snapshot.seats[seat]!;
  if (ready && (!entry.colour || !entry.civilisation)) return fail('BadInput', 'Choose a colour and a civilisation first.');
  let held = page.secrets.get(seat);
  if (ready && !held) page.secrets.set(seat, (held = newSeatSecrets(page, seat)));
  writeSeat(page, seat, entryOf({ ...entry, ready, identity: held ? seatIdentity(held) : entry.identity }));
  return ok(undefined);
}

/** A bot in a free seat (on), or the seat freed (off). Bots run on the bots' host page. */
export function setBot(page: LobbyPage, seat: Seat, on: boolean): Result<void, LobbyError> {
  const locked = closed(page);
  if (locked) return locked;
  const { snapshot } = page;
  if (!Number.isInteger(seat) || seat < 0 || seat >= snapshot.settings.players) return fail('NoSeat', `There is no seat ${seat + 1} in this game.`);
  const holder = snapshot.seats[seat];
  if (on) {
    if (holder) return fail('SeatTaken', `Seat ${seat + 1} is taken by ${holder.name}.`);
    const choices = freeChoices(snapshot, seat);
    page.doc.transact(() => {
      if (snapshot.settings.botsHost === null) page.settingsMap.set('botsHost', page.me);
      writeSeat(page, seat, { owner: BOT, name: `Bot ${seat + 1}`, colour: choices.colour, civilisation: choices.civilisation, ready: false });
    });
    return ok(undefined);
  }
  if (!holder?.bot) return fail('NotAllowed', `Seat ${seat + 1} is not a bot.`);
  page.seatsMap.delete(String(seat));
  page.secrets.delete(seat);
  return ok(undefined);
}

/** Why these settings cannot be set on this table, or null. */
function settingsProblem(page: LobbyPage, patch: Partial<Omit<LobbySettings, 'botsHost'>>, players: number): Refused | null {
  if (!Number.isInteger(players) || players < 2 || players > 6) return fail('BadInput', 'A game has 2 to 6 players.');
  if (patch.timer !== undefined && patch.timer !== null && (!Number.isInteger(patch.timer) || patch.timer < MIN_TIMER || patch.timer > MAX_TIMER))
    return fail('BadInput', `The decision timer is ${MIN_TIMER} to ${MAX_TIMER} seconds, or none.`);
  if (patch.days !== undefined && patch.days !== null && (!Number.isInteger(patch.days) || patch.days < 1)) return fail('BadInput', 'The day cap is a whole number of days, or none.');
  if (page.snapshot.seats.slice(players).some((s) => s !== null) || Object.keys(page.seatsMap.toJSON()).some((k) => Number(k) >= players))
    return fail('NotAllowed', 'Free the last seats before making the table smaller.');
  return null;
}

export function updateSettings(page: LobbyPage, patch: Partial<Omit<LobbySettings, 'botsHost'>>): Result<void, LobbyError> {
  const locked = closed(page);
  if (locked) return locked;
  const players = patch.players ?? page.snapshot.settings.players;
  const problem = settingsProblem(page, patch, players);
  if (problem) return problem;
  page.doc.transact(() => {
    page.settingsMap.set('players', players);
    if (patch.timer !== undefined) page.settingsMap.set('timer', patch.timer);
    if (patch.days !== undefined) page.settingsMap.set('days', patch.days);
    // Settings changed: every seat confirms again.
    for (const s of page.snapshot.seats) if (s?.ready && !s.bot) writeSeat(page, s.seat, entryOf({ ...s, ready: false }));
  });
  return ok(undefined);
}

/** This page runs the bots from now on. */
export function hostBots(page: LobbyPage): void {
  if (!page.startedWith) page.settingsMap.set('botsHost', page.me);
}

export function say(page: LobbyPage, text: string): Result<void, LobbyError> {
  const line = typeof text === 'string' ? text.trim() : '';
  if (line === '' || line.length > MAX_CHAT_TEXT) return fail('BadInput', `A chat message is 1 to ${MAX_CHAT_TEXT} characters.`);
  page.doc.transact(() => {
    page.chat.push([{ from: page.me, name: page.name, text: line }]);
    if (page.chat.length > 2 * CHAT_KEPT) page.chat.delete(0, page.chat.length - CHAT_KEPT);
  });
  return ok(undefined);
}
