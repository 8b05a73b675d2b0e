import { describe, expect, it } from 'vitest';
import { personDisplayName } from './person-name.ts';

describe('person display name (SPEC.md §3)', () => {
  it('prints every part in the order last name, name, middle name', () => {
    expect(
      personDisplayName({
        last_name: 'Петров',
        name: 'Иван',
        middle_name: 'Сергеевич',
        first_name: 'Иван',
        email: 'i@x.ru',
      }),
    ).toBe('Петров Иван Сергеевич');
  });

  it('names an applicant by last, first and middle name (first_name stands for the name)', () => {
    expect(
      personDisplayName({
        last_name: 'Иванова',
        first_name: 'Мария',
        middle_name: 'Петровна',
        email: 'm@x.ru',
      }),
    ).toBe('Иванова Мария Петровна');
  });

  it('uses first_name when it is the only name part', () => {
    expect(personDisplayName({ first_name: 'Мария', email: 'm@x.ru' })).toBe('Мария');
    expect(
      personDisplayName({ last_name: null, name: null, middle_name: '', first_name: ' Мария ' }),
    ).toBe('Мария');
  });

  it('prints a first_name equal to the name once, whatever its case or spacing', () => {
    expect(personDisplayName({ name: 'Иван', first_name: 'Иван' })).toBe('Иван');
    expect(personDisplayName({ last_name: 'Петров', name: 'иван', first_name: ' Иван ' })).toBe(
      'Петров иван',
    );
  });

  it('prints a first_name different from the name after the middle name', () => {
    expect(
      personDisplayName({
        last_name: 'Петров',
        name: 'Ваня',
        middle_name: 'Сергеевич',
        first_name: 'Иван',
      }),
    ).toBe('Петров Ваня Сергеевич Иван');
  });

  it('falls back to the e-mail when no name part exists', () => {
    expect(personDisplayName({ email: 'i@x.ru' })).toBe('i@x.ru');
    expect(
      personDisplayName({
        last_name: null,
        name: undefined,
        middle_name: null,
        first_name: null,
        email: ' i@x.ru ',
      }),
    ).toBe('i@x.ru');
  });

  it('ignores blank and whitespace-only parts', () => {
    expect(
      personDisplayName({
        last_name: '  ',
        name: '\t',
        middle_name: '',
        first_name: ' \n ',
        email: 'i@x.ru',
      }),
    ).toBe('i@x.ru');
    expect(personDisplayName({ last_name: ' Петров ', name: ' ', middle_name: 'Сергеевич' })).toBe(
      'Петров Сергеевич',
    );
    expect(personDisplayName({ last_name: 'Салтыков  -  Щедрин', first_name: 'Михаил' })).toBe(
      'Салтыков - Щедрин Михаил',
    );
  });

  it('is empty when there is neither a name part nor an e-mail', () => {
    expect(personDisplayName({})).toBe('');
    expect(personDisplayName({ name: ' ', email: '  ' })).toBe('');
  });
});
