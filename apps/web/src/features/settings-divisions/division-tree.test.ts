import { describe, expect, it } from 'vitest';
import type { TDivision } from '@ats/contracts/divisions';
import { descendantCount, flattenDivisions, moveTargets } from './division-tree';

const node = (id: number, name: string, children: TDivision[] = []): TDivision => ({
  id,
  name,
  parent_id: null,
  description: null,
  color: null,
  order: id,
  additional_fields_list: [],
  children,
});

const tree = [
  node(1, 'Офис', [node(2, 'ИТ', [node(3, 'Бэкенд')]), node(4, 'Продажи')]),
  node(5, 'Склад'),
];

describe('the division tree', () => {
  it('reads in order with depths and paths', () => {
    expect(flattenDivisions(tree).map((f) => [f.path, f.depth])).toEqual([
      ['Офис', 0],
      ['Офис / ИТ', 1],
      ['Офис / ИТ / Бэкенд', 2],
      ['Офис / Продажи', 1],
      ['Склад', 0],
    ]);
  });

  it('never offers a division itself or its descendants as the new parent', () => {
    const it_ = tree[0]!.children[0]!;
    expect(moveTargets(tree, it_).map((f) => f.division.name)).toEqual([
      'Офис',
      'Продажи',
      'Склад',
    ]);
    expect(descendantCount(tree[0]!)).toBe(3);
    expect(descendantCount(tree[1]!)).toBe(0);
  });
});
