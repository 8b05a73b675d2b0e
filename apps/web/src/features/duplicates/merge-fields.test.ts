import { describe, expect, it } from 'vitest';
import { MERGE_FIELDS } from '@ats/contracts/duplicates';
import { fakeApplicant } from '../../shared/testing/fake-applicants';
import { mergeRequestOf, mergeRows, sourceOf } from './merge-fields';

const maria = fakeApplicant(1, {
  last_name: 'Иванова',
  first_name: 'Мария',
  middle_name: 'Петровна',
  phone: '+79123456789',
  birthday: '1990-05-17',
  city: 'Пермь',
  money: '150000',
  currency: 'RUB',
});
const mariaLatin = fakeApplicant(2, {
  last_name: 'Ivanova',
  first_name: 'Maria',
  phone: '8 (912) 345-67-00',
  birthday: '1990-05-18',
  email: 'maria@example.ru',
  city: 'Пермь',
  has_vehicle: false,
});
const lookups = { userName: () => undefined, countryName: () => undefined };

describe('choosing the merged values', () => {
  it('defaults to the primary, or to the other where the primary has nothing', () => {
    expect(sourceOf('phone', {}, maria, mariaLatin)).toBe(1);
    expect(sourceOf('email', {}, maria, mariaLatin)).toBe(2);
    expect(sourceOf('has_vehicle', {}, maria, mariaLatin)).toBe(2);
    expect(sourceOf('skype', {}, maria, mariaLatin)).toBe(1);
  });

  it('keeps a choice by applicant, so swapping the primary keeps what was picked', () => {
    const choices = { phone: 2, birthday: 2 };
    const asPicked = mergeRequestOf(choices, maria, mariaLatin);
    expect(asPicked).toMatchObject({ primary_id: 1, secondary_id: 2 });
    expect(asPicked.fields).toMatchObject({
      phone: 'secondary',
      birthday: 'secondary',
      name: 'primary',
      email: 'secondary',
    });
    expect(Object.keys(asPicked.fields)).toEqual([...MERGE_FIELDS]);

    const swapped = mergeRequestOf(choices, mariaLatin, maria);
    expect(swapped).toMatchObject({ primary_id: 2, secondary_id: 1 });
    // Still Maria Latin's phone and birthday, now as the primary's.
    expect(swapped.fields).toMatchObject({ phone: 'primary', birthday: 'primary' });
    // Unpicked fields follow the new primary; her empty middle name and salary come from the other.
    expect(swapped.fields).toMatchObject({ name: 'primary', money: 'secondary' });
  });
});

describe('the side-by-side rows', () => {
  it('shows values as people read them and marks equal ones', () => {
    const rows = Object.fromEntries(
      mergeRows(maria, mariaLatin, lookups).map((row) => [row.field, row]),
    );
    expect(rows.name).toMatchObject({
      primary: 'Иванова Мария Петровна',
      secondary: 'Ivanova Maria',
      same: false,
    });
    expect(rows.birthday).toMatchObject({ primary: '17.05.1990', secondary: '18.05.1990' });
    expect(rows.city).toMatchObject({ primary: 'Пермь', secondary: 'Пермь', same: true });
    expect(rows.skype).toMatchObject({ primary: '', secondary: '', same: true });
    expect(rows.has_vehicle).toMatchObject({ primary: '', secondary: 'нет', same: false });
    expect(rows.money!.primary).toMatch(/^150\s000\s₽$/);
  });
});
