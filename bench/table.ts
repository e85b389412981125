/** One row of the benchmark table. */
export interface Row {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  /** The target, if it sets one. */
  readonly target?: { readonly min?: number; readonly max?: number } | undefined;
  readonly detail?: string;
}

export const meets = (r: Row): boolean | null =>
  r.target ? (r.target.min === undefined || r.value >= r.target.min) && (r.target.max === undefined || r.value <= r.target.max) : null;

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toPrecision(3));

export function printTable(rows: readonly Row[]): string {
  const lines = rows.map((r) => {
    const t = r.target ? (r.target.min !== undefined ? `>= ${r.target.min}` : `<= ${r.target.max}`) : '';
    const ok = meets(r);
    return [r.name, `${fmt(r.value)} ${r.unit}`, t, ok === null ? '' : ok ? 'ok' : 'MISSED', r.detail ?? ''];
  });
  const head = ['benchmark', 'result', 'target', '', 'detail'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ').trimEnd();
  return [row(head), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(row)].join('\n');
}
