import type { TDivision } from '@ats/contracts/divisions';

export type FlatDivision = { division: TDivision; depth: number; path: string };

/** The tree in reading order, each division with its depth and its path of names. */
export function flattenDivisions(roots: TDivision[], depth = 0, prefix = ''): FlatDivision[] {
  return roots.flatMap((division) => {
    const path = prefix ? `${prefix} / ${division.name}` : division.name;
    return [{ division, depth, path }, ...flattenDivisions(division.children, depth + 1, path)];
  });
}

/** The division's own id and every id below it: where it may not be moved. */
export function subtreeIds(division: TDivision): Set<number> {
  const ids = new Set<number>([division.id]);
  const walk = (node: TDivision) => {
    for (const child of node.children) {
      ids.add(child.id);
      walk(child);
    }
  };
  walk(division);
  return ids;
}

/** Where a division may move: the top level (null) or any division outside its own subtree. */
export function moveTargets(roots: TDivision[], division: TDivision) {
  const blocked = subtreeIds(division);
  return flattenDivisions(roots).filter(({ division: d }) => !blocked.has(d.id));
}

/** The count of divisions below one, to say what a delete takes with it. */
export const descendantCount = (division: TDivision) => subtreeIds(division).size - 1;
