import { z } from 'zod';
import { APPLICANT_FIELDS, VACANCY_VISIBLE_FIELDS } from './users.ts';
import { lazySchema } from './lazy-schema.ts';

export const ZReferenceItem = lazySchema(() =>
  z.object({ id: z.number().int(), name: z.string() }),
);
export type TReferenceItem = z.infer<typeof ZReferenceItem>;
export const ZReferenceList = lazySchema(() => z.array(ZReferenceItem));

export const ZLanguage = lazySchema(() =>
  ZReferenceItem.extend({
    name_en: z.string().nullable(),
    code: z.string().nullable(),
  }),
);
export const ZLanguageLevel = lazySchema(() => ZReferenceItem.extend({ code: z.string() }));
export const ZDriverLicense = lazySchema(() => ZReferenceItem.extend({ description: z.string() }));
export const ZCountry = lazySchema(() => ZReferenceItem.extend({ code: z.string().nullable() }));
/** An employer; `inn` only where the number is known for certain. */
export const ZCompany = lazySchema(() => ZReferenceItem.extend({ inn: z.string().nullable() }));

export const ZLanguageList = lazySchema(() => z.array(ZLanguage));
export const ZLanguageLevelList = lazySchema(() => z.array(ZLanguageLevel));
export const ZDriverLicenseList = lazySchema(() => z.array(ZDriverLicense));
export const ZCountryList = lazySchema(() => z.array(ZCountry));
export const ZCompanyList = lazySchema(() => z.array(ZCompany));

/** `search` narrows long dictionaries (languages, companies, skills); at most 50 items answer. */
export const ZReferenceSearchQuery = lazySchema(() =>
  z.object({
    search: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(50),
  }),
);

/** One field of the applicant card as the settings and the PDF know it. */
export const ZFieldDefinition = lazySchema(() =>
  z.object({
    name: z.string(),
    label: z.string(),
    type: z.enum(['string', 'text', 'number', 'date', 'boolean', 'list', 'reference', 'file']),
    section: z.string(),
  }),
);
export type TFieldDefinition = z.infer<typeof ZFieldDefinition>;
export const ZFieldDefinitionList = lazySchema(() => z.array(ZFieldDefinition));

export const FIELD_MODELS = ['applicant', 'vacancy'] as const;
export const ZFieldsModelQuery = lazySchema(() =>
  z.object({
    name: z
      .enum(FIELD_MODELS, { error: 'Модель должна быть applicant или vacancy' })
      .default('applicant'),
  }),
);

type FieldLayout = Omit<TFieldDefinition, 'name'>;
const definitions = <K extends string>(names: readonly K[], layout: Record<K, FieldLayout>) =>
  names.map((name): TFieldDefinition => ({ name, ...layout[name] }));

/** The applicant card: every field a user may show, hide or put into the PDF, in card order. */
export const APPLICANT_FIELD_DEFINITIONS = definitions(APPLICANT_FIELDS, {
  first_name: { label: 'Имя', type: 'string', section: 'Основное' },
  last_name: { label: 'Фамилия', type: 'string', section: 'Основное' },
  middle_name: { label: 'Отчество', type: 'string', section: 'Основное' },
  photo: { label: 'Фотография', type: 'file', section: 'Основное' },
  gender: { label: 'Пол', type: 'list', section: 'Основное' },
  birthday: { label: 'Дата рождения', type: 'date', section: 'Основное' },
  age: { label: 'Возраст', type: 'number', section: 'Основное' },
  country: { label: 'Страна проживания', type: 'reference', section: 'Основное' },
  citizenship: { label: 'Гражданство', type: 'list', section: 'Основное' },
  company: { label: 'Компания', type: 'string', section: 'Карьера' },
  position: { label: 'Должность', type: 'string', section: 'Карьера' },
  phone: { label: 'Телефон', type: 'string', section: 'Контакты' },
  email: { label: 'Email', type: 'string', section: 'Контакты' },
  tg: { label: 'Telegram', type: 'string', section: 'Контакты' },
  skype: { label: 'Skype', type: 'string', section: 'Контакты' },
  money: { label: 'Желаемая зарплата', type: 'string', section: 'Карьера' },
  total_experience: { label: 'Общий опыт работы', type: 'number', section: 'Карьера' },
  source_add: { label: 'Дата добавления', type: 'date', section: 'Работа с кандидатом' },
  source_name: { label: 'Источник', type: 'reference', section: 'Работа с кандидатом' },
  about_me: { label: 'О себе', type: 'text', section: 'Резюме' },
  skills: { label: 'Навыки', type: 'list', section: 'Резюме' },
  vacancies: { label: 'Вакансии', type: 'list', section: 'Работа с кандидатом' },
  worklog: { label: 'История работы с кандидатом', type: 'list', section: 'Работа с кандидатом' },
  experience: { label: 'Опыт работы', type: 'list', section: 'Резюме' },
  education: { label: 'Образование', type: 'list', section: 'Резюме' },
  contacts: { label: 'Другие контакты', type: 'list', section: 'Контакты' },
  tags: { label: 'Теги', type: 'list', section: 'Работа с кандидатом' },
  unidentified_info: { label: 'Нераспознанная информация', type: 'text', section: 'Резюме' },
  resume_urls: { label: 'Ссылки на резюме', type: 'list', section: 'Резюме' },
});

/** The vacancy card and list columns a user may show or hide. */
export const VACANCY_FIELD_DEFINITIONS = definitions(VACANCY_VISIBLE_FIELDS, {
  name: { label: 'Название вакансии', type: 'string', section: 'Основное' },
  money: { label: 'Зарплата', type: 'string', section: 'Зарплата' },
  salary_from: { label: 'Зарплата от', type: 'number', section: 'Зарплата' },
  salary_to: { label: 'Зарплата до', type: 'number', section: 'Зарплата' },
  currency: { label: 'Валюта', type: 'list', section: 'Зарплата' },
  needed: { label: 'Требуется сотрудников', type: 'number', section: 'Основное' },
  hired: { label: 'Нанято', type: 'number', section: 'Статистика' },
  avg_close_time: { label: 'Среднее время закрытия', type: 'number', section: 'Статистика' },
  body: { label: 'Описание вакансии', type: 'text', section: 'Описание' },
  requirements: { label: 'Требования', type: 'text', section: 'Описание' },
  conditions: { label: 'Условия', type: 'text', section: 'Описание' },
  account_division: { label: 'Подразделение', type: 'reference', section: 'Основное' },
  days_will_close: { label: 'Дней до закрытия', type: 'number', section: 'Сроки' },
  date_will_close: { label: 'Плановая дата закрытия', type: 'date', section: 'Сроки' },
  days_on_status: { label: 'Дней в работе', type: 'number', section: 'Сроки' },
  days_failed: { label: 'Дней просрочки', type: 'number', section: 'Сроки' },
  salary_min: { label: 'Минимальная зарплата', type: 'number', section: 'Зарплата' },
  salary_max: { label: 'Максимальная зарплата', type: 'number', section: 'Зарплата' },
  regions: { label: 'Регионы', type: 'list', section: 'Основное' },
  status_group: { label: 'Воронка', type: 'reference', section: 'Подбор' },
  information: { label: 'Дополнительная информация', type: 'text', section: 'Описание' },
  statuses: { label: 'Этапы подбора', type: 'list', section: 'Подбор' },
  owners: { label: 'Ответственные', type: 'list', section: 'Команда' },
  watchers: { label: 'Наблюдатели', type: 'list', section: 'Команда' },
  fast_vacancy: { label: 'Быстрая вакансия', type: 'boolean', section: 'Основное' },
  profession: { label: 'Профессия', type: 'reference', section: 'Основное' },
  grade: { label: 'Грейд', type: 'list', section: 'Основное' },
  sphere: { label: 'Сфера деятельности', type: 'reference', section: 'Основное' },
  stack: { label: 'Стек технологий', type: 'list', section: 'Основное' },
  skills: { label: 'Навыки', type: 'list', section: 'Описание' },
  city: { label: 'Город', type: 'string', section: 'Основное' },
  country: { label: 'Страна', type: 'reference', section: 'Основное' },
  vacancy_sites: { label: 'Публикации на сайтах', type: 'list', section: 'Публикация' },
  author: { label: 'Автор', type: 'reference', section: 'Команда' },
  count_applicants: { label: 'Кандидатов', type: 'number', section: 'Статистика' },
});
