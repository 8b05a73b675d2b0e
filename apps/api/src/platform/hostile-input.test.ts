import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../test/applicant-factory.ts';
import { type SignedUp, signUpCompany } from '../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { openVacancy } from '../../test/vacancy-fixtures.ts';
import { MAX_JSON_DEPTH, jsonDocumentProblem, queryProblem } from './hostile-input.ts';

// JSON bodies and query strings are checked once, before any contract: text is well-formed
// UTF-16 without NUL, documents are not too deep, keys are short, unique and not __proto__.

let t: TestApp;
let company: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  company = await signUpCompany(t.app);
});
afterAll(() => t.close());

/** The body exactly as written (inject would re-serialise an object). */
const sendRaw = async (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: string) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { 'x-dcrt-hrm-auth': company.token, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: response.statusCode, body: response.json() };
};

const expectRussian400 = (answer: { status: number; body: unknown }, message: RegExp) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.body).toMatchObject({ code: 400, status: 'error', message });
};

describe('a lone UTF-16 surrogate is a 400, not a database error', () => {
  it('in the account settings', async () => {
    const answer = await sendRaw(
      'PATCH',
      '/api/account/account_settings',
      '{"company_name":"Ромашка \\ud800"}',
    );
    expectRussian400(answer, /одиночный суррогат/);
  });

  it('in a comment, also as the low half alone', async () => {
    const [applicantId] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Иван', lastName: 'Петров' },
    ]);
    for (const text of ['\\ud800', 'конец \\udfff', '\\udc00\\ud800']) {
      const answer = await sendRaw(
        'POST',
        `/api/applicants/${applicantId}/comments`,
        `{"description":"${text}"}`,
      );
      expectRussian400(answer, /одиночный суррогат/);
    }
    // A well-formed pair (an emoji) written as escapes is ordinary text.
    const emoji = await sendRaw(
      'POST',
      `/api/applicants/${applicantId}/comments`,
      '{"description":"Отлично \\ud83d\\ude00"}',
    );
    expect(emoji.status).toBe(200);
    expect(emoji.body.message.description).toContain('😀');
  });

  it('in a key, and in a query string', async () => {
    expectRussian400(
      await sendRaw('POST', '/api/feedbacks', '{"comment":"ок","\\ud800":1}'),
      /одиночный суррогат/,
    );
    // Percent-decoding cannot make one (invalid UTF-8 stays as typed), but the query is
    // checked all the same, whatever parses it.
    expect(queryProblem({ search: '\ud800' })).toMatch(/одиночный суррогат/);
    expect(queryProblem({ 'tags[]': ['1', 'a\u0000'] })).toMatch(/нулевой символ/);
    expect(queryProblem({ search: 'Иванов 😀', tags: ['1', '2'] })).toBeNull();
    const encodedSurrogate = await sendRaw('GET', '/api/applicants?search=%ED%A0%80');
    expect(encodedSurrogate.status).toBe(200);
  });
});

describe('PATCH /api/applicant_filters/{id} with a hostile document is a 400 in Russian', () => {
  let filterId: number;
  beforeAll(async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/applicant_filters',
      { name: 'Мои', filters: { age_from: 20 } },
      { token: company.token },
    );
    expect(created.status).toBe(200);
    filterId = created.body.message.id;
  });

  const patch = (payload: string) =>
    sendRaw('PATCH', `/api/applicant_filters/${filterId}`, payload);

  it('duplicate keys, at the top or inside the filters', async () => {
    expectRussian400(await patch('{"name":"а","name":"б"}'), /«name» повторяется/);
    expectRussian400(await patch('{"filters":{"tags":[1],"tags":[2]}}'), /«tags» повторяется/);
    // The same key written once plainly and once with an escape is the same key.
    expectRussian400(await patch('{"name":"а","n\\u0061me":"б"}'), /«name» повторяется/);
  });

  it('__proto__ and constructor.prototype', async () => {
    expectRussian400(await patch('{"__proto__":{"name":"x"}}'), /«__proto__»/);
    expectRussian400(await patch('{"filters":{"__proto__":{"tags":[1]}}}'), /«__proto__»/);
    expectRussian400(
      await patch('{"filters":{"constructor":{"prototype":{"x":1}}}}'),
      /«prototype»/,
    );
  });

  it('a 10,000-deep object', async () => {
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    expectRussian400(await patch(`{"filters":${deep}}`), /вложенность/);
  });

  it('a 1 MB key, at the top or inside the filters', async () => {
    const key = 'k'.repeat(1024 * 1024);
    expectRussian400(await patch(`{"${key}":1}`), /имя поля/);
    expectRussian400(await patch(`{"filters":{"${key}":1}}`), /имя поля/);
  });

  it('a body that changes nothing, or a filter the list does not know', async () => {
    expectRussian400(await patch('{}'), /[а-я]/);
    expectRussian400(await patch('{"filters":{"no_such_filter":1}}'), /[а-я]/);
  });

  it('still saves an ordinary change', async () => {
    const answer = await patch('{"name":"Свежие","filters":{"age_to":40}}');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toMatchObject({ name: 'Свежие', filters: { age_to: 40 } });
  });
});

describe('an integer past the column it goes to is a 400, not «integer out of range»', () => {
  const get = (url: string) => call(t.app, 'GET', url, undefined, { token: company.token });

  it('a page of 2147483648 on both get_applicants calls', async () => {
    const vacancy = await openVacancy(t.app, company.token);
    const stage = vacancy.statuses[0]!;
    const column = await call(
      t.app,
      'POST',
      '/api/columns',
      { name: 'Все', filters: {} },
      { token: company.token },
    );
    expect(column.status).toBe(200);
    const byStage = `/api/status_vacancy_columns/get_applicants?vacancy_id=${vacancy.id}&status_id=${stage.id}`;
    const byColumn = `/api/columns/get_applicants?id=${column.body.message.id}`;
    for (const url of [byStage, byColumn]) {
      expect((await get(`${url}&page=2`)).status).toBe(200);
      for (const page of ['2147483648', '100001', '-1', '1e400']) {
        expectRussian400(await get(`${url}&page=${page}`), /Номер страницы — целое число от 1/);
      }
    }
  });

  it('a country over int32, in the card and in its work history', async () => {
    for (const body of [
      { first_name: 'Иван', country: 2_147_483_648 },
      { first_name: 'Иван', experience: [{ company: 'ООО', country: 2_147_483_648 }] },
      { first_name: 'Иван', education: [{ name: 'МГУ', country: -2_147_483_649 }] },
    ]) {
      const answer = await call(t.app, 'POST', '/api/applicants', body, { token: company.token });
      expectRussian400(answer, /[а-я]/);
    }
  });

  it("an error report's code over int32", async () => {
    const answer = await call(
      t.app,
      'POST',
      '/api/error_reports',
      { message: 'Не открывается карточка', code: 2_147_483_648 },
      { token: company.token },
    );
    expectRussian400(answer, /Целое число от/);
  });

  it('a board view whose filters are too deep or too long', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 10; i++) deep = { a: deep };
    for (const filters of [deep, { applicant_name: 'я', note: 'x'.repeat(20_000) }]) {
      const answer = await call(
        t.app,
        'POST',
        '/api/columns',
        { name: 'Вид', filters },
        { token: company.token },
      );
      expectRussian400(answer, /Вложенность|Не длиннее/);
    }
  });
});

describe('the JSON document check', () => {
  it('tells keys from values, escaped quotes and backslashes included', () => {
    expect(jsonDocumentProblem('{"a":"a","b":["a","a"],"c":{"a":"\\"a\\\\"}}')).toBeNull();
    expect(jsonDocumentProblem('{"a\\\\":1,"a\\\\":2}')).toMatch(/повторяется/);
    expect(jsonDocumentProblem('[{"a":1},{"a":1}]')).toBeNull();
    expect(jsonDocumentProblem('{"x":{"a":1},"a":1}')).toBeNull();
    expect(jsonDocumentProblem('{"constructor":1,"b":{"prototype":1}}')).toBeNull();
  });

  it(`allows ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(jsonDocumentProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonDocumentProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/вложенность/);
  });
});
