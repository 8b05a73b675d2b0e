import { describe, expect, it } from 'vitest';
import { personDisplayName } from './person-name';

describe('person display name', () => {
  it('orders last name, name, middle name', () => {
    expect(
      personDisplayName({
        last_name: 'Петров',
        name: 'Иван',
        middle_name: 'Сергеевич',
        email: 'i@x.ru',
      }),
    ).toBe('Петров Иван Сергеевич');
  });
  it('skips missing parts', () => {
    expect(personDisplayName({ name: 'Иван', last_name: null, email: 'i@x.ru' })).toBe('Иван');
  });
  it('falls back to the email when no name part exists', () => {
    expect(
      personDisplayName({ name: ' ', last_name: null, middle_name: '', email: 'i@x.ru' }),
    ).toBe('i@x.ru');
  });
});
