import { compareSubjects, matchKeysOf, type DoubleVerdict } from './double-matching.ts';
import type { LabelledPair } from './labelled-pairs.ts';

// Precision and recall of duplicate detection on labelled pairs. A pair counts as found only as
// the scan finds it: the two share a blocking key AND the comparison says certain or probable.

export type CategoryQuality = { category: string; same: boolean; found: number; missed: number };
export type PairOutcome = {
  pair: LabelledPair;
  sharedKey: boolean;
  verdict: DoubleVerdict | null;
};

export type QualityReport = {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
  categories: CategoryQuality[];
  /** Same person not found, and different people found: the first few of each kind. */
  misses: PairOutcome[];
  falseAlarms: PairOutcome[];
};

export function measureQuality(pairs: LabelledPair[], keep = 5): QualityReport {
  const categories = new Map<string, CategoryQuality>();
  const misses: PairOutcome[] = [];
  const falseAlarms: PairOutcome[] = [];
  let [tp, fp, fn, tn] = [0, 0, 0, 0];
  for (const pair of pairs) {
    const keysOfA = new Set(matchKeysOf(pair.a));
    const sharedKey = matchKeysOf(pair.b).some((key) => keysOfA.has(key));
    const verdict = compareSubjects(pair.a, pair.b);
    const found = sharedKey && verdict !== null;
    let category = categories.get(pair.category);
    if (!category) {
      category = { category: pair.category, same: pair.same, found: 0, missed: 0 };
      categories.set(pair.category, category);
    }
    if (found) category.found++;
    else category.missed++;
    if (pair.same && found) {
      tp++;
    } else if (pair.same) {
      fn++;
      if (misses.length < keep) misses.push({ pair, sharedKey, verdict });
    } else if (found) {
      fp++;
      if (falseAlarms.length < keep) falseAlarms.push({ pair, sharedKey, verdict });
    } else {
      tn++;
    }
  }
  return {
    pairs: pairs.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    categories: [...categories.values()],
    misses,
    falseAlarms,
  };
}
