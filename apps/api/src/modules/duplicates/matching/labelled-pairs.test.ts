import { describe, expect, it } from 'vitest';
import { labelledPairs } from './labelled-pairs.ts';
import { measureQuality } from './labelled-quality.ts';

describe('duplicate detection on the labelled set (seed 20240501, 3,000 pairs)', () => {
  const pairs = labelledPairs(20240501, 3000);
  const report = measureQuality(pairs);

  it('covers both kinds: the same person written otherwise, and look-alikes', () => {
    const categories = report.categories.map((c) => c.category);
    expect(categories).toEqual(
      expect.arrayContaining([
        'ФИО в латинице',
        'опечатка',
        'другая форма фамилии',
        'родственники с общим телефоном',
        'тёзки с разными датами рождения',
        'похожее имя',
        'уменьшительное имя и тот же телефон',
        'брат и сестра с общим телефоном, одна подписана «Саша»',
      ]),
    );
    expect(pairs.filter((p) => p.same).length).toBe(1800);
  });

  it('reaches precision ≥ 0.98 and recall ≥ 0.95', () => {
    expect(report.precision).toBeGreaterThanOrEqual(0.98);
    expect(report.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('misses no category of the same person wholesale', () => {
    for (const category of report.categories.filter((c) => c.same)) {
      expect(
        category.found / (category.found + category.missed),
        category.category,
      ).toBeGreaterThan(0.85);
    }
  });

  it('is reproducible from the seed', () => {
    expect(labelledPairs(20240501, 50)).toEqual(pairs.slice(0, 50));
  });
});
