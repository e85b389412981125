import { render } from 'solid-js/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DecisionKind, type GameState, type Vault, awaiting, hexKey, legalOptions, neighbour } from '../../engine/index.js';
import { localVault } from '../../engine/local/index.js';
import { ruleIdsIn } from '../../src/app/RuleText.js';
import { PromptBar } from '../../src/game/PromptBar.js';
import { contextAt, stageView } from '../../src/game/turn/controllers.js';
import { EMPTY_DRAFT } from '../../src/game/turn/parts.js';
import type { StageView } from '../../src/game/turn/types.js';
import { whyAt } from '../../src/game/turn/why.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { setLanguage, textIn } from '../../src/i18n/index.js';
import enRules from '../../docs/rules.md?html';
import frRules from '../../docs/rules.fr.md?html';
import { type Position, buildPositions, vaultsFor } from '../support/positions.js';
import { config, inputsUntil } from './conquestSupport.js';

/**
 * Help where a newcomer stops (issue 22, item 3): every decision's prompt has a "why" in both
 * languages, citing a rule that the rules page has an anchor for (as does every rule id the prompt
 * itself cites); the prompt bar links those ids to the rule; the spread and withdraw panels name
 * the neighbour each frontier faces and draw an arrow to it on the board.
 */

beforeAll(() => setLanguage('en'));
afterAll(() => setLanguage('en'));

/** The rule anchors of a rulebook as the rules page shows it (rendered as the page's build renders it). */
const anchors = (html: string): Set<string> => new Set([...html.matchAll(/id="rule-([A-Z]\d+[a-z]?)"/g)].map((m) => m[1]!));
const ANCHORS = { en: anchors(enRules), fr: anchors(frRules) };

const seatOf = (s: GameState): number | null => {
  const who = awaiting(s);
  return who.kind === 'seat' ? who.seat : null;
};
/** The view the person awaited at `state` sees, with nothing chosen yet. */
function viewAt(state: GameState, vault: Vault, lang: 'en' | 'fr'): StageView | null {
  setLanguage(lang);
  const ctx = contextAt(state, seatOf(state)!, vault, lang);
  return ctx ? stageView(ctx, EMPTY_DRAFT) : null;
}

/** Map creation's stages, met in one game of 2 played by the page's bot (the shared positions' map comes from longer random games). */
function mapPositions(): Position[] {
  const cfg = config(2, 'why-map');
  const seatAt = (s: GameState): number => (awaiting(s) as { seat: number }).seat;
  const stops: [string, (s: GameState) => boolean][] = [
    ['take', (s) => s.phase.stage.kind === 'take' && s.seats[seatAt(s)]!.faceUp !== null],
    ['place', (s) => s.phase.stage.kind === 'place'],
    ['portal', (s) => s.phase.stage.kind === 'portal' && legalOptions(s, seatAt(s)).some((o) => o.kind === 'one' && o.action.kind === 'placePortal')],
    ['finalRound', (s) => s.phase.stage.kind === 'finalRound'],
  ];
  return stops.map(([name, stop]) => ({ name: `${name}: one game of 2`, seed: cfg.seed, state: inputsUntil(cfg, stop).state }));
}
const POSITIONS = [...mapPositions(), ...buildPositions(false)];

describe('the why beside every prompt', () => {
  const positions = POSITIONS.filter((p) => seatOf(p.state) !== null);
  const views = positions.flatMap((p) => {
    const vault = vaultsFor(p.state, p.seed)[seatOf(p.state)!]!;
    const en = viewAt(p.state, vault, 'en');
    const fr = viewAt(p.state, vault, 'fr');
    setLanguage('en');
    return en && fr ? [{ name: p.name, kind: p.state.phase.stage.kind as DecisionKind, state: p.state, vault, en, fr }] : [];
  });

  it('covers every stage a person is asked about', () => {
    const kinds = new Set(views.map((v) => v.kind));
    // Every decision stage with a controller that shows a prompt (pile, draw, drawing and over ask nobody).
    // A reshuffle needs a deck run out, black tiles a fenced-in portal: those are checked below.
    expect([...kinds].sort()).toEqual(
      ['abilities', 'ignore', 'peek', 'armies', 'camps', 'choose', 'deal', 'discards', 'exercise', 'finalRound', 'keepOrAccount', 'losses', 'moves', 'opposing', 'place', 'portal', 'proposal', 'refill', 'requests', 'returnUnits', 'secretCommit', 'secretReveal', 'spread', 'take', 'vacate', 'vassalTroops'].sort(),
    );
    const ctx = contextAt(views.find((v) => v.kind === 'armies')!.state, 0, null, 'en')!;
    expect(whyAt({ ...ctx, stage: { ...ctx.stage, kind: 'abilities' } } as typeof ctx)).toEqual({ key: 'why.abilities', rule: 'K15' });
    expect(whyAt({ ...ctx, stage: { ...ctx.stage, kind: 'reshuffle' } } as typeof ctx)).toEqual({ key: 'why.deal', rule: 'K5b' });
    expect(whyAt({ ...ctx, stage: { ...ctx.stage, kind: 'blacks' } } as typeof ctx)).toEqual({ key: 'why.blacks', rule: 'M14' });
  });

  it('every prompt has a why, in English and in French, from its own dictionary', () => {
    for (const v of views) {
      expect(v.en.why, v.name).not.toBeNull();
      expect(v.fr.why, v.name).not.toBeNull();
      const why = whyAt(contextAt(v.state, seatOf(v.state)!, v.vault, 'en')!)!;
      // A why that says the case at hand (K18's counts) fills its placeholders, the same in both languages.
      expect(v.en.why!.text, v.name).toBe(why.args ? textIn('en', why.key, why.args) : en[why.key]);
      expect(v.fr.why!.text, v.name).toBe(why.args ? textIn('fr', why.key, why.args) : fr[why.key]);
      expect(v.fr.why!.text, v.name).not.toBe(v.en.why!.text);
      expect(v.fr.why!.rule).toBe(v.en.why!.rule);
    }
  });

  it('cites rules the rules page has an anchor for, in both rulebooks, as does every rule id a prompt cites', () => {
    expect(ANCHORS.en.size).toBeGreaterThan(150);
    expect([...ANCHORS.fr].sort()).toEqual([...ANCHORS.en].sort());
    for (const v of views) {
      for (const lang of ['en', 'fr'] as const) {
        const view = v[lang];
        for (const id of [view.why!.rule, ...ruleIdsIn(view.text)]) expect(ANCHORS[lang].has(id), `${v.name} (${lang}): ${id}`).toBe(true);
      }
    }
  });

  it('the portal step before anywhere is legal says why nothing glows (M7); a later one what the portal is for (M11)', () => {
    const cfg = config(2, 'why-portal');
    const early = inputsUntil(cfg, (s) => s.phase.stage.kind === 'portal').state;
    const seat = seatOf(early)!;
    const v = viewAt(early, localVault(cfg.seed, seat), 'en')!;
    setLanguage('en');
    expect(v.legal.size).toBe(0);
    expect(v.why).toEqual({ text: en['why.portalNowhere'], rule: 'M7' });
    const some = views.find((x) => x.kind === 'portal' && x.en.legal.size > 0)!;
    expect(some.en.why!.rule).toBe('M11');
  });

  it('the prompt bar shows the why and links every rule id to its rule, in a new tab', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(() => <PromptBar text="Player 1: moving troops (E1)" why={{ text: 'Moves gather troops.', rule: 'E1' }} hint="M6: a tile already stands there" buttons={[]} timer="0:00" mine />, host);
    const links = [...host.querySelectorAll('a.rule-link')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]);
    expect(links).toEqual([
      ['E1', '#/rules#E1', '_blank'],
      ['E1', '#/rules#E1', '_blank'],
      ['M6', '#/rules#M6', '_blank'],
    ]);
    expect(host.querySelector('#why')!.textContent).toContain('Moves gather troops.');
    expect(host.querySelector('#prompt')!.textContent).toBe('Player 1: moving troops (E1)');
    dispose();
    host.remove();
  });
});

describe('frontiers by the neighbour they face, with arrows on the board', () => {
  const named = (prefix: string) => POSITIONS.find((p) => p.name.startsWith(prefix))!;

  it('spreading: a row per side names the neighbour, and an arrow goes from the tile to it', () => {
    const p = named('spread:');
    const seat = seatOf(p.state)!;
    const ctx = contextAt(p.state, seat, null, 'en')!;
    const tile = '4,-2';
    const v = stageView(ctx, { ...EMPTY_DRAFT, picked: tile })!;
    expect(v.panel!.kind).toBe('steppers');
    const rows = (v.panel as unknown as { rows: { id: string; label: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.label).not.toMatch(/toward/i);
      expect(row.label).toMatch(/^[→↘↙←↖↗] to /);
    }
    const dirs = rows.map((r) => Number(r.id.replace('side-', '')));
    expect(v.arrows).toEqual(dirs.map((d) => ({ from: tile, to: hexKey(neighbour({ q: 4, r: -2 }, d as 0)) })));
    // The neighbour by name: its terrain, and who holds it or its wild markers.
    expect(rows.some((r) => /held by Player|wild \d/.test(r.label))).toBe(true);
    // Staged, troops sent to a side stay drawn as an arrow to the neighbour (not a side emptied).
    const to = (d: number) => hexKey(neighbour({ q: 4, r: -2 }, d as 0));
    const staged = stageView(ctx, { ...EMPTY_DRAFT, staged: [{ kind: 'spread', seat, at: { q: 4, r: -2 }, dir: dirs[0]! as 0, count: 2 }, { kind: 'spread', seat, at: { q: 4, r: -2 }, dir: dirs[1]! as 0, count: 0 }] })!;
    expect(staged.arrows).toEqual([{ from: tile, to: to(dirs[0]!) }]);
  });

  it('withdrawing: each frontier by both its tiles, and an arrow across it', () => {
    const p = named('camps:');
    const ctx = contextAt(p.state, seatOf(p.state)!, null, 'fr')!;
    setLanguage('fr');
    const v = stageView(ctx, EMPTY_DRAFT)!;
    setLanguage('en');
    const rows = (v.panel as unknown as { rows: { label: string }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.label).toMatch(/^De .+ [→↘↙←↖↗] .+/);
    expect(v.arrows.length).toBe(rows.length);
  });
});
