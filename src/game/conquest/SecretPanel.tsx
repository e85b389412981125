import { For, Show } from 'solid-js';
import {
  type CardId,
  type Option,
  type RuleError,
  type SecretChoice,
  type Technology,
  choiceError,
  choiceIncluded,
  compareCodeUnits,
} from '../../../engine/index.js';
import { hexLabel } from '../../board/describe.js';
import { cardFace } from '../../cards/cardInfo.js';
import { CardView } from '../../cards/CardView.js';
import { type Key, language, t } from '../../i18n/index.js';
import { ruleHint, ruleReason } from '../ruleText.js';
import { dirName } from './options.js';
import { Stepper } from './Stepper.js';

export type FeintOption = Extract<Option, { kind: 'feints' }>;
export type PurchaseOption = Extract<Option, { kind: 'purchase' }>;

/** A cart: copies of each card, and the technologies chosen. */
export interface Cart {
  readonly cards: Readonly<Record<string, number>>;
  readonly technologies: readonly Technology[];
}
export const EMPTY_CART: Cart = { cards: {}, technologies: [] };

/** The feint a draft stands for, in the engine's canonical order (the option's stacks' order). */
export function feintChoice(option: FeintOption, counts: Readonly<Record<number, number>>): SecretChoice {
  return { purpose: 'feint', feints: option.stacks.flatMap((s, i) => ((counts[i] ?? 0) > 0 ? [{ at: s.at, dir: s.dir, count: counts[i]! }] : [])) };
}

/** The purchase a cart stands for, canonical (sorted). */
export function cartChoice(cart: Cart): SecretChoice {
  const cards = Object.entries(cart.cards).flatMap(([c, n]) => Array<CardId>(n).fill(c as CardId));
  return { purpose: 'purchase', cards: cards.sort(compareCodeUnits), technologies: [...cart.technologies].sort(compareCodeUnits) };
}

/** E5: a private panel, a count per frontier stack to call back. */
export function FeintPanel(props: { option: FeintOption; counts: Readonly<Record<number, number>>; onChange: (i: number, n: number) => void }) {
  return (
    <section class="conquest-panel feints" aria-label={t('feints.title')}>
      <h3>{t('feints.title')}</h3>
      <p class="panel-help">{t('feints.help')}</p>
      <Show when={props.option.stacks.length > 0} fallback={<p>{t('feints.none')}</p>}>
        <For each={props.option.stacks}>
          {(s, i) => (
            <Stepper
              id={`feint-${i()}`}
              label={t('feints.stack', { at: hexLabel(s.at), dir: dirName(s.dir, language()), count: s.count })}
              value={props.counts[i()] ?? 0}
              min={0}
              max={s.count}
              onChange={(n) => props.onChange(i(), n)}
            />
          )}
        </For>
      </Show>
    </section>
  );
}

type ShelfItem = { readonly card: CardId; readonly cost: number; readonly max?: number; readonly shelf: 'units' | 'commons' | 'technologies' };

/**
 * L1-L5: the shop. The wallet and the shelves come from the engine's offer (the World's cards
 * with the copies left, the commons, the technologies, their costs); an item the seat cannot add
 * is greyed with the reason the engine gives for the cart with it (choiceError).
 */
export function ShopPanel(props: { option: PurchaseOption; cart: Cart; onChange: (cart: Cart) => void }) {
  const choice = () => cartChoice(props.cart);
  const count = (card: CardId): number => props.cart.cards[card] ?? 0;
  const owned = (card: CardId): boolean => props.cart.technologies.includes(card as Technology);
  // A technology already in the cart is added again: the engine refuses the second copy (L4), which greys it.
  const added = (item: ShelfItem): Cart =>
    item.shelf === 'technologies'
      ? { ...props.cart, technologies: [...props.cart.technologies, item.card as Technology] }
      : { ...props.cart, cards: { ...props.cart.cards, [item.card]: count(item.card) + 1 } };
  const removed = (item: ShelfItem): Cart =>
    item.shelf === 'technologies'
      ? { ...props.cart, technologies: props.cart.technologies.filter((c) => c !== item.card) }
      : { ...props.cart, cards: { ...props.cart.cards, [item.card]: Math.max(0, count(item.card) - 1) } };
  const why = (item: ShelfItem): RuleError | null => choiceError(props.option, cartChoice(added(item)));
  const spent = () => {
    let units = 0;
    let commons = 0;
    for (const u of props.option.units) units += count(u.card) * u.cost;
    for (const c of props.option.commons) commons += count(c.card) * c.cost;
    const pure = props.option.technologies.filter((x) => owned(x.card)).reduce((n, x) => n + x.cost, 0);
    return { units, commons, pure };
  };
  const shelf = (title: Key, items: readonly ShelfItem[]) => (
    <div class="shelf">
      <h4>{t(title)}</h4>
      <Show when={items.length > 0} fallback={<p class="panel-help">{t('shop.empty')}</p>}>
        <ul>
          <For each={items}>
            {(item) => {
              const face = () => cardFace(item.card, language());
              const reason = () => why(item);
              return (
                <li class="shop-item" classList={{ greyed: reason() !== null }} data-card={item.card}>
                  <span class="shop-name">
                    <CardView card={item.card} compact />
                  </span>
                  <span class="shop-cost">{t('shop.cost', { cost: item.cost })}</span>
                  <Show when={item.max !== undefined}>
                    <span class="shop-copies">{t('shop.copies', { count: item.max ?? 0 })}</span>
                  </Show>
                  <span class="shop-count">{item.shelf === 'technologies' ? (owned(item.card) ? '✓' : '') : `× ${count(item.card)}`}</span>
                  <button type="button" class="shop-remove" aria-label={t('shop.remove', { card: face().name })} disabled={item.shelf === 'technologies' ? !owned(item.card) : count(item.card) === 0} onClick={() => props.onChange(removed(item))}>
                    −
                  </button>
                  <button type="button" class="shop-add" aria-label={t('shop.add', { card: face().name })} disabled={reason() !== null} title={reason() ? ruleHint(reason()!) : undefined} onClick={() => props.onChange(added(item))}>
                    +
                  </button>
                  <Show when={reason()}>
                    {(r) => (
                      <small class="shop-why" data-rule={r().rule}>
                        {ruleReason(r())}
                      </small>
                    )}
                  </Show>
                </li>
              );
            }}
          </For>
        </ul>
      </Show>
    </div>
  );
  return (
    <section class="conquest-panel shop" aria-label={t('shop.title')}>
      <h3>{t('shop.title')}</h3>
      <p class="wallet" id="wallet">
        {t('shop.wallet', { setAside: props.option.setAside, energy: props.option.energy, pure: props.option.pure })}
      </p>
      {shelf('shop.world', props.option.units.map((u) => ({ ...u, shelf: 'units' as const })))}
      {shelf('shop.commons', props.option.commons.map((c) => ({ ...c, shelf: 'commons' as const })))}
      {shelf('shop.technologies', props.option.technologies.map((c) => ({ ...c, shelf: 'technologies' as const })))}
      <p class="cart-total" id="cart-total" data-legal={String(choiceIncluded(props.option, choice()))}>
        {t('shop.total', { units: spent().units, commons: spent().commons, pure: spent().pure, cards: choice().purpose === 'purchase' ? (choice() as { cards: readonly string[] }).cards.length : 0 })}
      </p>
    </section>
  );
}
