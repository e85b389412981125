import { afterEach, describe, expect, it } from 'vitest';
import { type GameState, awaiting, legalOptions } from '../../engine/index.js';
import { setLanguage, textIn } from '../../src/i18n/index.js';
import { type MountedScreen, clickHex, legalKeys, screenAt, tick } from './screenSupport.js';

let screen: MountedScreen | null = null;
afterEach(() => {
  screen?.dispose();
  screen = null;
  setLanguage('en');
});

/** A source with more than one troop to move: its stepper can say 1 and 2. */
const twoToMove = (s: GameState): boolean =>
  s.phase.name === 'conquest' && s.phase.stage.kind === 'moves' && awaiting(s).kind === 'seat' && legalOptions(s, (awaiting(s) as { seat: number }).seat).some((o) => o.kind === 'count' && o.action.kind === 'moveTroops' && o.max >= 2);

describe('plural words (Intl.PluralRules), in both languages', () => {
  it('the dictionaries: one form for 1 (and 0 in French), the general form otherwise', () => {
    expect(textIn('en', 'combat.troops', { count: 1 })).toBe('1 troop');
    expect(textIn('en', 'combat.troops', { count: 0 })).toBe('0 troops');
    expect(textIn('en', 'combat.troops', { count: 2 })).toBe('2 troops');
    expect(textIn('fr', 'combat.troops', { count: 1 })).toBe('1 troupe');
    expect(textIn('fr', 'combat.troops', { count: 0 })).toBe('0 troupe');
    expect(textIn('fr', 'combat.troops', { count: 2 })).toBe('2 troupes');
    expect(textIn('en', 'spread.stage', { count: 1 })).toBe('Apply (1 side)');
    expect(textIn('fr', 'spread.stage', { count: 3 })).toBe('Appliquer (3 côtés)');
  });

  it('on the screen: a staged move of 1 troop says "1 troop", "1 troupe" in French', async () => {
    screen = await screenAt('ui-plurals', twoToMove);
    const { $, host } = screen;
    $('#curtain')!.click();
    await tick();
    const source = legalKeys(host).find((k) => legalOptions(screen!.table.view().state, screen!.seat).some((o) => o.kind === 'count' && o.action.kind === 'moveTroops' && o.max >= 2 && `${o.action.from.q},${o.action.from.r}` === k))!;
    clickHex(host, source);
    await tick();
    clickHex(host, legalKeys(host)[0]!);
    await tick();
    const count = $('#count') as HTMLInputElement;
    count.value = '1';
    count.dispatchEvent(new InputEvent('input', { bubbles: true }));
    await tick();
    $('#stage')!.click();
    await tick();
    expect($('#staged li')!.textContent).toMatch(/^1 troop \(/);
    setLanguage('fr');
    await tick();
    expect($('#staged li')!.textContent).toMatch(/^1 troupe \(/);
    setLanguage('en');
    await tick();
  });
});
