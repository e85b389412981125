import type { LobbySettings } from '../net/index.js';
import { newMemberId } from '../net/index.js';

/**
 * Who this page is in a lobby: a member id kept for the tab's session per room (a refreshed page
 * keeps its seat; another tab is another member), and the name the person last used.
 */
const MEMBER_KEY = (room: string) => `bfe.member.${room}`;
const NAME_KEY = 'bfe.name';

export function memberFor(room: string): string {
  try {
    const kept = sessionStorage.getItem(MEMBER_KEY(room));
    if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
    const fresh = newMemberId();
    sessionStorage.setItem(MEMBER_KEY(room), fresh);
    return fresh;
  } catch {
    return newMemberId();
  }
}

/** This tab is now `member` in the room's lobby (handed over by another tab of this browser: tabLock.ts). */
export function adoptMember(room: string, member: string): void {
  try {
    sessionStorage.setItem(MEMBER_KEY(room), member);
  } catch {
    // the tab joins as the member memberFor makes
  }
}

/**
 * A name for a person who has not given one: the page's word for a guest and the first four
 * characters of the member id ("Guest 3A1F"), so that two newcomers in a lobby, its seats, its
 * presence list and its chat, can tell each other apart until they type their names.
 */
export const guestName = (member: string, word: string): string => `${word} ${member.slice(0, 4).toUpperCase()}`;

export function savedName(fallback: string): string {
  try {
    return localStorage.getItem(NAME_KEY) || fallback;
  } catch {
    return fallback;
  }
}

export function saveName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // not remembered
  }
}

/** Rooms this page created in this tab, with their first settings: the creator writes them into the lobby. */
const created = new Map<string, Partial<LobbySettings>>();
export const markCreated = (room: string, settings: Partial<LobbySettings>): void => void created.set(room, settings);
export function takeCreated(room: string): Partial<LobbySettings> | undefined {
  const s = created.get(room);
  created.delete(room);
  return s;
}
