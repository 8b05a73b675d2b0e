// Edit distance and trigram similarity on short strings (name skeletons).

// Three rows reused by every call: a scan computes millions of distances, and fresh arrays for
// each would keep the garbage collector busier than the arithmetic.
const ROWS = 3;
let width = 64;
let rows = Array.from({ length: ROWS }, () => new Int32Array(width));

/**
 * Damerau–Levenshtein distance (adjacent transpositions count as one edit), or max + 1 as soon
 * as the distance is known to exceed max — names are short and most pairs differ a lot.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > width) {
    width = b.length + 1;
    rows = Array.from({ length: ROWS }, () => new Int32Array(width));
  }
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = previous[j - 1]! + (ai === bj ? 0 : 1);
      if (previous[j]! + 1 < value) value = previous[j]! + 1;
      if (current[j - 1]! + 1 < value) value = current[j - 1]! + 1;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        if (before[j - 2]! + 1 < value) value = before[j - 2]! + 1;
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return previous[b.length]!;
}

function trigrams(text: string): Set<string> {
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** Share of trigrams two strings have in common (as pg_trgm's similarity()), 0–1. */
export function trigramSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const ga = trigrams(a);
  const gb = trigrams(b);
  let shared = 0;
  for (const gram of ga) if (gb.has(gram)) shared++;
  return shared / (ga.size + gb.size - shared);
}
