import { describe, expect, it } from 'vitest';
import type { TImportRowMatch } from '@ats/contracts/applicant-import';
import { rowActionsOf } from './import-matches';

const row = (line: number, ...ids: number[]) =>
  ({
    line,
    name: 'Сорокина Вера',
    phone: null,
    email: null,
    matches: ids.map((id) => ({ applicant: { id }, level: 'certain', score: 1, reasons: [] })),
  }) as unknown as TImportRowMatch;

describe('the choices for rows matching the base', () => {
  it('merge into the best match unless told otherwise; skip and create as chosen', () => {
    expect(
      rowActionsOf([row(2, 10, 11), row(3, 12), row(4, 13)], { 3: 'skip', 4: 'create' }),
    ).toEqual([
      { line: 2, action: 'merge', applicant_id: 10 },
      { line: 3, action: 'skip' },
      { line: 4, action: 'create' },
    ]);
    expect(rowActionsOf([row(2, 10, 11)], { 2: 'merge:11' })).toEqual([
      { line: 2, action: 'merge', applicant_id: 11 },
    ]);
  });
});
