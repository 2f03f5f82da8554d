import { describe, expect, it } from 'vitest';
import { checkBudgets, figuresOf, formatTable, median, medianFigures, type RunFigures } from './lighthouse-figures.ts';

const fig = (over: Partial<RunFigures> = {}): RunFigures => ({
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 1500,
  tbtMs: 100,
  cls: 0,
  ...over,
});

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one, whatever the order', () => {
    expect(median([90, 40, 70])).toBe(70);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
  });
  it('refuses no values', () => {
    expect(() => median([])).toThrow();
  });
});

describe('medianFigures', () => {
  it('takes each figure’s median on its own', () => {
    const m = medianFigures([
      fig({ performance: 60, lcpMs: 5000, cls: 0.2 }),
      fig({ performance: 90, lcpMs: 1000, cls: 0 }),
      fig({ performance: 80, lcpMs: 3000, cls: 0.01 }),
    ]);
    expect(m).toMatchObject({ performance: 80, lcpMs: 3000, cls: 0.01 });
  });
});

describe('figuresOf', () => {
  const lhr = {
    categories: {
      performance: { score: 0.874 },
      accessibility: { score: 0.98 },
      'best-practices': { score: 1 },
    },
    audits: {
      'largest-contentful-paint': { numericValue: 2400.5 },
      'total-blocking-time': { numericValue: 120 },
      'cumulative-layout-shift': { numericValue: 0.013 },
    },
  };
  it('reads the scores as 0–100 and the metrics as measured', () => {
    expect(figuresOf(lhr)).toEqual({
      performance: 87,
      accessibility: 98,
      bestPractices: 100,
      lcpMs: 2400.5,
      tbtMs: 120,
      cls: 0.013,
    });
  });
  it('fails on a run Lighthouse could not measure', () => {
    expect(() => figuresOf({ ...lhr, runtimeError: { code: 'NO_FCP', message: 'no paint' } })).toThrow(/NO_FCP/);
    expect(() => figuresOf({ ...lhr, categories: { ...lhr.categories, performance: { score: null } } })).toThrow(
      /performance/,
    );
  });
});

describe('checkBudgets', () => {
  const failed = (m: Parameters<typeof checkBudgets>[1]) =>
    checkBudgets('mobile', m)
      .filter((c) => !c.ok)
      .map((c) => c.label);

  it('passes pages that meet every budget', () => {
    expect(
      failed({ login: fig({ performance: 92 }), bare: fig({ performance: 96 }), home: fig({ performance: 80 }) }),
    ).toEqual([]);
  });
  it('holds login to 0.95 × the bare page and to 90, whichever is higher', () => {
    expect(failed({ login: fig({ performance: 93 }), bare: fig({ performance: 99 }), home: fig() })).toEqual([
      'mobile login performance',
    ]);
    expect(failed({ login: fig({ performance: 89 }), bare: fig({ performance: 80 }), home: fig() })).toEqual([
      'mobile login performance',
    ]);
  });
  it('checks home performance, CLS, accessibility and best practices on our pages only', () => {
    expect(
      failed({
        login: fig({ cls: 0.021, accessibility: 97 }),
        bare: fig({ cls: 0.5, accessibility: 50, bestPractices: 50 }),
        home: fig({ performance: 79, bestPractices: 96 }),
      }),
    ).toEqual([
      'mobile home performance',
      'mobile login CLS',
      'mobile login accessibility',
      'mobile home best practices',
    ]);
  });
});

describe('formatTable', () => {
  it('prints one aligned row per page with seconds, milliseconds and CLS', () => {
    const out = formatTable([
      { formFactor: 'mobile', page: '/user/login', figures: fig({ lcpMs: 2345, tbtMs: 123.4, cls: 0.0123 }) },
      { formFactor: 'desktop', page: 'bare', figures: fig() },
    ]).split('\n');
    expect(out).toHaveLength(4);
    expect(out[2]).toMatch(/^mobile\s+\/user\/login\s+95\s+100\s+100\s+2\.35 s\s+123 ms\s+0\.012$/);
    expect(new Set(out.map((l) => l.length)).size).toBe(1);
  });
});
