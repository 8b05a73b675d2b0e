/**
 * Groups of doubles are the connected components of the pairs; a group is named by its smallest
 * applicant id. Union-find with path halving: near-linear in the number of pairs.
 */
export function groupIdsOf(pairs: { a: number; b: number }[]): Map<number, number> {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let node = x;
    for (;;) {
      const up = parent.get(node) ?? node;
      if (up === node) return node;
      const grand = parent.get(up) ?? up;
      parent.set(node, grand);
      node = grand;
    }
  };
  for (const { a, b } of pairs) {
    const ra = find(a);
    const rb = find(b);
    // The smaller id is the root, so a component's root is its smallest member.
    if (ra < rb) parent.set(rb, ra);
    else if (rb < ra) parent.set(ra, rb);
  }
  const groups = new Map<number, number>();
  for (const { a, b } of pairs) {
    groups.set(a, find(a));
    groups.set(b, find(b));
  }
  return groups;
}
