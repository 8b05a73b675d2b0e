import { describe, expect, it } from 'vitest';
import { draftFromFilters, filtersFromDraft, validateDraft } from './filter-draft';

describe('the filters panel', () => {
  it('turns what the inputs hold into typed filters and back', () => {
    const draft = {
      ...draftFromFilters({}),
      age_from: '25',
      salary_to: '200 000',
      skills: [{ id: 4, name: 'React' }, { name: 'свободный текст' }],
      only_mine: true,
    };
    const filters = filtersFromDraft(draft);
    expect(filters).toMatchObject({
      age_from: 25,
      salary_to: 200000,
      skill_ids: [4],
      only_mine: true,
    });
    expect(filters.position).toBeUndefined();
    expect(draftFromFilters(filters).skills).toEqual([{ id: 4, name: 'React' }]);
  });

  it('rejects ranges that run backwards with a Russian message', () => {
    const draft = {
      ...draftFromFilters({}),
      age_from: '40',
      age_to: '30',
      salary_from: '5',
      salary_to: '9',
    };
    expect(validateDraft(draft)).toEqual({ age_to: 'Возраст «до» меньше, чем «от»' });
  });
});
