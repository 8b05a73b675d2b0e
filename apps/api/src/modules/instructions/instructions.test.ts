import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, signUpCompany, type SignedUp } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { loadInstructionFiles } from './instructions.service.ts';

let t: TestApp;
let dir: string;
let editorAccount: SignedUp;
let otherAdmin: SignedUp;

const article = (front: Record<string, string>, body: string) =>
  `---\n${Object.entries(front)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n---\n${body}\n`;

const FILES: Record<string, string> = {
  'start/import.md': article(
    {
      title: 'Импорт кандидатов из Excel',
      slug: 'import-kandidatov',
      section: 'start',
      order: '2',
    },
    '## Подготовка файла\n\nЗагрузите таблицу с кандидатами: система сама найдёт дубликаты.',
  ),
  'start/board.md': article(
    {
      title: 'Доска вакансии',
      slug: 'doska',
      section: 'start',
      order: '1',
      related: 'import-kandidatov',
    },
    'Перетаскивайте карточки кандидатов между этапами. ![Доска](/img/board.png)',
  ),
  'rights/roles.md': article(
    { title: 'Роли и права', slug: 'roli', section: 'rights', order: '1' },
    'Администратор управляет командой. Наблюдатель видит только свои вакансии. Объем прав задаёт администратор.',
  ),
  'rights/draft.md': article(
    { title: 'Черновик о ёлках', slug: 'chernovik', section: 'rights', published: 'false' },
    'Секретный текст.',
  ),
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ats-faq-'));
  await writeFile(
    path.join(dir, 'sections.json'),
    JSON.stringify([
      { slug: 'start', title: 'Начало работы' },
      { slug: 'rights', title: 'Роли и права' },
    ]),
  );
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text, 'utf8');
  }
  t = await createTestApp();
  editorAccount = await signUpCompany(t.app);
  otherAdmin = await signUpCompany(t.app);
  t.config.FAQ_EDITOR_ACCOUNT_ID = editorAccount.accountId;
  expect(await loadInstructionFiles(t.database.system, dir)).toEqual({ loaded: 4, problems: [] });
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const search = (q: string) =>
  call(t.app, 'GET', `/api/instructions/search?search=${encodeURIComponent(q)}`);
const titlesOf = (r: { body: { message: { results: { title: string }[] } } }) =>
  r.body.message.results.map((x) => x.title);

describe('public knowledge base', () => {
  it('lists sections in order with their published articles, drafts hidden, no sign-in needed', async () => {
    const r = await call(t.app, 'GET', '/api/instructions');
    expect(r.status).toBe(200);
    expect(
      r.body.message.map((s: { title: string; instructions: { slug: string }[] }) => [
        s.title,
        s.instructions.map((i) => i.slug),
      ]),
    ).toEqual([
      ['Начало работы', ['doska', 'import-kandidatov']],
      ['Роли и права', ['roli']],
    ]);
  });

  it('opens an article by slug or id with its body and related articles; a draft is 404', async () => {
    const bySlug = await call(t.app, 'GET', '/api/instructions/doska');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.message).toMatchObject({
      title: 'Доска вакансии',
      section: { slug: 'start', title: 'Начало работы' },
      related: [{ slug: 'import-kandidatov', title: 'Импорт кандидатов из Excel' }],
    });
    expect(bySlug.body.message.body).toContain('![Доска](/img/board.png)');
    const byId = await call(t.app, 'GET', `/api/instructions/${bySlug.body.message.id}`);
    expect(byId.body.message.slug).toBe('doska');
    const draft = await call(t.app, 'GET', '/api/instructions/chernovik');
    expect(draft.status).toBe(404);
    expect(draft.body).toEqual({ code: 404, status: 'error', message: 'Статья не найдена' });
  });

  it('finds other word forms of Russian words, ranked with the title match first', async () => {
    const r = await search('импортировать кандидата');
    expect(r.status).toBe(200);
    expect(titlesOf(r)).toEqual(['Импорт кандидатов из Excel']);
    const forms = await search('карточка');
    expect(titlesOf(forms)).toEqual(['Доска вакансии']);
    const ranked = await search('кандидаты');
    expect(titlesOf(ranked)[0]).toBe('Импорт кандидатов из Excel');
    expect(titlesOf(ranked)).toContain('Доска вакансии');
  });

  it('finds a misspelled word', async () => {
    expect(titlesOf(await search('импорт кандидтов'))).toEqual(['Импорт кандидатов из Excel']);
    expect(titlesOf(await search('адмнистратор'))).toEqual(['Роли и права']);
  });

  it('treats ё and е alike, both ways', async () => {
    expect(titlesOf(await search('объём'))).toEqual(['Роли и права']);
    expect(titlesOf(await search('задает'))).toEqual(['Роли и права']);
    expect(titlesOf(await search('найдет дубликаты'))).toEqual(['Импорт кандидатов из Excel']);
  });

  it('marks the matches in the title and the snippet, as text segments', async () => {
    const r = await search('дубликаты');
    const hit = r.body.message.results[0];
    expect(
      hit.snippet.filter((s: { match: boolean }) => s.match).map((s: { text: string }) => s.text),
    ).toEqual(['дубликаты']);
    const title = (await search('доска')).body.message.results[0].title_highlight;
    expect(title).toEqual([
      { text: 'Доска', match: true },
      { text: ' вакансии', match: false },
    ]);
  });

  it('never finds drafts and never lets markup through as a match', async () => {
    expect(titlesOf(await search('секретный'))).toEqual([]);
    const html = await search('<b>кандидат</b>');
    expect(html.status).toBe(200);
    expect(JSON.stringify(html.body.message.results)).not.toContain('<b>');
  });

  it('suggests as you type, at most 10, with the unfinished word as a prefix', async () => {
    const r = await call(
      t.app,
      'GET',
      `/api/instructions/search_suggestions?search=${encodeURIComponent('импорт канд')}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.message.map((s: { title: string }) => s.title)).toEqual([
      'Импорт кандидатов из Excel',
    ]);
    const short = await call(
      t.app,
      'GET',
      `/api/instructions/search_suggestions?search=${encodeURIComponent('до')}`,
    );
    expect(short.body.message.map((s: { title: string }) => s.title)).toEqual(['Доска вакансии']);
  });

  it('an empty search is a 400 in Russian', async () => {
    for (const q of ['', '   ', '%20', '!!!']) {
      for (const p of ['search', 'search_suggestions']) {
        const r = await call(t.app, 'GET', `/api/instructions/${p}?search=${q}`);
        expect(r.status, `${p} ${q}`).toBe(400);
        expect(r.body.errors?.search).toBe('Введите текст для поиска');
      }
    }
    expect((await call(t.app, 'GET', '/api/instructions/search')).status).toBe(400);
  });
});

describe('the editor', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    title: 'Календарь собеседований',
    slug: 'kalendar',
    section_id: 0,
    body: 'Назначайте интервью в календаре.',
    is_published: false,
    ...over,
  });
  let sectionId: number;

  beforeAll(async () => {
    const r = await call(t.app, 'GET', '/api/instructions/editor', undefined, {
      token: editorAccount.token,
    });
    expect(r.status).toBe(200);
    sectionId = r.body.message[0].id;
  });

  it('refuses every write and the editor list to other accounts and to a non-admin of the editor account', async () => {
    const member = await addTeamMember(t.app, editorAccount.token, {
      member_type: 'owner',
      is_admin: false,
    });
    for (const token of [otherAdmin.token, member.token]) {
      for (const [method, url, payload] of [
        ['GET', '/api/instructions/editor', undefined],
        ['POST', '/api/instructions', body({ section_id: sectionId })],
        ['POST', '/api/instructions', {}],
        ['PUT', '/api/instructions/1', body({ section_id: sectionId })],
        ['DELETE', '/api/instructions/1', undefined],
        ['POST', '/api/instructions/sections', { title: 'Раздел', slug: 'razdel' }],
        ['PUT', '/api/instructions/order', { sections: [] }],
      ] as const) {
        const r = await call(t.app, method, url, payload, { token });
        expect(r.status, `${method} ${url}`).toBe(403);
        expect(r.body.message).toBe('Редактировать базу знаний может только её редактор');
      }
    }
    expect(
      (await call(t.app, 'POST', '/api/instructions', body({ section_id: sectionId }))).status,
    ).toBe(420);
  });

  it('writes a draft, hidden from the public and from search until published', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/instructions',
      body({ section_id: sectionId }),
      {
        token: editorAccount.token,
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.message.id;
    expect((await call(t.app, 'GET', '/api/instructions/kalendar')).status).toBe(404);
    expect(titlesOf(await search('интервью'))).toEqual([]);
    const draft = await call(t.app, 'GET', `/api/instructions/editor/${id}`, undefined, {
      token: editorAccount.token,
    });
    expect(draft.body.message.is_published).toBe(false);

    const published = await call(
      t.app,
      'PUT',
      `/api/instructions/${id}`,
      body({ section_id: sectionId, is_published: true }),
      { token: editorAccount.token },
    );
    expect(published.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/instructions/kalendar')).status).toBe(200);
    expect(titlesOf(await search('интервю'))).toEqual(['Календарь собеседований']);
  });

  it('refuses a slug that exists, a reserved slug and a bad slug in Russian', async () => {
    const taken = await call(
      t.app,
      'POST',
      '/api/instructions',
      body({ section_id: sectionId, slug: 'doska' }),
      {
        token: editorAccount.token,
      },
    );
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({
      message: 'Статья с таким адресом уже есть',
      errors: { slug: 'Статья с таким адресом уже есть' },
    });
    const reserved = await call(
      t.app,
      'POST',
      '/api/instructions',
      body({ section_id: sectionId, slug: 'search' }),
      {
        token: editorAccount.token,
      },
    );
    expect(reserved.status).toBe(400);
    const bad = await call(
      t.app,
      'POST',
      '/api/instructions',
      body({ section_id: sectionId, slug: 'Доска!' }),
      {
        token: editorAccount.token,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.slug).toBe('Адрес: строчные латинские буквы, цифры и дефис');
    const noSection = await call(
      t.app,
      'POST',
      '/api/instructions',
      body({ section_id: 999999, slug: 'x' }),
      {
        token: editorAccount.token,
      },
    );
    expect(noSection.status).toBe(400);
    expect(noSection.body.errors?.section_id).toBe('Раздел не найден');
  });

  it('reorders sections and articles; a stale order is refused', async () => {
    const sections = (
      await call(t.app, 'GET', '/api/instructions/editor', undefined, {
        token: editorAccount.token,
      })
    ).body.message as { id: number; instructions: { id: number }[] }[];
    const order = {
      sections: [...sections].reverse().map((s) => ({
        id: s.id,
        instruction_ids: s.instructions.map((i) => i.id).reverse(),
      })),
    };
    const r = await call(t.app, 'PUT', '/api/instructions/order', order, {
      token: editorAccount.token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const pub = await call(t.app, 'GET', '/api/instructions');
    expect(pub.body.message[0].title).toBe('Роли и права');
    const stale = await call(
      t.app,
      'PUT',
      '/api/instructions/order',
      { sections: order.sections.slice(1) },
      { token: editorAccount.token },
    );
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe('Порядок устарел: обновите страницу');
  });

  it('creates and deletes a section; a section with articles is not deleted', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/instructions/sections',
      { title: 'Интеграции', slug: 'integrations' },
      { token: editorAccount.token },
    );
    expect(created.status).toBe(200);
    const added = created.body.message.find((s: { slug: string }) => s.slug === 'integrations');
    const full = await call(t.app, 'DELETE', `/api/instructions/sections/${sectionId}`, undefined, {
      token: editorAccount.token,
    });
    expect(full.status).toBe(400);
    const empty = await call(t.app, 'DELETE', `/api/instructions/sections/${added.id}`, undefined, {
      token: editorAccount.token,
    });
    expect(empty.status).toBe(200);
  });
});

describe('the shipped files', () => {
  it('loading again changes nothing; a changed file replaces its article, the editor’s edits of unchanged files stay', async () => {
    const before = await call(t.app, 'GET', '/api/instructions/roli');
    await call(
      t.app,
      'PUT',
      `/api/instructions/${before.body.message.id}`,
      {
        title: 'Роли и права (правка редактора)',
        slug: 'roli',
        section_id: before.body.message.section_id,
        body: before.body.message.body,
        is_published: true,
      },
      { token: editorAccount.token },
    );
    await loadInstructionFiles(t.database.system, dir);
    expect((await call(t.app, 'GET', '/api/instructions/roli')).body.message.title).toBe(
      'Роли и права (правка редактора)',
    );
    await writeFile(
      path.join(dir, 'start/board.md'),
      FILES['start/board.md']!.replace('Доска вакансии', 'Доска вакансии и этапы'),
    );
    await loadInstructionFiles(t.database.system, dir);
    expect((await call(t.app, 'GET', '/api/instructions/doska')).body.message.title).toBe(
      'Доска вакансии и этапы',
    );
  });

  it('the repository’s own articles load without a problem: at least 25, each with a section', async () => {
    const result = await loadInstructionFiles(t.database.system, t.config.FAQ_CONTENT_DIR);
    expect(result.problems).toEqual([]);
    expect(result.loaded).toBeGreaterThanOrEqual(25);
    const sections = (await call(t.app, 'GET', '/api/instructions')).body.message as {
      slug: string;
      instructions: unknown[];
    }[];
    const shipped = sections.filter((s) => !['start', 'rights'].includes(s.slug));
    expect(shipped.length).toBeGreaterThanOrEqual(10);
    expect(shipped.flatMap((s) => s.instructions).length).toBeGreaterThanOrEqual(25);
    const found = await search('импорт кандидтов');
    expect(titlesOf(found)).toContain('Импорт кандидатов из Excel и CSV');
  });
});
