import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUpCompany(t.app));
});
afterAll(async () => {
  await t?.close();
});

type Item = { id: number; name: string; [key: string]: unknown };
const get = (url: string) => call<Item[]>(t.app, 'GET', url, undefined, { token });
const names = (items: Item[]) => items.map((item) => item.name);

describe('GET /api/references/get_languages', () => {
  it('finds Английский by the start of its Russian name and by its English name', async () => {
    const russian = await get(`/api/references/get_languages?search=${encodeURIComponent('англ')}`);
    expect(russian.status).toBe(200);
    expect(russian.body.message[0]).toEqual({
      id: 2,
      name: 'Английский',
      name_en: 'English',
      code: 'en',
    });

    const english = await get('/api/references/get_languages?search=ENGL');
    expect(names(english.body.message)).toEqual(['Английский']);
  });

  it('puts names starting with the search before names merely containing it', async () => {
    const r = await get(`/api/references/get_languages?search=${encodeURIComponent('ский')}`);
    expect(r.body.message.length).toBeGreaterThan(20);
    const prefix = await get(`/api/references/get_languages?search=${encodeURIComponent('та')}`);
    // Тагальский, Таджикский, Тайский, Татарский start with «та»; Итальянский only contains it.
    const found = names(prefix.body.message);
    expect(found.slice(0, 4)).toEqual(['Тагальский', 'Таджикский', 'Тайский', 'Татарский']);
    expect(found).toContain('Итальянский');
  });

  it('without a search lists the common languages first, at most 50', async () => {
    const r = await get('/api/references/get_languages');
    expect(r.body.message).toHaveLength(50);
    expect(names(r.body.message).slice(0, 3)).toEqual(['Русский', 'Английский', 'Немецкий']);
    expect((await get('/api/references/get_languages?limit=5')).body.message).toHaveLength(5);
  });

  it('treats LIKE wildcards in the search as plain characters', async () => {
    for (const search of ['%', '_', '\\']) {
      const r = await get(`/api/references/get_languages?search=${encodeURIComponent(search)}`);
      expect(r.status, search).toBe(200);
      expect(r.body.message, search).toEqual([]);
    }
  });
});

describe('small dictionaries', () => {
  it('get_language_levels lists the CEFR levels in order, then the native level', async () => {
    const r = await get('/api/references/get_language_levels');
    expect(r.status).toBe(200);
    expect(r.body.message.map((level) => level.code)).toEqual([
      'a1',
      'a2',
      'b1',
      'b2',
      'c1',
      'c2',
      'l1',
    ]);
    expect(r.body.message[3]).toEqual({ id: 4, name: 'B2 — Средне-продвинутый', code: 'b2' });
    expect(r.body.message[6]!.name).toBe('Родной');
  });

  it('get_driver_licenses has every Russian category, B with its description', async () => {
    const r = await get('/api/references/get_driver_licenses');
    expect(r.status).toBe(200);
    expect(names(r.body.message)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'BE',
      'CE',
      'DE',
      'Tm',
      'Tb',
      'M',
      'A1',
      'B1',
      'C1',
      'D1',
      'C1E',
      'D1E',
    ]);
    expect(r.body.message.find((l) => l.name === 'B')).toEqual({
      id: 2,
      name: 'B',
      description: 'Легковые автомобили массой до 3,5 т и не более 8 пассажирских мест',
    });
  });

  it('get_countries starts with Россия, then goes alphabetically with ISO codes', async () => {
    const r = await get('/api/references/get_countries');
    expect(r.status).toBe(200);
    const list = r.body.message;
    expect(list.length).toBeGreaterThan(195);
    expect(list[0]).toEqual({ id: 1, name: 'Россия', code: 'RU' });
    expect(names(list).slice(1, 4)).toEqual(['Абхазия', 'Австралия', 'Австрия']);
    expect(list.at(-1)!.name).toBe('Япония');
    expect(list.find((c) => c.name === 'Казахстан')!.code).toBe('KZ');
    const rest = names(list.slice(1));
    expect(rest).toEqual(
      [...rest].sort((a, b) => a.replaceAll('ё', 'е').localeCompare(b.replaceAll('ё', 'е'), 'ru')),
    );
  });

  it('get_jobs lists the professional areas', async () => {
    const r = await get('/api/references/get_jobs');
    expect(r.status).toBe(200);
    expect(r.body.message.length).toBeGreaterThanOrEqual(40);
    expect(names(r.body.message)).toEqual(
      expect.arrayContaining([
        'Информационные технологии',
        'Продажи',
        'Управление персоналом (HR)',
      ]),
    );
  });
});

describe('searchable dictionaries', () => {
  it('get_hard_skill_items finds 1С products, case and ё folded', async () => {
    const r = await get(`/api/hard_skills/get_hard_skill_items?search=${encodeURIComponent('1с')}`);
    expect(r.status).toBe(200);
    expect(names(r.body.message)).toContain('1С: Бухгалтерия');
    expect(names(r.body.message).every((name) => name.startsWith('1С'))).toBe(true);

    const yo = await get(
      `/api/hard_skills/get_hard_skill_items?search=${encodeURIComponent('бухгалтерский учет')}`,
    );
    expect(names(yo.body.message)).toEqual(['Бухгалтерский учёт']);

    const all = await get('/api/hard_skills/get_hard_skill_items');
    expect(all.body.message).toHaveLength(50);
  });

  it('get_positions finds titles by any part of the name', async () => {
    const r = await get(`/api/references/get_positions?search=${encodeURIComponent('бухгалтер')}`);
    expect(r.status).toBe(200);
    const found = names(r.body.message);
    expect(found).toEqual(expect.arrayContaining(['Бухгалтер', 'Главный бухгалтер']));
    expect(found[0]).toBe('Бухгалтер');
    const driver = await get(
      `/api/references/get_positions?search=${encodeURIComponent('категории C')}`,
    );
    expect(names(driver.body.message)).toContain('Водитель категории C');
  });

  it('get_companies finds employers with their INN where known', async () => {
    const r = await get(`/api/references/get_companies?search=${encodeURIComponent('сбер')}`);
    expect(r.status).toBe(200);
    expect(r.body.message[0]).toEqual({ id: 1, name: 'Сбер', inn: '7707083893' });
    const yandex = await get(
      `/api/references/get_companies?search=${encodeURIComponent('ЯНДЕКС')}`,
    );
    expect(names(yandex.body.message)).toEqual(['Яндекс']);
    const none = await get(
      `/api/references/get_companies?search=${encodeURIComponent('нет такой')}`,
    );
    expect(none.body.message).toEqual([]);
  });
});

describe('field models', () => {
  it('get_default_fields describes every applicant field with a Russian label', async () => {
    const r = await get('/api/references/get_default_fields');
    expect(r.status).toBe(200);
    expect(r.body.message).toHaveLength(29);
    expect(r.body.message).toContainEqual({
      name: 'last_name',
      label: 'Фамилия',
      type: 'string',
      section: 'Основное',
    });
    for (const field of r.body.message) expect(field.label).toMatch(/^[А-ЯЁA-Z]/);
  });

  it('get_fields_model answers the applicant fields by default and the vacancy ones on request', async () => {
    const applicant = await get('/api/references/get_fields_model');
    expect(applicant.body.message).toEqual(
      (await get('/api/references/get_default_fields')).body.message,
    );
    const vacancy = await get('/api/references/get_fields_model?name=vacancy');
    expect(vacancy.status).toBe(200);
    expect(vacancy.body.message).toHaveLength(35);
    expect(vacancy.body.message[0]).toEqual({
      name: 'name',
      label: 'Название вакансии',
      type: 'string',
      section: 'Основное',
    });
    expect(vacancy.body.message.map((f) => f.name)).toContain('count_applicants');
  });

  it('an unknown model is a 400 with a Russian message', async () => {
    const r = await get('/api/references/get_fields_model?name=bad');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Модель должна быть applicant или vacancy');
  });
});

describe('access and validation', () => {
  const urls = [
    '/api/references/get_languages',
    '/api/references/get_language_levels',
    '/api/references/get_driver_licenses',
    '/api/references/get_default_fields',
    '/api/references/get_fields_model?name=vacancy',
    '/api/references/get_companies',
    '/api/references/get_countries',
    '/api/references/get_jobs',
    '/api/references/get_positions',
    '/api/hard_skills/get_hard_skill_items',
  ];

  it('every dictionary needs a signed-in user', async () => {
    for (const url of urls) {
      const r = await call(t.app, 'GET', url);
      expect(r.status, url).toBe(420);
      expect(r.body.status, url).toBe('error');
    }
  });

  it('a bad limit or an overlong search is a 400 with a Russian message', async () => {
    for (const url of [
      '/api/references/get_languages',
      '/api/references/get_positions',
      '/api/references/get_companies',
      '/api/hard_skills/get_hard_skill_items',
    ]) {
      for (const query of ['limit=0', 'limit=51', 'limit=abc', `search=${'я'.repeat(200)}`]) {
        const r = await get(`${url}?${encodeURI(query)}`);
        expect(r.status, `${url}?${query}`).toBe(400);
        expect(r.body.message, `${url}?${query}`).toMatch(/[А-Яа-яЁё]/);
      }
    }
  });
});
