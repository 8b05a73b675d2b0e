import { describe, expect, it } from 'vitest';
import { mappingProblem } from './import-mapping';

describe('the import mapping check', () => {
  it('starts once a column gives the name and no field is chosen twice', () => {
    expect(mappingProblem(['full_name', 'phone', null])).toBeNull();
    expect(mappingProblem([null, 'last_name'])).toBeNull();
  });

  it('asks for a name column', () => {
    expect(mappingProblem(['phone', 'email', null])).toBe(
      'Сопоставьте столбец с ФИО, фамилией или именем кандидата',
    );
  });

  it('refuses a field chosen for two columns', () => {
    expect(mappingProblem(['first_name', 'phone', 'phone'])).toBe(
      'Одно поле выбрано для нескольких столбцов',
    );
  });
});
