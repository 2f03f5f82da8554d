/**
 * Pure parts of `npm run bench -- lighthouse`: the figures taken from one Lighthouse report, their medians over
 * the runs, the budgets and the printed table.
 */

export type FormFactor = 'mobile' | 'desktop';
export type PageName = 'login' | 'bare' | 'home';

/** The readings of one Lighthouse run. Scores are 0–100 (Lighthouse's 0–1 × 100); times in ms. */
export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export const FIGURE_KEYS = ['performance', 'accessibility', 'bestPractices', 'lcpMs', 'tbtMs', 'cls'] as const;

/** The middle value (the mean of the two middle ones for an even count). Throws on no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure's median over the runs, taken separately (as Lighthouse's own guidance on variability does). */
export function medianFigures(runs: readonly RunFigures[]): RunFigures {
  if (runs.length === 0) throw new Error('no runs');
  const out = {} as RunFigures;
  for (const key of FIGURE_KEYS) out[key] = median(runs.map((r) => r[key]));
  return out;
}

/** The part of a Lighthouse result (LH.Result) the bench reads. */
export interface LhrLike {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** The figures of one report; throws when Lighthouse could not measure the page (a missing score). */
export function figuresOf(lhr: LhrLike): RunFigures {
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string): number => {
    const s = lhr.categories[id]?.score;
    if (typeof s !== 'number') throw new Error(`Lighthouse gave no ${id} score`);
    return Math.round(s * 100);
  };
  const numeric = (id: string): number => {
    const v = lhr.audits[id]?.numericValue;
    if (typeof v !== 'number') throw new Error(`Lighthouse gave no value for ${id}`);
    return v;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

export const BUDGETS = {
  /** Login performance ≥ this × the bare antd page's, and ≥ loginMinPerformance. */
  loginVsBare: 0.95,
  loginMinPerformance: 90,
  homeMinPerformance: 80,
  maxCls: 0.02,
  minAccessibility: 98,
  bestPractices: 100,
} as const;

export interface BudgetCheck {
  label: string;
  ok: boolean;
  detail: string;
}

/** The budgets of one form factor, checked against the medians of our two pages and of the bare page. */
export function checkBudgets(
  formFactor: FormFactor,
  m: { login: RunFigures; bare: RunFigures; home: RunFigures },
): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  const loginFloor = Math.max(BUDGETS.loginVsBare * m.bare.performance, BUDGETS.loginMinPerformance);
  checks.push({
    label: `${formFactor} login performance`,
    ok: m.login.performance >= loginFloor,
    detail: `${fmt(m.login.performance)} (budget ≥ ${BUDGETS.loginVsBare} × bare ${fmt(m.bare.performance)} and ≥ ${BUDGETS.loginMinPerformance})`,
  });
  checks.push({
    label: `${formFactor} home performance`,
    ok: m.home.performance >= BUDGETS.homeMinPerformance,
    detail: `${fmt(m.home.performance)} (budget ≥ ${BUDGETS.homeMinPerformance})`,
  });
  for (const page of ['login', 'home'] as const) {
    const f = m[page];
    checks.push({
      label: `${formFactor} ${page} CLS`,
      ok: f.cls <= BUDGETS.maxCls,
      detail: `${f.cls.toFixed(3)} (budget ≤ ${BUDGETS.maxCls})`,
    });
    checks.push({
      label: `${formFactor} ${page} accessibility`,
      ok: f.accessibility >= BUDGETS.minAccessibility,
      detail: `${fmt(f.accessibility)} (budget ≥ ${BUDGETS.minAccessibility})`,
    });
    checks.push({
      label: `${formFactor} ${page} best practices`,
      ok: f.bestPractices >= BUDGETS.bestPractices,
      detail: `${fmt(f.bestPractices)} (budget ${BUDGETS.bestPractices})`,
    });
  }
  return checks;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

/** A fixed-width table: one row per page and form factor. */
export function formatTable(rows: { formFactor: FormFactor; page: string; figures: RunFigures }[]): string {
  const head = ['form factor', 'page', 'perf', 'a11y', 'best pr.', 'LCP', 'TBT', 'CLS'];
  const body = rows.map(({ formFactor, page, figures: f }) => [
    formFactor,
    page,
    fmt(f.performance),
    fmt(f.accessibility),
    fmt(f.bestPractices),
    `${(f.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
