// `instructions`: the knowledge base's search and suggestions (GET /api/instructions/search and
// /search_suggestions, through the service the routes call) over 2,000 published articles, beside
// the plain full-text SQL without typo tolerance or highlighting. Embedded PGlite (the default
// install). See bench/README.md.
import { openDatabase, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import * as repo from '../apps/api/src/modules/instructions/instructions.repository.ts';
import {
  loadInstructionFiles,
  searchInstructions,
  suggestInstructions,
} from '../apps/api/src/modules/instructions/instructions.service.ts';
import { markdownToText } from '../apps/api/src/modules/instructions/instruction-file.ts';
import { loadConfig } from '../apps/api/src/platform/config.ts';
import { percentile } from './support/load.ts';
import { type Benchmark, type BenchReport, envNumber, fmt, type Row } from './support/report.ts';

const GOAL_P95_MS = 20;

const WORDS = (
  'кандидат вакансия импорт таблица доска этап воронка отказ причина дубликат объединение ' +
  'роль администратор рекрутер наблюдатель заявка согласование шаблон письмо календарь ' +
  'аналитика конверсия источник резюме оффер собеседование оценка анкета тег фильтр поиск ' +
  'телефон почта сотрудник приглашение пароль сеанс журнал выгрузка персональный согласие ' +
  'установка сервер база настройка переменная компания отдел руководитель срок пауза закрытие'
).split(' ');

const SEARCHES = [
  'импорт кандидатов',
  'кандидта',
  'объединение дубликатов',
  'ёлка',
  'согласованее заявки',
  'причины отказа',
  'воронка этап',
  'журнал',
];
const SUGGESTIONS = ['им', 'канд', 'дубл', 'заявк', 'роль адм', 'оф'];

function pick(seed: number, n: number) {
  const out: string[] = [];
  let x = seed;
  for (let i = 0; i < n; i += 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out;
}

async function timeIt(work: () => Promise<unknown>, rounds: number) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function run(): Promise<BenchReport> {
  const articles = envNumber('BENCH_ARTICLES', 2000);
  const rounds = envNumber('BENCH_ROUNDS', 20);
  const database = await openDatabase({ dataDir: 'memory://' });
  const db = database.system;
  try {
    const config = loadConfig({});
    const shipped = await loadInstructionFiles(db, config.FAQ_CONTENT_DIR);
    const [section] = await selectRows<{ id: number }>(
      db,
      sql`select id from instruction_sections order by position limit 1`,
    );
    for (let i = 0; i < articles; i += 1) {
      const title = pick(i + 1, 4).join(' ');
      const body = Array.from({ length: 6 }, (_, p) => pick(i * 7 + p, 18).join(' ') + '.').join(
        '\n\n',
      );
      await repo.insertInstructionAcrossAccounts(db, {
        slug: `bench-${i}`,
        sectionId: section!.id,
        title: `${title[0]!.toUpperCase()}${title.slice(1)}`,
        body,
        bodyText: markdownToText(body),
        isPublished: true,
        relatedSlugs: [],
        position: i,
      });
    }
    await repo.refreshLexemesAcrossAccounts(db);
    const rows: Row[] = [];
    const search = await timeIt(async () => {
      for (const q of SEARCHES) await searchInstructions(db, q);
    }, rounds);
    const raw = await timeIt(async () => {
      for (const q of SEARCHES) {
        await selectRows(
          db,
          sql`select id from instructions
              where is_published and search_document @@ websearch_to_tsquery('russian', ${q})
              order by ts_rank_cd(search_document, websearch_to_tsquery('russian', ${q})) desc
              limit 50`,
        );
      }
    }, rounds);
    const suggest = await timeIt(async () => {
      for (const q of SUGGESTIONS) await suggestInstructions(db, q);
    }, rounds);
    const per = (v: number, n: number) => v / n;
    const searchP95 = per(search.p95, SEARCHES.length);
    const suggestP95 = per(suggest.p95, SUGGESTIONS.length);
    rows.push(
      {
        measurement: 'search (service: typos, ranking, highlighting)',
        value: `p50 ${fmt.ms(per(search.p50, SEARCHES.length))} · p95 ${fmt.ms(searchP95)}`,
        note: `per query, ${SEARCHES.length} queries × ${rounds} rounds`,
      },
      {
        measurement: 'raw SQL (websearch_to_tsquery, rank, no typos or highlighting)',
        value: `p50 ${fmt.ms(per(raw.p50, SEARCHES.length))} · p95 ${fmt.ms(per(raw.p95, SEARCHES.length))}`,
        note: 'per query, same queries',
      },
      {
        measurement: 'suggestions (service, ≤ 10, prefix)',
        value: `p50 ${fmt.ms(per(suggest.p50, SUGGESTIONS.length))} · p95 ${fmt.ms(suggestP95)}`,
        note: `per query, ${SUGGESTIONS.length} queries × ${rounds} rounds`,
      },
    );
    return {
      rows,
      notes: [
        `${articles} generated articles + ${shipped.loaded} shipped ones, embedded PGlite`,
        'p95 of the mean time per query in a round (each round runs every query once)',
      ],
      verdicts: [
        {
          goal: `search p95 ≤ ${GOAL_P95_MS} ms`,
          measured: fmt.ms(searchP95),
          pass: searchP95 <= GOAL_P95_MS,
        },
        {
          goal: `suggestions p95 ≤ ${GOAL_P95_MS} ms`,
          measured: fmt.ms(suggestP95),
          pass: suggestP95 <= GOAL_P95_MS,
        },
      ],
    };
  } finally {
    await database.close();
  }
}

export const instructionsBenchmark: Benchmark = {
  name: 'instructions',
  summary: 'knowledge-base search and suggestions over 2,000 articles, beside raw SQL',
  run,
};
