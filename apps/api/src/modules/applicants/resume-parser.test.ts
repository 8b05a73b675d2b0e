import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { describe, expect, it } from 'vitest';
import { parseResumeText } from './resume-parser.ts';

/** What pdf.js gives for an hh.ru export: the left column (dates) joined to the right by a tab. */
const HH_MALE = [
  'Смирнов Алексей Викторович',
  'Мужчина, 38 лет, родился 17 ноября 1986',
  '8 (916) 123-45-67',
  'a.smirnov@yandex.ru — предпочитаемый способ связи',
  'Проживает: Москва',
  'Гражданство: Россия',
  'Желаемая должность и зарплата',
  'Руководитель отдела продаж\t250 000 ₽ до вычета налогов',
  'Занятость: полная занятость',
  'Опыт работы — 12 лет 1 месяц',
  'Октябрь 2020 —\tООО «Техносила»',
  'настоящее время\tМосква, technosila.ru',
  '4 года 3 месяца\tРуководитель отдела продаж',
  'Команда из 15 менеджеров, рост выручки на 40%.',
  'Май 2012 —\tИП Петров',
  'Сентябрь 2020\tМенеджер по продажам',
  '8 лет 5 месяцев',
  'Образование',
  'Высшее',
  '2009\tМосковский государственный университет им. М.В. Ломоносова',
  'Экономический, Менеджмент',
  '2012\tВысшая школа экономики',
  'Маркетинг',
  'Повышение квалификации, курсы',
  '2019\tТренинг «Управление продажами», Сколково',
  'Ключевые навыки',
  'Знание языков\tРусский — Родной',
  'Английский — C1 — Продвинутый',
  'Немецкий — A2 — Элементарный',
  'Навыки\tB2B продажи\tCRM\tПереговоры\tУправление командой',
  'Смирнов Алексей • Резюме обновлено 3 апреля 2025 в 09:12',
].join('\n');

/** Saved from Word by a candidate: no columns, labels with colons, salary in dollars. */
const FREE_FORM_LATIN = [
  'РЕЗЮМЕ',
  'John Smith',
  'Senior Python developer',
  'Email: john.smith@gmail.com | Telegram: @jsmith_dev',
  'Phone: +7 999 555 44 33',
  'Желаемая зарплата: 1 500 $',
  'Опыт работы',
  '03.2019 — н.в. Яндекс',
  'Senior Python developer',
  'Разработка сервисов на Django и PostgreSQL.',
  '06.2016 — 02.2019 Mail.ru Group',
  'Python developer',
  'Навыки: Python, Django, PostgreSQL, Docker',
  'Английский язык — Upper-Intermediate',
  'Хобби: горные лыжи',
].join('\n');

/** The bare minimum: a name, a phone in another line, nothing else. */
const SHORT_FEMALE = [
  'Ирина Котова',
  'Администратор салона красоты',
  'Телефон: 89051234567, доп. +7 (905) 765-43-21',
  'Готова выйти через неделю.',
].join('\n');

const createPayload = (text: string) => {
  const { draft } = parseResumeText(text);
  return ZCreateApplicantRequest.safeParse({ ...draft, source: 'resume' });
};

describe('an hh.ru résumé of a man', () => {
  const { draft, languages } = parseResumeText(HH_MALE);

  it('reads the name, gender, birthday and contacts of the header', () => {
    expect(draft).toMatchObject({
      last_name: 'Смирнов',
      first_name: 'Алексей',
      middle_name: 'Викторович',
      gender: 'male',
      birthday: '1986-11-17',
      phone: '+7 (916) 123-45-67',
      email: 'a.smirnov@yandex.ru',
      citizenship: ['Россия'],
    });
  });

  it('takes the wanted position and the salary printed beside it', () => {
    expect(draft.position).toBe('Руководитель отдела продаж');
    expect(draft.money).toBe('250000');
    expect(draft.currency).toBe('RUB');
  });

  it('reads every job with its dates, the current one without an end', () => {
    expect(draft.total_experience).toBe(12 * 12 + 1);
    expect(draft.experience).toEqual([
      expect.objectContaining({
        company: 'ООО «Техносила»',
        link: 'technosila.ru',
        position: 'Руководитель отдела продаж',
        date_start: '2020-10-01',
        date_end: null,
        is_now: true,
        description: 'Команда из 15 менеджеров, рост выручки на 40%.',
      }),
      expect.objectContaining({
        company: 'ИП Петров',
        position: 'Менеджер по продажам',
        date_start: '2012-05-01',
        date_end: '2020-09-01',
        is_now: false,
        description: null,
      }),
    ]);
    expect(draft.company).toBe('ООО «Техносила»');
  });

  it('reads both schools under one level', () => {
    expect(draft.education).toEqual([
      expect.objectContaining({
        level: 'Высшее',
        name: 'Московский государственный университет им. М.В. Ломоносова',
        speciality: 'Экономический, Менеджмент',
        date_end: '2009-07-01',
      }),
      expect.objectContaining({
        level: 'Высшее',
        name: 'Высшая школа экономики',
        speciality: 'Маркетинг',
        date_end: '2012-07-01',
      }),
    ]);
  });

  it('splits the key skills chips and the languages with their levels', () => {
    expect(draft.skills).toEqual(['B2B продажи', 'CRM', 'Переговоры', 'Управление командой']);
    expect(languages).toEqual([
      { name: 'Русский', level: 'l1' },
      { name: 'Английский', level: 'c1' },
      { name: 'Немецкий', level: 'a2' },
    ]);
  });

  it('takes the city from «Проживает:» rather than leaving it for the recruiter', () => {
    expect(draft.city).toBe('Москва');
    expect(draft.unidentified_info).not.toContain('Проживает');
  });

  it('keeps what it could not place, and drops the page footer', () => {
    const lines = draft.unidentified_info!.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Зарплата: до вычета налогов',
        'Занятость: полная занятость',
        'Повышение квалификации, курсы',
        '2019 Тренинг «Управление продажами», Сколково',
      ]),
    );
    expect(draft.unidentified_info).not.toContain('Резюме обновлено');
    expect(draft.unidentified_info).not.toContain('a.smirnov@yandex.ru');
  });

  it('is a valid create request as it is', () => {
    expect(createPayload(HH_MALE).success).toBe(true);
  });
});

describe('a free-form résumé with a Latin name and a salary in dollars', () => {
  const { draft, languages } = parseResumeText(FREE_FORM_LATIN);

  it('puts the given name first and finds the contacts on one line', () => {
    expect(draft).toMatchObject({
      first_name: 'John',
      last_name: 'Smith',
      middle_name: null,
      gender: null,
      email: 'john.smith@gmail.com',
      tg: '@jsmith_dev',
      phone: '+7 (999) 555-44-33',
      money: '1500',
      currency: 'USD',
    });
  });

  it('reads numeric periods, the current job and the comma-separated skills', () => {
    expect(draft.experience).toEqual([
      expect.objectContaining({
        company: 'Яндекс',
        position: 'Senior Python developer',
        date_start: '2019-03-01',
        is_now: true,
      }),
      expect.objectContaining({
        company: 'Mail.ru Group',
        position: 'Python developer',
        date_start: '2016-06-01',
        date_end: '2019-02-01',
      }),
    ]);
    expect(draft.position).toBe('Senior Python developer');
    expect(draft.skills).toEqual(['Python', 'Django', 'PostgreSQL', 'Docker']);
    expect(languages).toEqual([{ name: 'Английский', level: 'b2' }]);
    expect(draft.unidentified_info).toContain('Хобби: горные лыжи');
    expect(createPayload(FREE_FORM_LATIN).success).toBe(true);
  });
});

describe('a short résumé of a woman without sections', () => {
  const { draft } = parseResumeText(SHORT_FEMALE);

  it('knows Ирина is a given name even though it ends like a surname', () => {
    expect(draft.first_name).toBe('Ирина');
    expect(draft.last_name).toBe('Котова');
  });

  it('normalises an 8-prefixed phone and keeps the second one as another contact', () => {
    expect(draft.phone).toBe('+7 (905) 123-45-67');
    expect(draft.contacts).toEqual([
      { contact_type: 'phone', value: '+7 (905) 765-43-21', is_prefered: false },
    ]);
  });

  it('takes the job title under the name as the position', () => {
    expect(draft.position).toBe('Администратор салона красоты');
  });

  it('leaves the missing sections empty and the rest for the recruiter', () => {
    expect(draft).toMatchObject({
      experience: [],
      education: [],
      skills: [],
      money: null,
      birthday: null,
      about_me: null,
    });
    expect(draft.unidentified_info).toBe('доп.\nГотова выйти через неделю.');
    expect(createPayload(SHORT_FEMALE).success).toBe(true);
  });
});

describe('jobs and titles in the layouts people use', () => {
  it('splits «company, position» and keeps the duties out of the position', () => {
    const { draft } = parseResumeText(
      [
        'Петров Пётр',
        'Опыт работы:',
        '03.2019 – н.в.',
        'ООО «Ромашка», менеджер по закупкам',
        'Обязанности:',
        '- поиск поставщиков;',
      ].join('\n'),
    );
    expect(draft.experience[0]).toMatchObject({
      company: 'ООО «Ромашка»',
      position: 'Менеджер по закупкам',
      description: 'Обязанности:\n- поиск поставщиков;',
    });
    expect(draft).toMatchObject({ company: 'ООО «Ромашка»', position: 'Менеджер по закупкам' });
  });

  it('skips a town it does not know and an industry to reach the position', () => {
    const { draft } = parseResumeText(
      [
        'Петров Пётр',
        'Опыт работы',
        'Май 2020 — настоящее время',
        'АО «Атомтех»',
        'Обнинск',
        'Энергетика',
        'Инженер-технолог',
        'Наладка оборудования.',
      ].join('\n'),
    );
    expect(draft.experience[0]).toMatchObject({
      company: 'АО «Атомтех»',
      position: 'Инженер-технолог',
      description: 'Наладка оборудования.',
    });
  });

  it('lets hh.ru’s wanted position win over a title guessed in the header', () => {
    const { draft } = parseResumeText(
      [
        'Петров Пётр',
        'Ведущий специалист по всему',
        'Желаемая должность и зарплата',
        'Бухгалтер',
      ].join('\n'),
    );
    expect(draft.position).toBe('Бухгалтер');
    expect(draft.unidentified_info).toContain('Ведущий специалист по всему');
  });
});

describe('awkward input', () => {
  it('gives an empty draft, not an error, for text without anything recognisable', () => {
    const { draft } = parseResumeText('12345\n\n---\n');
    expect(draft.first_name).toBeNull();
    expect(draft.unidentified_info).toBe('12345\n---');
  });

  it('fits an endless description into the contract limits', () => {
    const long = `Иванов Иван\nОпыт работы\nЯнварь 2020 — настоящее время\tООО «Длинное»\nИнженер\n${'а'.repeat(30_000)}`;
    const { draft } = parseResumeText(long);
    expect(draft.experience[0]!.description).toHaveLength(10_000);
    expect(createPayload(long).success).toBe(true);
  });

  it('does not take a date of birth that does not exist', () => {
    const { draft } = parseResumeText('Петров Пётр\nМужчина, 30 лет, родился 31 февраля 1994');
    expect(draft.gender).toBe('male');
    expect(draft.birthday).toBeNull();
  });

  it('reads a line of 100,000 letters or digits in linear time (it took 10 s and 27 s)', () => {
    // The text a PDF of repeated text commands gives: one line. The e-mail and salary patterns
    // were tried from each character to the line's end.
    for (const line of ['a'.repeat(100_000), '1'.repeat(100_000), '8 '.repeat(50_000)]) {
      const started = performance.now();
      const { draft } = parseResumeText(line);
      expect(performance.now() - started, line.slice(0, 2)).toBeLessThan(1000);
      expect(draft.email).toBeNull();
      expect(draft.money).toBeNull();
    }
  });

  it('reads long lines of the layouts it knows in linear time', () => {
    // Each line is where one of the layout patterns (headings with brackets, labelled jobs,
    // «company, position», cities, job titles) is tried; none may backtrack over the line.
    const lines = [
      `Опыт работы (${'1 год '.repeat(20_000)}`,
      `Январь 2020 — настоящее время (${'('.repeat(100_000)}`,
      'ООО «А», менеджер, '.repeat(10_000),
      `Организация: ${'«'.repeat(100_000)}`,
      `Проживает: ${'г. '.repeat(30_000)}`,
      `Адрес: ${'ул. Ленина, '.repeat(10_000)}`,
      'Менеджер '.repeat(20_000),
      `2010 ${'университет, '.repeat(10_000)}`,
    ];
    for (const line of lines) {
      const text = `Иванов Иван\n${line}\nОпыт работы\nЯнварь 2020 — настоящее время\n${line}\nОбразование\n${line}`;
      const started = performance.now();
      parseResumeText(text);
      expect(performance.now() - started, line.slice(0, 20)).toBeLessThan(1000);
    }
  });

  it('still finds an e-mail and a salary written as they are', () => {
    const { draft } = parseResumeText(
      'Иванов Иван\nПочта: ivan.ivanov+hr@mail.example.ru, 8 912 000-11-22\nЖелаемая должность и зарплата\nБухгалтер\nот 1 500 000 ₽',
    );
    expect(draft.email).toBe('ivan.ivanov+hr@mail.example.ru');
    expect(draft.money).toBe('1500000');
  });
});

describe('links of a draft pass the URL check of SPEC.md §5', () => {
  it('drops a job link that is no link and keeps a «Сайт» contact only as a link', () => {
    const text = HH_MALE.replace('Москва, technosila.ru', 'Москва, technosila.ru»').replace(
      'Проживает: Москва',
      'Проживает: Москва\nСайт: https://smirnov..ru',
    );
    const { draft } = parseResumeText(text);
    expect(draft.experience[0]?.link).toBeNull();
    expect(draft.contacts).not.toContainEqual(expect.objectContaining({ contact_type: 'site' }));
    expect(draft.contacts).toContainEqual(
      expect.objectContaining({ contact_type: 'other', value: 'https://smirnov..ru' }),
    );
    // The draft is what the create form sends: the server must take it as it is.
    expect(ZCreateApplicantRequest.safeParse({ ...draft, first_name: 'А' }).success).toBe(true);
  });
});
