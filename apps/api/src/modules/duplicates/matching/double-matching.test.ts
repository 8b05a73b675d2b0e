import { describe, expect, it } from 'vitest';
import { compareSubjects, matchKeysOf, type DoubleSubject } from './double-matching.ts';

let nextId = 1;
const applicant = (fields: Partial<DoubleSubject>): DoubleSubject => ({
  id: nextId++,
  firstName: null,
  lastName: null,
  middleName: null,
  birthday: null,
  email: null,
  phone: null,
  tg: null,
  contacts: [],
  resumeUrls: [],
  city: null,
  company: null,
  ...fields,
});

const maria = applicant({
  lastName: 'Иванова',
  firstName: 'Мария',
  middleName: 'Петровна',
  birthday: '1990-04-12',
  phone: '8 (912) 345-67-89',
  email: 'maria.ivanova@mail.ru',
  city: 'Москва',
  company: 'ООО «Ромашка»',
});

/** What the scan does: compare only applicants that share a blocking key. */
const found = (a: DoubleSubject, b: DoubleSubject) => {
  const keys = new Set(matchKeysOf(a));
  return matchKeysOf(b).some((key) => keys.has(key)) ? compareSubjects(a, b) : null;
};

describe('certain doubles: a shared contact and compatible names', () => {
  it('the same phone in another format', () => {
    const verdict = found(
      maria,
      applicant({ lastName: 'Иванова', firstName: 'Мария', phone: '+79123456789' }),
    );
    expect(verdict?.level).toBe('certain');
    expect(verdict?.reasons).toEqual(expect.arrayContaining(['совпадает телефон', 'без отчества']));
  });

  it('the e-mail in capitals, under a Latin name', () => {
    const verdict = found(
      maria,
      applicant({ firstName: 'Maria Ivanova', email: ' MARIA.IVANOVA@MAIL.RU' }),
    );
    expect(verdict?.level).toBe('certain');
    expect(verdict?.reasons).toEqual(
      expect.arrayContaining(['совпадает e-mail', 'совпадает ФИО', 'ФИО в латинице']),
    );
  });

  it('a t.me link and an hh.ru résumé link with a query', () => {
    const a = applicant({
      firstName: 'Олег',
      lastName: 'Петров',
      tg: '@oleg_petrov',
      resumeUrls: ['https://hh.ru/resume/abcdef0123456789abcdef'],
    });
    const b = applicant({ firstName: 'Олег', lastName: 'Петров', tg: 'https://t.me/Oleg_Petrov' });
    const c = applicant({
      firstName: 'Oleg',
      lastName: 'Petrov',
      resumeUrls: ['https://spb.hh.ru/resume/abcdef0123456789abcdef?from=search'],
    });
    expect(found(a, b)?.reasons).toContain('совпадает Telegram');
    expect(found(a, c)?.reasons).toContain('совпадает резюме на hh.ru');
    expect(found(a, c)?.level).toBe('certain');
  });

  it('a record with only a first name and a phone', () => {
    const verdict = found(maria, applicant({ firstName: 'Мария', phone: '9123456789' }));
    expect(verdict?.level).toBe('certain');
  });

  it('a short form of the first name, as messengers show it: Маша, Sasha', () => {
    const masha = found(
      maria,
      applicant({ firstName: 'Маша', lastName: 'Иванова', phone: '+79123456789' }),
    );
    expect(masha?.level).toBe('certain');
    expect(masha?.reasons).toContain('уменьшительное имя');
    const alexander = applicant({
      lastName: 'Петров',
      firstName: 'Александр',
      email: 'ap@mail.ru',
    });
    const sasha = found(alexander, applicant({ firstName: 'Sasha Petrov', email: 'AP@mail.ru' }));
    expect(sasha?.level).toBe('certain');
    expect(sasha?.reasons).toEqual(
      expect.arrayContaining(['ФИО в латинице', 'уменьшительное имя']),
    );
    // A short form of another name is another person.
    expect(
      compareSubjects(
        maria,
        applicant({ firstName: 'Катя', lastName: 'Иванова', phone: '+79123456789' }),
      ),
    ).toBeNull();
  });

  it('an extra phone among the contacts, or a phone typed into the Telegram field', () => {
    const withContact = applicant({
      firstName: 'Мария',
      lastName: 'Иванова',
      contacts: [{ contact_type: 'whatsapp', value: '+7 912 345 67 89' }],
    });
    const inTelegram = applicant({ firstName: 'Мария', lastName: 'Иванова', tg: '89123456789' });
    expect(found(maria, withContact)?.level).toBe('certain');
    expect(found(maria, inTelegram)?.level).toBe('certain');
  });
});

describe('relatives sharing a contact are not doubles', () => {
  it('husband and wife with one phone: Иванов Иван / Иванова Мария', () => {
    expect(
      compareSubjects(
        maria,
        applicant({ lastName: 'Иванов', firstName: 'Иван', phone: '89123456789' }),
      ),
    ).toBeNull();
  });

  it('a family e-mail shared by a mother and her son', () => {
    const son = applicant({
      lastName: 'Иванов',
      firstName: 'Сергей',
      middleName: 'Алексеевич',
      email: 'Maria.Ivanova@mail.ru',
    });
    expect(compareSubjects(maria, son)).toBeNull();
  });

  it('sisters Мария and Марина: two names, not a typo', () => {
    expect(
      compareSubjects(
        maria,
        applicant({ lastName: 'Иванова', firstName: 'Марина', phone: '89123456789' }),
      ),
    ).toBeNull();
  });

  it('brother and sister Александр / Александра', () => {
    const brother = applicant({
      lastName: 'Петров',
      firstName: 'Александр',
      phone: '+79031112233',
    });
    const sister = applicant({
      lastName: 'Петрова',
      firstName: 'Александра',
      phone: '89031112233',
    });
    expect(compareSubjects(brother, sister)).toBeNull();
  });

  it('a sister signed «Саша» beside her brother Александр, the surname in her form', () => {
    const brother = applicant({
      lastName: 'Петров',
      firstName: 'Александр',
      phone: '+79031112233',
    });
    const sister = applicant({ lastName: 'Петрова', firstName: 'Саша', phone: '89031112233' });
    expect(compareSubjects(brother, sister)).toBeNull();
  });

  it('a different patronymic is a different person', () => {
    expect(
      compareSubjects(
        maria,
        applicant({
          lastName: 'Иванова',
          firstName: 'Мария',
          middleName: 'Сергеевна',
          phone: '89123456789',
        }),
      ),
    ).toBeNull();
  });
});

describe('namesakes are not doubles', () => {
  it('same name, another birthday', () => {
    expect(
      compareSubjects(
        maria,
        applicant({ lastName: 'Иванова', firstName: 'Мария', birthday: '1985-01-30' }),
      ),
    ).toBeNull();
  });

  it('same name, another city and another company', () => {
    const other = applicant({
      lastName: 'Иванова',
      firstName: 'Мария',
      city: 'Казань',
      company: 'Яндекс',
    });
    expect(compareSubjects(maria, other)).toBeNull();
  });

  it('similar surnames Иванов / Иванцов with nothing else in common', () => {
    const a = applicant({ lastName: 'Иванов', firstName: 'Иван' });
    const b = applicant({ lastName: 'Иванцов', firstName: 'Иван' });
    expect(compareSubjects(a, b)).toBeNull();
  });

  it('numbered test records «Импортов1» / «Импортов2» are two people, not a typo', () => {
    const a = applicant({ lastName: 'Импортов1', firstName: 'Иван', middleName: 'Петрович' });
    const b = applicant({ lastName: 'Импортов2', firstName: 'Иван', middleName: 'Петрович' });
    expect(compareSubjects(a, b)).toBeNull();
    const again = applicant({ lastName: 'Импортов1', firstName: 'Иван' });
    expect(compareSubjects(a, again)?.level).toBe('probable');
  });
});

describe('probable doubles: the name matches fuzzily, nothing speaks against', () => {
  it('Latin passport spelling, other order, without patronymic', () => {
    const verdict = found(
      maria,
      applicant({ lastName: 'Mariia', firstName: 'Ivanova', city: 'Moscow' }),
    );
    expect(verdict?.level).toBe('probable');
    expect(verdict?.reasons).toEqual(
      expect.arrayContaining([
        'ФИО в латинице',
        'ФИО в другом порядке',
        'без отчества',
        'совпадает город',
      ]),
    );
  });

  it('the masculine surname form for a woman', () => {
    const verdict = found(
      maria,
      applicant({ lastName: 'Ivanov', firstName: 'Maria', birthday: '1990-04-12' }),
    );
    expect(verdict?.level).toBe('probable');
    expect(verdict?.reasons).toEqual(
      expect.arrayContaining(['другая форма фамилии', 'совпадает дата рождения']),
    );
  });

  it('a typo in a long surname with the same birthday', () => {
    const a = applicant({ lastName: 'Вишневецкая', firstName: 'Ольга', birthday: '1988-02-03' });
    const b = applicant({ lastName: 'Вишневекцая', firstName: 'Ольга', birthday: '1988-02-03' });
    const verdict = found(a, b);
    expect(verdict?.level).toBe('probable');
    expect(verdict?.reasons).toContain('опечатка в ФИО');
  });

  it('ё and е, and the whole name in one field', () => {
    const a = applicant({ lastName: 'Семёнов Пётр Алексеевич' });
    const b = applicant({ lastName: 'Семенов', firstName: 'Петр', middleName: 'Алексеевич' });
    expect(found(a, b)?.reasons).toContain('совпадает ФИО');
  });

  it('a shared phone with a changed surname is probable, not certain', () => {
    const married = applicant({
      lastName: 'Смирнова',
      firstName: 'Мария',
      middleName: 'Петровна',
      phone: '+79123456789',
    });
    const verdict = found(maria, married);
    expect(verdict?.level).toBe('probable');
    expect(verdict?.reasons).toEqual(
      expect.arrayContaining(['совпадает телефон', 'другая фамилия']),
    );
  });

  it('scores certain above probable', () => {
    const certain = compareSubjects(
      maria,
      applicant({ lastName: 'Иванова', firstName: 'Мария', phone: '89123456789' }),
    )!;
    const probable = compareSubjects(
      maria,
      applicant({ lastName: 'Иванова', firstName: 'Мария' }),
    )!;
    expect(certain.score).toBeGreaterThan(probable.score);
    expect(probable.score).toBeGreaterThanOrEqual(0.5);
  });
});

describe('blocking keys', () => {
  it('are narrow: never a first name or a surname alone', () => {
    const keys = matchKeysOf(maria);
    expect(keys.length).toBeLessThanOrEqual(16);
    expect(keys).toContain('phone:+79123456789');
    expect(keys).toContain('email:maria.ivanova@mail.ru');
    expect(keys.filter((key) => key.startsWith('name')).every((key) => key.includes('|'))).toBe(
      true,
    );
    expect(matchKeysOf(applicant({ firstName: 'Мария' }))).toEqual([]);
  });

  it('agree across script, order and surname form', () => {
    const names = [
      applicant({ lastName: 'Иванова', firstName: 'Мария' }),
      applicant({ firstName: 'Mariya Ivanov' }),
      applicant({ lastName: 'Мария', firstName: 'Иванова' }),
    ];
    const nameKey = (s: DoubleSubject) => matchKeysOf(s).find((key) => key.startsWith('name:'));
    expect(new Set(names.map(nameKey)).size).toBe(1);
  });
});
