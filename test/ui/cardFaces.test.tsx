import { render } from 'solid-js/web';
import type { JSX } from 'solid-js';
import { afterEach, describe, expect, it } from 'vitest';
import { type CardId, CIVILISATIONS, CIVILISATION_IDENTITY, COMMON_CARDS, TECHNOLOGIES, fullWorld } from '../../engine/index.js';
import { CardView } from '../../src/cards/CardView.js';
import { cardFace } from '../../src/cards/cardInfo.js';
import { SeatEditor } from '../../src/home/SeatEditor.js';
import { defaultSeats } from '../../src/game/config.js';
import { setLanguage } from '../../src/i18n/index.js';

/**
 * A card's face is drawn from its data (issue 21, item 5): the picture (a unit-type glyph and the
 * civilisation's emblem, or the common card's or technology's own glyph), cost, strength, name and
 * rules text in the page's language; and Home says what each civilisation is like.
 */

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const d of disposers.splice(0)) d();
  setLanguage('en');
});
const mount = (ui: () => JSX.Element): HTMLElement => {
  const host = document.createElement('div');
  document.body.append(host);
  disposers.push(render(ui, host), () => host.remove());
  return host;
};
const glyphs = (host: HTMLElement): string[] => [...host.querySelectorAll('.card-art [data-glyph]')].map((g) => g.getAttribute('data-glyph')!);

describe('a card’s face', () => {
  it('shows a designed unit’s name, cost, strength, type glyph, emblem and rules text, in English then in French', () => {
    setLanguage('en');
    const host = mount(() => <CardView card="dwarves.captain" />);
    const $ = (sel: string) => host.querySelector(sel)!;
    expect($('.card-name').textContent).toBe('Captain');
    expect($('.card-cost').textContent).toBe('2');
    expect($('.card-strength').textContent).toBe('2');
    expect(glyphs(host)).toEqual(['rank:warrior', 'civ:dwarves']);
    expect($('.card-art').getAttribute('aria-label')).toBe('Warrior · Dwarves');
    expect($('.card-text').textContent).toBe('Immediate: draw 1 card.');
    setLanguage('fr');
    expect($('.card-name').textContent).toBe('Capitaine');
    expect($('.card-art').getAttribute('aria-label')).toBe('Guerrier · Nains');
    expect($('.card-text').textContent).toBe('Immédiate : piochez 1 carte.');
    expect($('.card-cost').textContent).toBe('2');
  });

  it('draws each unit type with its own glyph, and commons and technologies with theirs', () => {
    const host = mount(() => (
      <>
        {(['necromancers.basic', 'necromancers.warrior', 'necromancers.greater', 'necromancers.tactical', 'necromancers.champion', 'necromancers.immortal', 'crystal2', 'terrain', 'supremacy'] as CardId[]).map((c) => (
          <CardView card={c} compact />
        ))}
      </>
    ));
    expect(glyphs(host).filter((g) => !g.startsWith('civ:'))).toEqual(['rank:basic', 'rank:warrior', 'rank:greater', 'rank:tactical', 'rank:champion', 'rank:immortal', 'common:crystal2', 'common:terrain', 'technology:supremacy']);
    // A picture's shapes are all different: no two ranks drawn alike.
    const drawn = [...host.querySelectorAll('.card-art .art-main')].slice(0, 6).map((g) => g.innerHTML);
    expect(new Set(drawn).size).toBe(6);
    // Compact (the hand, the shop, the combat) keeps the rules text, and says it whole on hover.
    const compact = host.querySelector('[data-card="crystal2"]')!;
    expect(compact.querySelector('.card-text')!.textContent).toBe(cardFace('crystal2', 'en').text);
    expect(compact.getAttribute('title')).toMatch(/^Energy Crystal \(2\): /);
  });

  it('gives every card of every World, every common card and every technology a picture and a text in both languages', () => {
    const all: CardId[] = [...COMMON_CARDS, ...TECHNOLOGIES, ...CIVILISATIONS.flatMap((civ) => Object.keys(fullWorld(civ)) as CardId[])];
    const host = mount(() => <>{all.map((c) => <CardView card={c} />)}</>);
    for (const lang of ['en', 'fr'] as const) {
      setLanguage(lang);
      const faces = [...host.querySelectorAll('.card-view')];
      expect(faces.length).toBe(all.length);
      for (const face of faces) {
        const id = face.getAttribute('data-card');
        expect(face.querySelector('.card-art .art-main'), id!).not.toBeNull();
        expect(face.querySelector('.card-art')!.getAttribute('aria-label'), id!).not.toBe('');
        expect(face.querySelector('.card-text')!.textContent!.length, id!).toBeGreaterThan(0);
      }
    }
  });

  it('turns a neutralised unit face down at 0, and shows a strength changed in the combat', () => {
    const host = mount(() => (
      <>
        <CardView card="druids.shaman" compact down />
        <CardView card="druids.basic" compact strength={3} />
      </>
    ));
    const [down, boosted] = [...host.querySelectorAll('.card-view')];
    expect(down!.classList.contains('down')).toBe(true);
    expect(down!.querySelector('.card-strength')!.textContent).toBe('0');
    expect(boosted!.querySelector('.card-strength')!.textContent).toBe('3');
    expect(boosted!.querySelector('.card-strength')!.classList.contains('changed')).toBe(true);
  });
});

describe('what each civilisation is like', () => {
  it('has one line of identity per civilisation, in English and in French', () => {
    for (const civ of CIVILISATIONS) {
      for (const lang of ['en', 'fr'] as const) {
        expect(CIVILISATION_IDENTITY[civ].style[lang].length, civ).toBeGreaterThan(0);
        expect(CIVILISATION_IDENTITY[civ].line[lang].length, civ).toBeGreaterThan(10);
      }
      expect(CIVILISATION_IDENTITY[civ].line.fr).not.toBe(CIVILISATION_IDENTITY[civ].line.en);
    }
  });

  it('is said beside each seat’s civilisation on Home, and follows the choice and the language', () => {
    const seats = defaultSeats(6, 'hotseat');
    const host = mount(() => <SeatEditor seats={seats} onChange={() => {}} />);
    const lines = () => [...host.querySelectorAll('.civ-identity')].map((l) => [l.getAttribute('data-civ'), l.textContent!.trim()]);
    expect(lines()).toEqual(seats.map((s) => [s.civilisation, `${CIVILISATION_IDENTITY[s.civilisation].style.en}: ${CIVILISATION_IDENTITY[s.civilisation].line.en}`]));
    expect(lines().find(([c]) => c === 'elves')![1]).toMatch(/^Swarm: .*cheap units/);
    // Each option of the choice names the style too.
    expect([...host.querySelectorAll('tr[data-seat="0"] select')[1]!.querySelectorAll('option')].map((o) => o.textContent)).toContain('Tritons · Disrupt');
    setLanguage('fr');
    expect(lines().find(([c]) => c === 'necromancers')![1]).toBe(`${CIVILISATION_IDENTITY.necromancers.style.fr}: ${CIVILISATION_IDENTITY.necromancers.line.fr}`);
  });
});
