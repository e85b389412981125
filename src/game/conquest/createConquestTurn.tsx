import { type Accessor, type JSX, createMemo, createSignal, on, createEffect } from 'solid-js';
import {
  type Battle,
  type GameState,
  type Hex,
  type HexKey,
  type Option,
  type Seat,
  type SeatAction,
  type Stage,
  type Vault,
  choiceIncluded,
  commitFor,
  hexKey,
  legalOptions,
  optionIncludes,
} from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { cardFace } from '../../cards/cardInfo.js';
import { type Key, language, t } from '../../i18n/index.js';
import { stageKey } from '../conquestPrompt.js';
import type { PromptButton } from '../PromptBar.js';
import {
  type Step,
  actionsByHex,
  applyAll,
  campWords,
  combatHexes,
  combatWords,
  countSteps,
  dirName,
  exerciseSteps,
  findOption,
  ones,
  seatWords,
  spreadByTile,
  stepsBySource,
} from './options.js';
import { type Cart, EMPTY_CART, FeintPanel, ShopPanel, cartChoice, feintChoice } from './SecretPanel.js';
import { Stepper } from './Stepper.js';
import { SubsetPanel } from './SubsetPanel.js';
import { TakePanel, firstTake, takeOf } from './TakePanel.js';

export interface ConquestTurnInput {
  readonly state: Accessor<GameState>;
  /** The seat whose choice this device shows now (the awaited person, revealed), else null. */
  readonly seat: Accessor<Seat | null>;
  readonly vault: Accessor<Vault | null>;
  readonly seq: Accessor<number>;
  /** Sends one action to the table; true when it was applied. */
  readonly submit: (action: SeatAction) => Promise<boolean>;
  readonly setHint: (text: string | null) => void;
}

/** What the screen shows for the conquest choice of the person at the device. */
export interface ConquestView {
  readonly text: string;
  readonly buttons: readonly PromptButton[];
  readonly legal: ReadonlySet<HexKey>;
  readonly selected: HexKey | null;
  readonly panel: (() => JSX.Element) | null;
  /** Steps staged or being chosen, drawn as arrows on the board until sent. */
  readonly arrows: readonly { readonly from: HexKey; readonly to: HexKey }[];
}

export interface ConquestTurn {
  /** Null when there is nothing for the person here to choose. */
  readonly view: Accessor<ConquestView | null>;
  /** The position the staged (unsent) steps would make, for the board; null without a draft. */
  readonly preview: Accessor<GameState | null>;
  /** A click on a hex of the board: true when the conquest choice used it. */
  pick(hex: Hex): boolean;
  /** Esc: drops the current selection (not the staged steps). */
  cancel(): void;
}

const NONE: ReadonlySet<HexKey> = new Set();

/**
 * The conquest's interactions (issue 10, item 3): each stage kind the engine can wait on becomes
 * a prompt, board highlights and, where counts or secrets are chosen, a panel, all built from the
 * engine's legal options. Reversible steps (moves, spreading) are staged on a draft previewed by
 * the engine, and sent on "Done"; irreversible choices ask first. No rule is decided here: a
 * choice offered is one of `legalOptions`, and what is sent is checked by the engine again.
 */
export function createConquestTurn(input: ConquestTurnInput): ConquestTurn {
  const [draft, setDraft] = createSignal<readonly SeatAction[]>([]);
  const [source, setSource] = createSignal<HexKey | null>(null);
  const [target, setTarget] = createSignal<HexKey | null>(null);
  const [count, setCount] = createSignal(1);
  const [sides, setSides] = createSignal<Readonly<Record<number, number>>>({});
  const [feints, setFeints] = createSignal<Readonly<Record<number, number>>>({});
  const [cart, setCart] = createSignal<Cart>(EMPTY_CART);
  const [take, setTake] = createSignal<Readonly<Record<number, number>> | null>(null);
  const [subset, setSubset] = createSignal<ReadonlySet<string>>(new Set());
  const [account, setAccount] = createSignal<number | null>(null);
  const [framed, setFramed] = createSignal<number | null>(null);
  const [asking, setAsking] = createSignal<{ readonly question: string; readonly run: () => void } | null>(null);
  const [busy, setBusy] = createSignal(false);

  const reset = (): void => {
    setDraft([]);
    setSource(null);
    setTarget(null);
    setSides({});
    setFeints({});
    setCart(EMPTY_CART);
    setTake(null);
    setSubset(new Set<string>());
    setAccount(null);
    setFramed(null);
    setAsking(null);
  };
  createEffect(on(input.seq, reset, { defer: true }));

  const draftState = createMemo<GameState | null>(() => (draft().length === 0 ? null : applyAll(input.state(), draft())));
  const current = (): GameState => draftState() ?? input.state();
  const options = createMemo<readonly Option[]>(() => {
    const seat = input.seat();
    return seat === null ? [] : legalOptions(current(), seat, input.vault() ?? undefined);
  });

  /** Sends actions in order; stops at the first refused. */
  const send = async (actions: readonly SeatAction[]): Promise<void> => {
    if (busy()) return;
    setBusy(true);
    try {
      for (const a of actions) if (!(await input.submit(a))) break;
    } finally {
      setBusy(false);
    }
  };
  const ask = (question: string, run: () => void): void => void setAsking({ question, run });
  const button = (id: string, label: string, onClick: () => void, extra: Partial<PromptButton> = {}): PromptButton => ({ id, label, onClick, ...extra, disabled: busy() || !!extra.disabled });
  const doneButton = (label: Key, extra: Partial<PromptButton> = {}): PromptButton[] => {
    const done = ones(options(), 'done')[0];
    return done ? [button('done', t(label), () => void send([...draft(), done]), extra)] : [];
  };
  const undo = (): PromptButton[] => (draft().length > 0 ? [button('undo', t('game.undo'), () => setDraft(draft().slice(0, -1)), { key: 'Z' })] : []);

  // ---------------------------------------------------------------- hex-to-hex steps (moves, requests, exercises)

  const stepView = (steps: readonly Step[], what: { readonly staged: boolean; readonly verb: Key; readonly pickFrom: Key; readonly pickTo: Key }, done: PromptButton[]): Partial<ConquestView> => {
    const bySource = stepsBySource(steps);
    const from = source();
    const to = target();
    const targets = from ? bySource.get(from) : undefined;
    const step = from && to ? targets?.get(to) : undefined;
    const max = step?.option.kind === 'count' ? step.option.max : 1;
    const stepAction = (): SeatAction | null => (step ? (step.option.kind === 'count' ? { ...step.option.action, count: Math.min(count(), max) } : step.option.action) : null);
    const go = (): void => {
      const a = stepAction();
      if (!a) return;
      if (what.staged) {
        setDraft([...draft(), a]);
        setSource(null);
        setTarget(null);
      } else void send([a]);
    };
    const buttons: PromptButton[] = [];
    if (step) buttons.push(button('stage', t(what.verb, { count: Math.min(count(), max), from: hexLabelOf(step.from), to: hexLabelOf(step.to) }), go, { primary: true, key: 'Enter' }));
    if (from) buttons.push(button('cancel', t('game.cancel'), () => (setSource(null), setTarget(null))));
    buttons.push(...undo(), ...done);
    return {
      arrows: step ? [{ from: step.from, to: step.to }] : [],
      text: t(step ? 'conquest.howMany' : from ? what.pickTo : what.pickFrom),
      buttons,
      legal: new Set(targets ? targets.keys() : bySource.keys()),
      selected: to ?? from,
      panel:
        step && step.option.kind === 'count'
          ? () => (
              <section class="conquest-panel count">
                <Stepper id="count" label={t('conquest.count', { from: hexLabelOf(step.from), to: hexLabelOf(step.to) })} value={Math.min(count(), max)} min={step.option.kind === 'count' ? step.option.min : 1} max={max} onChange={setCount} />
                <StagedList actions={draft()} />
              </section>
            )
          : draft().length > 0
            ? () => (
                <section class="conquest-panel count">
                  <StagedList actions={draft()} />
                </section>
              )
            : null,
    };
  };
  const pickStep = (steps: readonly Step[], key: HexKey): boolean => {
    const bySource = stepsBySource(steps);
    const from = source();
    if (from === key) return void (setSource(null), setTarget(null)), true;
    const targets = from ? bySource.get(from) : undefined;
    if (targets?.has(key)) {
      const s = targets.get(key)!;
      setTarget(key);
      setCount(s.option.kind === 'count' ? s.option.max : 1);
      return true;
    }
    if (bySource.has(key)) return void (setSource(key), setTarget(null)), true;
    return false;
  };

  // ---------------------------------------------------------------- the stage's view

  const stageView = (stage: Stage, seat: Seat): Partial<ConquestView> | null => {
    const opts = options();
    const lang = language();
    switch (stage.kind) {
      case 'deal':
      case 'reshuffle': {
        const commit = ones(opts, 'commitCards')[0];
        return commit ? { buttons: [button('commit-cards', t('conquest.commitCards'), () => void send([commit]), { primary: true })] } : null;
      }
      case 'drawing':
      case 'over':
      case 'production':
      case 'combats':
      case 'strengths':
      case 'consequences':
      case 'endCombat':
      case 'troops':
      case 'endDay':
        return null;
      case 'moves':
        return stepView(countSteps(opts, 'moveTroops'), { staged: true, verb: 'moves.stage', pickFrom: 'moves.pickFrom', pickTo: 'moves.pickTo' }, doneButton(draft().length > 0 ? 'moves.doneStaged' : 'moves.done'));
      case 'spread':
        return spreadView(opts);
      case 'secretCommit': {
        const o = findOption(opts, 'feints') ?? findOption(opts, 'purchase');
        if (!o || o.secret === null) return null;
        const choice = o.kind === 'feints' ? feintChoice(o, feints()) : cartChoice(cart());
        const legal = choiceIncluded(o, choice);
        const commit = (): void => {
          const a = commitFor(o, choice);
          if (a) ask(t(o.kind === 'feints' ? 'feints.sure' : 'shop.sure'), () => void send([a]));
        };
        return {
          text: t(o.kind === 'feints' ? 'feints.prompt' : 'shop.prompt'),
          buttons: [button('commit', t('conquest.commit'), commit, { primary: true, disabled: !legal })],
          panel:
            o.kind === 'feints'
              ? () => <FeintPanel option={o} counts={feints()} onChange={(i, n) => setFeints({ ...feints(), [i]: n })} />
              : () => <ShopPanel option={o} cart={cart()} onChange={setCart} />,
        };
      }
      case 'secretReveal': {
        const reveal = ones(opts, 'revealSecret')[0];
        return reveal ? { text: t('conquest.revealPrompt'), buttons: [button('reveal', t('conquest.reveal'), () => void send([reveal]), { primary: true })] } : null;
      }
      case 'choose': {
        const combats = opts.flatMap((o) => (o.kind === 'one' && o.action.kind === 'chooseCombat' ? [o.action] : []));
        const f = framed();
        return {
          text: t('choose.prompt'),
          buttons: combats.map((a, i) =>
            button(`combat-${i}`, combatWords(a.combat, lang), () => void send([a]), { primary: f === i, onHover: (on) => setFramed(on ? i : f === i ? null : f) }),
          ),
          legal: new Set(combats.flatMap((a) => combatHexes(a.combat))),
          selected: f !== null && combats[f] ? combatHexes(combats[f]!.combat)[0]! : null,
        };
      }
      case 'camps': {
        const joins = opts.flatMap((o) => (o.kind === 'one' && o.action.kind === 'joinCamp' ? [o.action] : []));
        const withdraws = opts.filter((o): o is Extract<Option, { kind: 'count' }> => o.kind === 'count' && o.action.kind === 'withdraw');
        return {
          text: t('camps.prompt', { ready: stage.ready.map((s) => seatWords(current(), s, lang)).join(', ') || '—' }),
          buttons: [
            ...joins.map((a) => button(`camp-${a.camp}`, a.camp === seat ? t('camps.own') : t('camps.join', { camp: campWords(current(), a.camp, lang) }), () => void send([a]))),
            ...doneButton('camps.ready', { primary: true }),
          ],
          panel:
            withdraws.length > 0
              ? () => (
                  <section class="conquest-panel withdraw">
                    <h3>{t('camps.withdrawTitle')}</h3>
                    {withdraws.map((w, i) => {
                      const [n, setN] = createSignal(w.min);
                      const a = w.action as Extract<SeatAction, { kind: 'withdraw' }>;
                      return (
                        <div class="withdraw-row">
                          <Stepper id={`withdraw-${i}`} label={t('camps.withdrawFrom', { at: hexLabel(a.at), dir: dirName(a.dir, language()) })} value={n()} min={w.min} max={w.max} onChange={setN} />
                          <button type="button" id={`withdraw-go-${i}`} disabled={busy()} onClick={() => void send([{ ...a, count: n() }])}>
                            {t('camps.withdraw', { count: n() })}
                          </button>
                        </div>
                      );
                    })}
                  </section>
                )
              : null,
        };
      }
      case 'proposal':
        return {
          text: t('proposal.prompt', { player: seatWords(current(), stage.proposer, lang), camp: campWords(current(), stage.camp, lang) }),
          buttons: opts.flatMap((o) =>
            o.kind === 'one' && o.action.kind === 'answer' ? [button(o.action.accept ? 'accept' : 'refuse', t(o.action.accept ? 'proposal.accept' : 'proposal.refuse'), () => void send([o.action]), { primary: o.action.accept })] : [],
          ),
        };
      case 'discards': {
        const o = findOption(opts, 'discard');
        if (!o) return null;
        const chosen = o.hand.filter((c) => subset().has(c.ref));
        const a: SeatAction = { kind: 'discardExtra', seat, cards: chosen };
        return {
          text: t('discards.prompt'),
          buttons: [button('discard', t('discards.go', { count: chosen.length }), () => (chosen.length > 0 ? ask(t('discards.sure', { count: chosen.length }), () => void send([a])) : void send([a])), { primary: true, disabled: !optionIncludes(o, a) })],
          panel: () => (
            <SubsetPanel id="discard" title={t('discards.title')} help={t('discards.help')} items={o.hand.map((c) => ({ key: c.ref, label: cardFace(c.value, language()).name }))} chosen={subset()} onToggle={toggle} />
          ),
        };
      }
      case 'armies': {
        const plays = opts.flatMap((o) => (o.kind === 'one' && o.action.kind === 'playUnit' ? [o.action] : []));
        return {
          text: t(plays.length > 0 ? 'armies.prompt' : 'armies.noUnit'),
          buttons: [
            // Copies of one card in the hand play alike: one button per card, with the copies.
            ...[...new Set(plays.map((a) => a.opening.value))].map((card, i) => {
              const face = cardFace(card, lang);
              const copies = plays.filter((a) => a.opening.value === card);
              const label = t('armies.play', { card: face.name, strength: face.strength ?? 0 }) + (copies.length > 1 ? ` ×${copies.length}` : '');
              return button(`play-${i}`, label, () => void send([copies[0]!]), { primary: i === 0 });
            }),
            ...doneButton('armies.complete').map((b) => ({ ...b, onClick: () => ask(t('armies.sure'), b.onClick) })),
          ],
        };
      }
      case 'abilities':
        return { text: t('abilities.prompt'), buttons: doneButton('abilities.pass', { primary: true }) };
      // The abilities' own controls come with the abilities' UI; until then the passive choices.
      case 'peek': {
        const keep = opts.find((o) => o.kind === 'one' && o.action.kind === 'putBack' && o.action.first === 'keep');
        return keep?.kind === 'one' ? { text: t('peek.prompt'), buttons: [button('peek-keep', t('peek.keep'), () => void send([keep.action]), { primary: true })] } : null;
      }
      case 'ignore':
        return {
          text: t('ignore.prompt'),
          buttons: opts.flatMap((o, i) => (o.kind === 'one' && o.action.kind === 'ignoreEffect' ? [button(`ignore-${i}`, t(o.action.ignore ? 'ignore.yes' : 'ignore.no'), () => void send([o.action]), { primary: i === 0 })] : [])),
        };
      case 'opposing':
        return {
          text: t('opposing.prompt'),
          buttons: opts.flatMap((o, i) => (o.kind === 'one' && o.action.kind === 'chooseOpposing' ? [button(`opposing-${i}`, campWords(current(), o.action.camp, lang), () => void send([o.action]))] : [])),
        };
      case 'losses':
      case 'refill': {
        const o = findOption(opts, 'take');
        if (!o) return null;
        const counts = take() ?? firstTake(o);
        const a = { ...o.action, take: takeOf(o, counts) } as SeatAction;
        return {
          text: t(stage.kind === 'losses' ? 'take.lossesPrompt' : 'take.refillPrompt', { at: hexLabel(o.action.at) }),
          buttons: [button('take', t('game.confirm'), () => void send([a]), { primary: true, disabled: !optionIncludes(o, a) })],
          legal: new Set([hexKey(o.action.at)]),
          selected: hexKey(o.action.at),
          panel: () => <TakePanel option={o} counts={take() ?? firstTake(o)} onChange={(dir, n) => setTake({ ...(take() ?? firstTake(o)), [dir]: n })} />,
        };
      }
      case 'returnUnits': {
        const o = findOption(opts, 'return');
        if (!o) return null;
        const units = [...stage.battle.units, ...stage.battle.aside];
        const chosen = o.units.filter((id) => subset().has(String(id)));
        const a: SeatAction = { kind: 'returnUnits', seat, units: chosen };
        return {
          text: t('return.prompt'),
          buttons: [button('return', t('return.go', { count: chosen.length, gone: o.units.length - chosen.length }), () => ask(t('return.sure', { count: chosen.length, gone: o.units.length - chosen.length }), () => void send([a])), { primary: true, disabled: !optionIncludes(o, a) })],
          panel: () => (
            <SubsetPanel
              id="return"
              title={t('return.title')}
              help={t('return.help')}
              items={o.units.map((id) => ({ key: String(id), label: cardFace(units.find((u) => u.id === id)!.card, language()).name }))}
              chosen={subset()}
              onToggle={toggle}
            />
          ),
        };
      }
      case 'keepOrAccount': {
        const keep = ones(opts, 'keepHand')[0];
        const o = findOption(opts, 'account');
        const n = account() ?? o?.max ?? 0;
        const buttons = keep ? [button('keep', t('keep.keep'), () => void send([keep]), { primary: true })] : [];
        if (o) {
          const a = { ...o.action, setAside: n };
          buttons.push(button('account', t('keep.account', { total: n }), () => ask(t('keep.sure', { total: n }), () => void send([a])), { disabled: !optionIncludes(o, a) }));
        }
        const p = current().players[seat]!;
        return {
          text: t('keep.prompt'),
          buttons,
          panel: o
            ? () => (
                <section class="conquest-panel account">
                  <p class="panel-help">{t('keep.help', { setAside: p.setAside, energy: p.energy })}</p>
                  <Stepper id="account" label={t('keep.setAside')} value={account() ?? o.max} min={o.min} max={o.max} onChange={setAccount} />
                </section>
              )
            : null,
        };
      }
      case 'exercise':
        return stepView(exerciseSteps(opts), { staged: false, verb: 'exercise.go', pickFrom: 'exercise.pickFrom', pickTo: 'exercise.pickTo' }, doneButton('exercise.pass'));
      case 'vassalTroops':
      case 'vacate': {
        const sites = actionsByHex(opts);
        const sel = source();
        const a = sel ? sites.get(sel) : undefined;
        return {
          text: t(stage.kind === 'vacate' ? 'vacate.prompt' : 'vassal.prompt', stage.kind === 'vacate' ? { at: stage.request.at, player: seatWords(current(), stage.request.suzerain, lang) } : { count: stage.troops }),
          buttons: [button('confirm', t('game.confirm'), () => a && void send([a]), { primary: true, disabled: !a, key: 'Enter' })],
          legal: new Set(sites.keys()),
          selected: sel,
        };
      }
      case 'requests':
        return stepView(countSteps(opts, 'request'), { staged: false, verb: 'requests.go', pickFrom: 'requests.pickFrom', pickTo: 'requests.pickTo' }, doneButton('requests.pass'));
    }
  };

  const toggle = (key: string): void => {
    const next = new Set(subset());
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setSubset(next);
  };

  const spreadView = (opts: readonly Option[]): Partial<ConquestView> => {
    const byTile = spreadByTile(opts);
    const tile = source();
    const sidesOf = tile ? (byTile.get(tile) ?? []) : [];
    const valueOf = (o: (typeof sidesOf)[number]): number => sides()[o.action.kind === 'spread' ? o.action.dir : 0] ?? o.except ?? 0;
    const changed = sidesOf.filter((o) => o.action.kind === 'spread' && valueOf(o) !== (o.except ?? 0));
    const apply = (): void => {
      const actions = changed.map((o) => ({ ...o.action, count: valueOf(o) }) as SeatAction);
      if (applyAll(current(), actions) === null) return void input.setHint(t('spread.refused'));
      setDraft([...draft(), ...actions]);
      setSides({});
      setSource(null);
    };
    const buttons: PromptButton[] = [];
    if (changed.length > 0) buttons.push(button('stage', t('spread.stage', { count: changed.length }), apply, { primary: true, key: 'Enter' }));
    if (tile) buttons.push(button('cancel', t('game.cancel'), () => (setSource(null), setSides({}))));
    buttons.push(...undo(), ...doneButton(draft().length > 0 ? 'spread.doneStaged' : 'spread.done'));
    const territory = tile ? current().territories[tile] : undefined;
    return {
      text: t(tile ? 'spread.sides' : 'spread.pick'),
      buttons,
      legal: new Set(byTile.keys()),
      selected: tile,
      panel:
        tile || draft().length > 0
          ? () => (
              <section class="conquest-panel spread">
                {tile ? <h3>{t('spread.title', { at: tile, troops: territory?.troops ?? 0 })}</h3> : null}
                {sidesOf.map((o) => {
                  const dir = o.action.kind === 'spread' ? o.action.dir : 0;
                  return <Stepper id={`side-${dir}`} label={t('spread.side', { dir: dirName(dir, language()) })} value={valueOf(o)} min={o.min} max={o.max} onChange={(n) => setSides({ ...sides(), [dir]: n })} all={false} />;
                })}
                <StagedList actions={draft()} />
              </section>
            )
          : null,
    };
  };

  const view = createMemo<ConquestView | null>(() => {
    const seat = input.seat();
    const state = input.state();
    if (seat === null || state.phase.name !== 'conquest') return null;
    const what = t(stageKey(state));
    const q = asking();
    if (q)
      return {
        text: t('conquest.prompt', { player: seatWords(state, seat, language()), what: q.question }),
        buttons: [button('confirm-yes', t('conquest.yes'), () => (setAsking(null), q.run()), { primary: true, key: 'Enter' }), button('confirm-no', t('game.cancel'), () => setAsking(null))],
        legal: NONE,
        selected: null,
        panel: null,
        arrows: [],
      };
    const v = stageView(state.phase.stage, seat);
    if (!v) return null;
    return {
      text: `${t('conquest.prompt', { player: seatWords(state, seat, language()), what })}${v.text ? ` · ${v.text}` : ''}`,
      buttons: v.buttons ?? [],
      legal: v.legal ?? NONE,
      selected: v.selected ?? null,
      panel: v.panel ?? null,
      arrows: [...draft().flatMap((d) => (d.kind === 'moveTroops' ? [{ from: hexKey(d.from), to: hexKey(d.to) }] : [])), ...(v.arrows ?? [])],
    };
  });

  const pick = (hex: Hex): boolean => {
    const state = input.state();
    if (input.seat() === null || state.phase.name !== 'conquest' || asking()) return false;
    const key = hexKey(hex);
    const opts = options();
    const stage = state.phase.stage;
    switch (stage.kind) {
      case 'moves':
        return pickStep(countSteps(opts, 'moveTroops'), key);
      case 'requests':
        return pickStep(countSteps(opts, 'request'), key);
      case 'exercise':
        return pickStep(exerciseSteps(opts), key);
      case 'spread':
        if (!spreadByTile(opts).has(key)) return false;
        setSource(source() === key ? null : key);
        setSides({});
        return true;
      case 'vassalTroops':
      case 'vacate':
        if (!actionsByHex(opts).has(key)) return false;
        setSource(key);
        return true;
      case 'choose': {
        const i = opts.findIndex((o) => o.kind === 'one' && o.action.kind === 'chooseCombat' && combatHexes(o.action.combat).includes(key));
        if (i < 0) return false;
        const combats = opts.filter((o) => o.kind === 'one' && o.action.kind === 'chooseCombat');
        setFramed(combats.indexOf(opts[i]!));
        return true;
      }
      default:
        return false;
    }
  };

  return {
    view,
    preview: draftState,
    pick,
    cancel: () => {
      setSource(null);
      setTarget(null);
      setSides({});
      setAsking(null);
    },
  };
}

const hexLabelOf = (key: HexKey): string => `(${key})`;

/** The staged, unsent steps of a draft, in words. */
function StagedList(props: { actions: readonly SeatAction[] }) {
  return (
    <ol class="staged" id="staged" aria-label={t('conquest.staged')}>
      {props.actions.map((a) => (
        <li>
          {a.kind === 'moveTroops'
            ? t('moves.staged', { count: a.count, from: hexLabel(a.from), to: hexLabel(a.to) })
            : a.kind === 'spread'
              ? t('spread.staged', { count: a.count, at: hexLabel(a.at), dir: dirName(a.dir, language()) })
              : a.kind}
        </li>
      ))}
    </ol>
  );
}

export type { Battle };
