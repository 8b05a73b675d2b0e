/** The ids with the one at `index` swapped with its neighbour above (-1) or below (+1). */
export function moveId(ids: number[], index: number, step: -1 | 1): number[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
