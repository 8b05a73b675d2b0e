import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { fakeExe, tinyPdf } from '../../../test/documents.ts';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { dataUrl, tinyPng } from '../../../test/images.ts';
import { setStageRight } from '../../../test/pipeline-factory.ts';
import { type Role, ROLES, signUpTeamOfEveryRole } from '../../../test/role-team.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { storageFor } from '../../platform/storage.ts';
import { openVacancy, placeThroughStages } from '../../../test/vacancy-fixtures.ts';

const ONLY_ADMINS = 'Формы оценки настраивает только администратор';
const FORM_NOT_FOUND = 'Форма оценки не найдена';

let t: TestApp;
let admin: SignedUp;
let tokens: Record<Role, string>;
let other: SignedUp;
let otherApplicant: number;
let otherForm: Form;

type Criterion = { id: number; name: string; criterion_type: string; options: string[] };
type Form = { id: number; name: string; criterions: Criterion[]; statuses: { id: number }[] };

const CRITERIA = [
  {
    name: 'Коммуникация',
    criterion_type: 'scale',
    scale_min: 1,
    scale_max: 5,
    min_label: 'Слабо',
    max_label: 'Отлично',
    is_required: true,
  },
  { name: 'Английский', criterion_type: 'pick_one', options: ['A2', 'B1', 'B2'] },
  {
    name: 'Сильные стороны',
    criterion_type: 'pick_few',
    options: ['Подходит', 'Требует обучения', 'Лидер'],
  },
  { name: 'Впечатление', criterion_type: 'text' },
  { name: 'Тестовое задание', criterion_type: 'add_file' },
];

const as = (token: string) => ({
  get: (url: string) => call(t.app, 'GET', url, undefined, { token }),
  post: (url: string, body: unknown) => call(t.app, 'POST', url, body, { token }),
  patch: (url: string, body: unknown) => call(t.app, 'PATCH', url, body, { token }),
  delete: (url: string) => call(t.app, 'DELETE', url, undefined, { token }),
});

async function buildForm(token: string, name = 'Собеседование с руководителем') {
  const created = await as(token).post('/api/evaluations', { name, criterions: CRITERIA });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message as Form;
}

const byName = (form: Form, name: string) => form.criterions.find((c) => c.name === name)!;

/** Answers for the form: the scale, one option, two options, a text (no file). */
function answers(form: Form, scale: number, english = 'B2', strengths = ['Подходит']) {
  return [
    {
      criterion_id: byName(form, 'Коммуникация').id,
      result: { criterion_type: 'scale', result: scale },
    },
    {
      criterion_id: byName(form, 'Английский').id,
      comment: 'Свободно говорит',
      result: { criterion_type: 'pick_one', result: english },
    },
    {
      criterion_id: byName(form, 'Сильные стороны').id,
      result: { criterion_type: 'pick_few', result: strengths },
    },
    {
      criterion_id: byName(form, 'Впечатление').id,
      result: { criterion_type: 'text', result: 'Сильный кандидат' },
    },
  ];
}

async function newApplicant(accountId = admin.accountId) {
  const [id] = await insertApplicants(t.database, accountId, [
    { firstName: 'Иван', lastName: 'Петров' },
  ]);
  return id!;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, tokens } = await signUpTeamOfEveryRole(t, 'can_manage_applicant'));
  other = await signUpCompany(t.app);
  otherApplicant = await newApplicant(other.accountId);
  otherForm = await buildForm(other.token, 'Чужая форма');
});
afterAll(() => t.close());

describe('an admin builds evaluation forms', () => {
  it('creates a form with ordered criteria of every type and lists it for the account', async () => {
    const form = await buildForm(admin.token);
    expect(form.criterions.map((c) => [c.name, c.criterion_type])).toEqual([
      ['Коммуникация', 'scale'],
      ['Английский', 'pick_one'],
      ['Сильные стороны', 'pick_few'],
      ['Впечатление', 'text'],
      ['Тестовое задание', 'add_file'],
    ]);
    expect(form.criterions[0]).toMatchObject({
      order: 0,
      scale_min: 1,
      scale_max: 5,
      min_label: 'Слабо',
      max_label: 'Отлично',
      is_required: true,
      options: [],
    });
    expect(byName(form, 'Английский')).toMatchObject({
      options: ['A2', 'B1', 'B2'],
      scale_min: null,
    });
    const list = await as(tokens.recruiter).get('/api/evaluations');
    expect(list.body.message.map((f: Form) => f.id)).toContain(form.id);
    const one = await as(tokens.watcher).get(`/api/evaluations/${form.id}`);
    expect(one.status).toBe(200);
    expect(one.body.message).toMatchObject({ name: form.name, evaluations_count: 0 });
  });

  it.each([
    [{ criterions: CRITERIA }, 'name', 'Укажите название формы'],
    [{ name: 'Форма', criterions: [] }, 'criterions', 'Добавьте хотя бы один критерий'],
    [
      {
        name: 'Форма',
        criterions: [{ name: 'Язык', criterion_type: 'pick_one', options: ['B2'] }],
      },
      'criterions.0.options',
      'Нужно хотя бы два варианта',
    ],
    [
      {
        name: 'Форма',
        criterions: [{ name: 'Язык', criterion_type: 'pick_few', options: ['B2', 'b2'] }],
      },
      'criterions.0.options',
      'Варианты повторяются',
    ],
    [
      {
        name: 'Форма',
        criterions: [{ name: 'Шкала', criterion_type: 'scale', scale_min: 5, scale_max: 5 }],
      },
      'criterions.0.scale_max',
      'Верх шкалы должен быть больше низа',
    ],
    [
      { name: 'Форма', criterions: [{ name: 'Что-то', criterion_type: 'stars' }] },
      'criterions.0.criterion_type',
      'Тип критерия: pick_one, pick_few, scale, text или add_file',
    ],
  ])('refuses a malformed form in Russian (%#)', async (body, field, message) => {
    const refused = await as(admin.token).post('/api/evaluations', body);
    expect(refused.status).toBe(400);
    expect(refused.body.status).toBe('error');
    expect(refused.body.errors?.[field]).toBe(message);
  });

  it('lets only admins who are recruiters build, change and delete forms; everyone reads them', async () => {
    const form = await buildForm(admin.token, 'Для матрицы');
    const builders: Role[] = ['admin', 'admin without the right'];
    for (const role of ROLES) {
      const may = builders.includes(role);
      const created = await as(tokens[role]).post('/api/evaluations', {
        name: `От ${role}`,
        criterions: [{ name: 'Текст', criterion_type: 'text' }],
      });
      expect(created.status, role).toBe(may ? 200 : 403);
      if (!may) expect(created.body.message).toBe(ONLY_ADMINS);
      const changed = await as(tokens[role]).patch(`/api/evaluations/${form.id}`, {
        description: role,
      });
      expect(changed.status, role).toBe(may ? 200 : 403);
      const read = await as(tokens[role]).get('/api/evaluations');
      expect(read.status, role).toBe(200);
    }
    expect((await as(tokens.recruiter).delete(`/api/evaluations/${form.id}`)).status).toBe(403);
    expect((await as(tokens['watcher-admin']).delete(`/api/evaluations/${form.id}`)).status).toBe(
      403,
    );
    expect(
      (await as(tokens['admin without the right']).delete(`/api/evaluations/${form.id}`)).status,
    ).toBe(200);
  });
});

describe('a form on a stage', () => {
  it('is chosen per funnel stage and per vacancy stage, and the form lists where it is used', async () => {
    const form = await buildForm(admin.token, 'Для этапов');
    const funnelStages = await as(admin.token).get('/api/statuses');
    const funnelStage = funnelStages.body.message[0];
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Аналитик' });
    const vacancyStage = vacancy.statuses[1]!;
    for (const stage of [funnelStage, vacancyStage]) {
      const attached = await as(admin.token).patch(`/api/statuses/${stage.id}`, {
        evaluation_id: form.id,
      });
      expect(attached.status, JSON.stringify(attached.body)).toBe(200);
      expect(attached.body.message.evaluation_id).toBe(form.id);
    }
    const read = await as(admin.token).get(`/api/evaluations/${form.id}`);
    expect(read.body.message.statuses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: funnelStage.id, vacancy_id: null }),
        expect.objectContaining({ id: vacancyStage.id, vacancy_name: 'Аналитик' }),
      ]),
    );
    const detached = await as(admin.token).patch(`/api/statuses/${vacancyStage.id}`, {
      evaluation_id: null,
    });
    expect(detached.body.message.evaluation_id).toBeNull();
  });

  it('refuses another account’s form, or one that was deleted, and leaves the stage as it was', async () => {
    const vacancy = await openVacancy(t.app, admin.token);
    const stage = vacancy.statuses[0]!;
    const foreign = await as(admin.token).patch(`/api/statuses/${stage.id}`, {
      evaluation_id: otherForm.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(FORM_NOT_FOUND);
    const gone = await buildForm(admin.token, 'Удаляемая');
    await as(admin.token).delete(`/api/evaluations/${gone.id}`);
    const archived = await as(admin.token).patch(`/api/statuses/${stage.id}`, {
      evaluation_id: gone.id,
    });
    expect(archived.status).toBe(404);
    const created = await as(admin.token).post('/api/statuses', {
      name: 'Финал',
      vacancy_id: vacancy.id,
      evaluation_id: otherForm.id,
    });
    expect(created.status).toBe(404);
    const stages = await as(admin.token).get(`/api/statuses?vacancy_id=${vacancy.id}`);
    expect(stages.body.message.find((s: { id: number }) => s.id === stage.id).evaluation_id).toBe(
      (stage as { evaluation_id?: number | null }).evaluation_id,
    );
    expect(stages.body.message.some((s: { name: string }) => s.name === 'Финал')).toBe(false);
  });

  it('is held by the database too: a stage cannot name a form of another account or none at all', async () => {
    const vacancy = await openVacancy(t.app, admin.token);
    const stage = vacancy.statuses[0]!;
    for (const formId of [otherForm.id, 2_000_000_000]) {
      await expect(
        systemRows(
          t.database,
          sql`update statuses set evaluation_id = ${formId}
              where account_id = ${admin.accountId} and id = ${stage.id}`,
        ),
      ).rejects.toMatchObject({ cause: { code: '23503' } });
    }
    const own = await buildForm(admin.token, 'Своя форма');
    await systemRows(
      t.database,
      sql`update statuses set evaluation_id = ${own.id}
          where account_id = ${admin.accountId} and id = ${stage.id}`,
    );
    const [row] = await systemRows<{ evaluation_id: number }>(
      t.database,
      sql`select evaluation_id from statuses where account_id = ${admin.accountId} and id = ${stage.id}`,
    );
    expect(row!.evaluation_id).toBe(own.id);
  });
});

describe('recruiters evaluate applicants', () => {
  it('saves the answers with the author and shows averages, option counts and verdicts', async () => {
    const form = await buildForm(admin.token, 'Сводка');
    const applicant = await newApplicant();
    const first = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      recommendation: 'yes',
      criterions: answers(form, 4, 'B2', ['Подходит', 'Лидер']),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toMatchObject({
      evaluation_id: form.id,
      evaluation_name: 'Сводка',
      applicant_id: applicant,
      recommendation: 'yes',
      author: { name: 'Сотрудник' },
    });
    expect(first.body.message.criterions[1]).toEqual({
      criterion_id: byName(form, 'Английский').id,
      criterion_name: 'Английский',
      comment: 'Свободно говорит',
      result: { criterion_type: 'pick_one', result: 'B2' },
    });
    const second = await as(tokens['recruiter without the right']).post(
      '/api/applicant_evaluations',
      {
        evaluation_id: form.id,
        applicant_id: applicant,
        recommendation: 'maybe',
        criterions: answers(form, 5, 'B1', ['Подходит']),
      },
    );
    expect(second.status).toBe(200);

    const list = await as(admin.token).get(`/api/applicant_evaluations?applicant_id=${applicant}`);
    expect(list.status).toBe(200);
    expect(list.body.message.applicant_evaluation_count).toBe(2);
    expect(list.body.message.applicant_evaluations[0].id).toBe(second.body.message.id);
    const [summary] = list.body.message.summary;
    expect(summary).toMatchObject({
      evaluation_id: form.id,
      evaluations_count: 2,
      recommendations: { yes: 1, maybe: 1, no: 0 },
    });
    const scale = summary.criterions.find((c: Criterion) => c.name === 'Коммуникация');
    expect(scale).toMatchObject({ average: 4.5, answers_count: 2, scale_min: 1, scale_max: 5 });
    const strengths = summary.criterions.find((c: Criterion) => c.name === 'Сильные стороны');
    expect(strengths.option_counts).toEqual([
      { option: 'Подходит', count: 2 },
      { option: 'Требует обучения', count: 0 },
      { option: 'Лидер', count: 1 },
    ]);
    const formSummary = await as(tokens.recruiter).get(`/api/evaluations/${form.id}/summary`);
    expect(formSummary.body.message).toMatchObject({ evaluations_count: 2 });
    expect((await as(tokens.watcher).get(`/api/evaluations/${form.id}/summary`)).status).toBe(403);
    const counted = await as(admin.token).get(`/api/evaluations/${form.id}`);
    expect(counted.body.message.evaluations_count).toBe(2);
  });

  it('keeps a file answer in storage and serves it back to the account only', async () => {
    const form = await buildForm(admin.token, 'С файлом');
    const applicant = await newApplicant();
    const pdf = tinyPdf();
    const created = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      criterions: [
        ...answers(form, 3),
        {
          criterion_id: byName(form, 'Тестовое задание').id,
          result: {
            criterion_type: 'add_file',
            file: `data:application/pdf;base64,${pdf.toString('base64')}`,
            file_name: 'решение.pdf',
          },
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const answer = created.body.message.criterions[4];
    expect(answer.result).toMatchObject({ criterion_type: 'add_file', file_name: 'решение.pdf' });
    const file = await t.app.inject({
      method: 'GET',
      url: answer.result.file_url,
      headers: { 'x-dcrt-hrm-auth': tokens.recruiter },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const foreign = await t.app.inject({
      method: 'GET',
      url: answer.result.file_url,
      headers: { 'x-dcrt-hrm-auth': other.token },
    });
    expect(foreign.statusCode).toBe(404);

    // Editing without sending the file again keeps it when the answer says so.
    const kept = await as(tokens.recruiter).patch(
      `/api/applicant_evaluations/${created.body.message.id}`,
      {
        criterions: [
          ...answers(form, 2),
          {
            criterion_id: byName(form, 'Тестовое задание').id,
            result: { criterion_type: 'add_file', keep: true },
          },
        ],
      },
    );
    expect(kept.status).toBe(200);
    expect(kept.body.message.criterions[4].result.file_name).toBe('решение.pdf');
  });

  it("removes an evaluation's file from storage when its applicant is deleted", async () => {
    const form = await buildForm(admin.token, 'Файл и удаление');
    const applicant = await newApplicant();
    const created = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      criterions: [
        ...answers(form, 4),
        {
          criterion_id: byName(form, 'Тестовое задание').id,
          result: {
            criterion_type: 'add_file',
            file: `data:application/pdf;base64,${tinyPdf().toString('base64')}`,
            file_name: 'задание.pdf',
          },
        },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const [row] = await systemRows<{ key: string }>(
      t.database,
      sql`select answer->'file'->>'storage_key' as key
          from applicant_evaluations e, jsonb_array_elements(e.answers) answer
          where e.id = ${created.body.message.id as number} and answer ? 'file'
            and jsonb_typeof(answer->'file') = 'object'`,
    );
    const storage = storageFor(t.config);
    expect(await storage.get(row!.key)).not.toBeNull();
    const deleted = await as(admin.token).delete(`/api/applicants/${applicant}?confirm=true`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await storage.get(row!.key)).toBeNull();
  });

  describe('answers are checked against their criterion, in Russian', () => {
    let form: Form;
    let applicant: number;
    const id = (name: string) => byName(form, name).id;
    beforeAll(async () => {
      form = await buildForm(admin.token, 'Проверки');
      applicant = await newApplicant();
    });
    const submit = (criterions: unknown[]) =>
      as(tokens.recruiter).post('/api/applicant_evaluations', {
        evaluation_id: form.id,
        applicant_id: applicant,
        criterions,
      });
    const scaleOk = () => ({
      criterion_id: id('Коммуникация'),
      result: { criterion_type: 'scale', result: 3 },
    });
    const cases: [string, () => unknown[], string, string][] = [
      ['a required scale left empty', () => [], 'Коммуникация', 'Обязательный критерий'],
      [
        'a scale value out of range',
        () => [
          { criterion_id: id('Коммуникация'), result: { criterion_type: 'scale', result: 6 } },
        ],
        'Коммуникация',
        'Оценка по шкале — целое число от 1 до 5',
      ],
      [
        'a fractional scale value',
        () => [
          { criterion_id: id('Коммуникация'), result: { criterion_type: 'scale', result: 2.5 } },
        ],
        'Коммуникация',
        'Оценка по шкале — целое число от 1 до 5',
      ],
      [
        'a single choice that is not an option',
        () => [
          scaleOk(),
          { criterion_id: id('Английский'), result: { criterion_type: 'pick_one', result: 'C2' } },
        ],
        'Английский',
        'Выберите один из вариантов критерия',
      ],
      [
        'several choices with a stranger among them',
        () => [
          scaleOk(),
          {
            criterion_id: id('Сильные стороны'),
            result: { criterion_type: 'pick_few', result: ['Подходит', 'Гений'] },
          },
        ],
        'Сильные стороны',
        'Выберите один из вариантов критерия',
      ],
      [
        'a text that is too long',
        () => [
          scaleOk(),
          {
            criterion_id: id('Впечатление'),
            result: { criterion_type: 'text', result: 'я'.repeat(5001) },
          },
        ],
        'Впечатление',
        'Не длиннее 5000 символов',
      ],
      [
        'an answer of another type than its criterion',
        () => [
          scaleOk(),
          { criterion_id: id('Впечатление'), result: { criterion_type: 'scale', result: 3 } },
        ],
        'Впечатление',
        'Тип ответа не совпадает с типом критерия',
      ],
      [
        'a file that is not a data URL',
        () => [
          scaleOk(),
          {
            criterion_id: id('Тестовое задание'),
            result: { criterion_type: 'add_file', file: 'http://x.ru/a.pdf' },
          },
        ],
        'Тестовое задание',
        'Файл передаётся как data URL (data:…;base64,…)',
      ],
      [
        'a file of a type not allowed',
        () => [
          scaleOk(),
          {
            criterion_id: id('Тестовое задание'),
            result: { criterion_type: 'add_file', file: dataUrl(fakeExe(), 'application/pdf') },
          },
        ],
        'Тестовое задание',
        'Файл должен быть PDF, DOCX, RTF или изображением',
      ],
    ];
    it.each(cases)('refuses %s', async (_, criterions, criterion, message) => {
      const refused = await submit(criterions());
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors?.[`criterions.${id(criterion)}`]).toBe(message);
      expect(refused.body.message).toBe(message);
    });

    it('refuses a file over 10 MB with 413', async () => {
      const big = Buffer.concat([tinyPng(), Buffer.alloc(10 * 1024 * 1024)]);
      const refused = await submit([
        scaleOk(),
        {
          criterion_id: id('Тестовое задание'),
          result: { criterion_type: 'add_file', file: dataUrl(big) },
        },
      ]);
      expect(refused.status).toBe(413);
      expect(refused.body.message).toBe('Файл больше 10 МБ');
    });

    it('refuses an unknown recommendation and a criterion of another form', async () => {
      const verdict = await as(tokens.recruiter).post('/api/applicant_evaluations', {
        evaluation_id: form.id,
        applicant_id: applicant,
        recommendation: 'great',
        criterions: [scaleOk()],
      });
      expect(verdict.status).toBe(400);
      expect(verdict.body.errors?.recommendation).toBe('Рекомендация: yes, maybe или no');
      const stranger = await submit([
        scaleOk(),
        {
          criterion_id: otherForm.criterions[0]!.id,
          result: { criterion_type: 'scale', result: 3 },
        },
      ]);
      expect(stranger.status).toBe(404);
      expect(stranger.body.message).toBe('Критерий не найден в этой форме');
      const none = await systemRows(
        t.database,
        sql`select id from applicant_evaluations where applicant_id = ${applicant}::int`,
      );
      expect(none).toEqual([]);
    });
  });

  it('lets only the author or an admin change or delete an evaluation', async () => {
    const form = await buildForm(admin.token, 'Авторство');
    const applicant = await newApplicant();
    const created = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      recommendation: 'no',
      criterions: answers(form, 2),
    });
    const url = `/api/applicant_evaluations/${created.body.message.id}`;
    const stranger = await as(tokens['recruiter without the right']).patch(url, {
      recommendation: 'yes',
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe('Изменять чужую оценку может только администратор');
    expect((await as(tokens['recruiter without the right']).delete(url)).status).toBe(403);
    const own = await as(tokens.recruiter).patch(url, { recommendation: 'maybe' });
    expect(own.body.message.recommendation).toBe('maybe');
    const byAdmin = await as(admin.token).patch(url, { criterions: answers(form, 5) });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.message.criterions[0].result.result).toBe(5);
    expect((await as(tokens.recruiter).delete(url)).status).toBe(200);
    expect((await as(tokens.recruiter).get(url)).status).toBe(404);
  });
});

describe('hiring managers (watchers) evaluate applicants of the vacancies they follow', () => {
  it('evaluates and reads only there, and not at a stage hidden from them', async () => {
    const manager = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
      name: 'Заказчик',
    });
    const form = await buildForm(admin.token, 'Для заказчика');
    const watched = await openVacancy(t.app, admin.token, {
      position: 'Юрист',
      watchers: [manager.userId],
    });
    const elsewhere = await openVacancy(t.app, admin.token, { position: 'Бухгалтер' });
    const applicant = await newApplicant();
    const stranger = await newApplicant();
    await placeThroughStages(t.database, admin.accountId, watched.id, [
      { applicantId: applicant, path: [watched.statuses[0]!.id] },
    ]);
    await placeThroughStages(t.database, admin.accountId, elsewhere.id, [
      { applicantId: applicant, path: [elsewhere.statuses[0]!.id] },
      { applicantId: stranger, path: [elsewhere.statuses[0]!.id] },
    ]);
    const recruiterOnly = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      vacancy_id: elsewhere.id,
      criterions: answers(form, 1),
    });
    expect(recruiterOnly.status).toBe(200);

    const mine = await as(manager.token).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      recommendation: 'yes',
      criterions: answers(form, 5),
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.message.vacancy_id).toBe(watched.id);
    const seen = await as(manager.token).get(
      `/api/applicant_evaluations?applicant_id=${applicant}`,
    );
    expect(seen.body.message.applicant_evaluations.map((e: { id: number }) => e.id)).toEqual([
      mine.body.message.id,
    ]);
    expect(
      (await as(manager.token).get(`/api/applicant_evaluations/${recruiterOnly.body.message.id}`))
        .status,
    ).toBe(404);
    const notTheirs = await as(manager.token).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      vacancy_id: elsewhere.id,
      criterions: answers(form, 5),
    });
    expect(notTheirs.status).toBe(404);

    const refused = await as(manager.token).get(
      `/api/applicant_evaluations?applicant_id=${stranger}`,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Заказчик оценивает только кандидатов на вакансиях, где он наблюдатель',
    );
    const otherWatcher = await as(tokens.watcher).get(
      `/api/applicant_evaluations?applicant_id=${applicant}`,
    );
    expect(otherWatcher.status).toBe(403);

    await setStageRight(t.database, admin.accountId, {
      userId: manager.userId,
      statusId: watched.statuses[0]!.id,
      isRead: false,
      isWrite: false,
    });
    const hidden = await as(manager.token).get(
      `/api/applicant_evaluations?applicant_id=${applicant}`,
    );
    expect(hidden.status).toBe(403);
  });
});

describe('changing a form keeps the evaluations already made readable', () => {
  it('renames, removes and adds criteria; old answers keep their criterion as it was', async () => {
    const form = await buildForm(admin.token, 'Меняется');
    const applicant = await newApplicant();
    const before = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      criterions: answers(form, 4),
    });
    const english = byName(form, 'Английский');
    const changed = await as(admin.token).patch(`/api/evaluations/${form.id}`, {
      criterions: [
        {
          id: english.id,
          name: 'Английский язык',
          criterion_type: 'pick_one',
          options: ['B1', 'B2', 'C1'],
        },
        { name: 'Мотивация', criterion_type: 'scale', scale_min: 0, scale_max: 10 },
      ],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.message.criterions.map((c: Criterion) => c.name)).toEqual([
      'Английский язык',
      'Мотивация',
    ]);
    const read = await as(tokens.recruiter).get(
      `/api/applicant_evaluations/${before.body.message.id}`,
    );
    expect(
      read.body.message.criterions.map((c: { criterion_name: string }) => c.criterion_name),
    ).toEqual(['Коммуникация', 'Английский', 'Сильные стороны', 'Впечатление', 'Тестовое задание']);
    expect(read.body.message.criterions[0].result.result).toBe(4);
    const list = await as(tokens.recruiter).get(
      `/api/applicant_evaluations?applicant_id=${applicant}`,
    );
    const summary = list.body.message.summary[0];
    expect(summary.criterions.map((c: Criterion) => c.name)).toEqual([
      'Английский язык',
      'Мотивация',
    ]);
    expect(summary.criterions[0].option_counts).toEqual([
      { option: 'B1', count: 0 },
      { option: 'B2', count: 1 },
      { option: 'C1', count: 0 },
    ]);
    expect(summary.criterions[1]).toMatchObject({ average: null, answers_count: 0 });

    const foreignCriterion = await as(admin.token).patch(`/api/evaluations/${form.id}`, {
      criterions: [{ id: otherForm.criterions[0]!.id, name: 'Чужой', criterion_type: 'text' }],
    });
    expect(foreignCriterion.status).toBe(404);
  });

  it('deleting a form archives it: evaluations stay, stages stop offering it', async () => {
    const form = await buildForm(admin.token, 'В архив');
    const applicant = await newApplicant();
    const vacancy = await openVacancy(t.app, admin.token);
    const stage = vacancy.statuses[0]!;
    await as(admin.token).patch(`/api/statuses/${stage.id}`, { evaluation_id: form.id });
    const made = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      criterions: answers(form, 3),
    });
    const deleted = await as(admin.token).delete(`/api/evaluations/${form.id}`);
    expect(deleted.status).toBe(200);
    expect((await as(admin.token).get(`/api/evaluations/${form.id}`)).status).toBe(404);
    const list = await as(admin.token).get('/api/evaluations');
    expect(list.body.message.some((f: Form) => f.id === form.id)).toBe(false);
    const kept = await as(admin.token).get(`/api/applicant_evaluations/${made.body.message.id}`);
    expect(kept.body.message.evaluation_name).toBe('В архив');
    const stages = await as(admin.token).get(`/api/statuses?vacancy_id=${vacancy.id}`);
    expect(
      stages.body.message.find((s: { id: number }) => s.id === stage.id).evaluation_id,
    ).toBeNull();
    const late = await as(tokens.recruiter).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      criterions: answers(form, 3),
    });
    expect(late.status).toBe(404);
  });
});

describe('tenant isolation: another account’s ids are not found and nothing changes', () => {
  it('forms, evaluations, applicants and stages of one account are invisible to another', async () => {
    const form = await buildForm(admin.token, 'Секретная');
    const applicant = await newApplicant();
    const made = await as(admin.token).post('/api/applicant_evaluations', {
      evaluation_id: form.id,
      applicant_id: applicant,
      recommendation: 'yes',
      criterions: answers(form, 5),
    });
    const evaluationUrl = `/api/applicant_evaluations/${made.body.message.id}`;
    const stranger = as(other.token);
    const answersOfOther = answers(otherForm, 1);

    for (const response of [
      await stranger.get(`/api/evaluations/${form.id}`),
      await stranger.patch(`/api/evaluations/${form.id}`, { name: 'Взлом' }),
      await stranger.delete(`/api/evaluations/${form.id}`),
      await stranger.get(`/api/evaluations/${form.id}/summary`),
      await stranger.get(evaluationUrl),
      await stranger.patch(evaluationUrl, { recommendation: 'no' }),
      await stranger.delete(evaluationUrl),
      await stranger.get(`/api/applicant_evaluations?applicant_id=${applicant}`),
      await stranger.post('/api/applicant_evaluations', {
        evaluation_id: otherForm.id,
        applicant_id: applicant,
        criterions: answersOfOther,
      }),
      await stranger.post('/api/applicant_evaluations', {
        evaluation_id: form.id,
        applicant_id: otherApplicant,
        criterions: answersOfOther,
      }),
      await stranger.post('/api/applicant_evaluations', {
        evaluation_id: otherForm.id,
        applicant_id: otherApplicant,
        criterions: answers(form, 5),
      }),
    ]) {
      expect(response.status, JSON.stringify(response.body)).toBe(404);
    }
    const stages = await as(admin.token).get('/api/statuses');
    const myStage = stages.body.message[0];
    const foreignStage = await stranger.patch(`/api/statuses/${myStage.id}`, {
      evaluation_id: otherForm.id,
    });
    expect(foreignStage.status).toBe(404);

    const still = await as(admin.token).get(evaluationUrl);
    expect(still.body.message.recommendation).toBe('yes');
    expect((await as(admin.token).get(`/api/evaluations/${form.id}`)).body.message.name).toBe(
      'Секретная',
    );
    const theirs = await systemRows(
      t.database,
      sql`select count(*)::int as n from applicant_evaluations where account_id = ${other.accountId}::int`,
    );
    expect(theirs).toEqual([{ n: 0 }]);
  });

  it('answers 400 in Russian for ids that are not ids', async () => {
    const bad = await as(admin.token).get('/api/applicant_evaluations?applicant_id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.applicant_id).toBe('Некорректный идентификатор');
    expect((await as(admin.token).get('/api/evaluations/0')).status).toBe(400);
  });
});
