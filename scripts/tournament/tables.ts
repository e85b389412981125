import { CIVILISATIONS, type Civilisation } from '../../engine/index.js';
import type { MatchResult, MatchSpec } from './match.js';

/** A table of figures to print: a title, a header and rows of cells. */
export interface Table {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

type Common = Pick<MatchSpec, 'seed' | 'days' | 'agent'>;

/** Every pair of civilisations, `games` games each: the k-th map played twice, seats swapped. */
export function pairSpecs(civs: readonly Civilisation[], games: number, common: Common): MatchSpec[] {
  const out: MatchSpec[] = [];
  for (let i = 0; i < civs.length; i++)
    for (let j = i + 1; j < civs.length; j++)
      for (let g = 0; g < games; g++) {
        const [a, b] = [civs[i]!, civs[j]!];
        out.push({ ...common, seed: `${common.seed}/pair/${a}-${b}/${g >> 1}`, civilisations: g % 2 === 0 ? [a, b] : [b, a] });
      }
  return out;
}

/** `games` games at each table size, the civilisations rotated over the seats from game to game. */
export function tableSpecs(sizes: readonly number[], games: number, common: Common): MatchSpec[] {
  return sizes.flatMap((players) =>
    Array.from({ length: games }, (_, g): MatchSpec => ({
      ...common,
      seed: `${common.seed}/table/${players}/${g}`,
      civilisations: Array.from({ length: players }, (_, s) => CIVILISATIONS[(s + g) % CIVILISATIONS.length]!),
    })),
  );
}

const pct = (n: number, of: number): string => (of === 0 ? '-' : `${((100 * n) / of).toFixed(1)}%`);
const mean = (xs: readonly number[]): string => (xs.length === 0 ? '-' : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1));
const median = (xs: readonly number[]): string => {
  if (xs.length === 0) return '-';
  const s = [...xs].sort((a, b) => a - b);
  return String(s[(s.length - 1) >> 1]);
};

const winnerCiv = (r: MatchResult): Civilisation | null => (r.winner === null ? null : r.civilisations[r.winner]!);

/** Each civilisation's win rate over its pairs' games, then each pair's results. */
export function pairTables(results: readonly MatchResult[], civs: readonly Civilisation[]): Table[] {
  const perCiv: Table = {
    title: 'Civilisations (two-player games against every other, seats swapped)',
    header: ['civilisation', 'games', 'wins', 'losses', 'no winner', 'win rate'],
    rows: civs.map((c) => {
      const mine = results.filter((r) => r.civilisations.includes(c));
      const wins = mine.filter((r) => winnerCiv(r) === c).length;
      const none = mine.filter((r) => r.winner === null).length;
      return [c, String(mine.length), String(wins), String(mine.length - wins - none), String(none), pct(wins, mine.length)];
    }),
  };
  const rows: string[][] = [];
  for (let i = 0; i < civs.length; i++)
    for (let j = i + 1; j < civs.length; j++) {
      const [a, b] = [civs[i]!, civs[j]!];
      const mine = results.filter((r) => r.civilisations.includes(a) && r.civilisations.includes(b));
      const wa = mine.filter((r) => winnerCiv(r) === a).length;
      const wb = mine.filter((r) => winnerCiv(r) === b).length;
      const first = mine.filter((r) => r.winner === 0).length;
      rows.push([`${a} v ${b}`, String(mine.length), String(wa), String(wb), String(mine.length - wa - wb), pct(wa, mine.length), pct(first, mine.length)]);
    }
  const perPair: Table = { title: 'Pairs (a v b)', header: ['pair', 'games', 'a wins', 'b wins', 'no winner', 'a win rate', 'seat 1 wins'], rows };
  return [perCiv, perPair];
}

/** How games end at each table size (issue 21, item 6). */
export function tableSummary(results: readonly MatchResult[], sizes: readonly number[]): Table {
  return {
    title: 'How games end, by table size',
    header: ['players', 'games', 'energy (W2)', 'vassals (W1)', 'no winner', 'mean day', 'median day', 'last day', 'Suprématie bought', 'its mean day', 'Suprématie stopped', 'Heart taken', 'energy left'],
    rows: sizes.map((p) => {
      const mine = results.filter((r) => r.civilisations.length === p);
      const bought = mine.flatMap((r) => (r.supremacyBought === null ? [] : [r.supremacyBought]));
      return [
        String(p),
        String(mine.length),
        pct(mine.filter((r) => r.how === 'energy').length, mine.length),
        pct(mine.filter((r) => r.how === 'supremacy').length, mine.length),
        pct(mine.filter((r) => r.winner === null).length, mine.length),
        mean(mine.map((r) => r.days)),
        median(mine.map((r) => r.days)),
        String(Math.max(0, ...mine.map((r) => r.days))),
        pct(bought.length, mine.length),
        mean(bought),
        pct(mine.filter((r) => r.supremacyStopped).length, bought.length),
        pct(mine.filter((r) => r.heartTaken !== null).length, mine.length),
        mean(mine.map((r) => r.energyLeft)),
      ];
    }),
  };
}
