import { selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type SeededVacancy, insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { seedOf, withSeed } from '../../../test/seeded.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { countByBucketOf, countByReasonOf, countFactsOf } from './analytics-company.service.ts';
import {
  countFactsByBucketFromRollup,
  countFactsFromSummaries,
  hireDaysFromRollup,
  hireDaysWithPlacement,
  hiresWithPlacement,
} from './analytics-facts.repository.ts';
import {
  listDefaultFunnelStages,
  listFunnelStages,
  listSources,
  listVacanciesInPeriod,
} from './analytics-reports.repository.ts';
import { addDaysIso, dateIn, periodScope, todayIn } from './analytics-scope.ts';

// The rollups `analytics_activity_days` (migration 0049) and `analytics_applicant_days` (0057,
// decision 0042) against the log and the applicants: after a random sequence of applicants added
// (with a source or none, by one of the team or nobody), placements, moves, rejections, refusals,
// merges and their undos, deletions of applicants, applicants taken off a vacancy and placed on it
// again, changed sources and backdated transitions and creations (the e2e harness's and the
// journeys' way of making a past), every count the reports read from the rollups equals the same
// count computed from scratch from the log and the applicants (the reference path, `fromLog`), for
// the company and per recruiter, over random periods and by day, week and month; the reports read
// through the per-application summaries (0066, 0082: the cohort funnels with their time in stage
// under a working-day calendar, the sources, offers made and accepted, the hires with their
// placement) equal the same reports from the log, with stages reordered and made offer stages or
// not on the way; the template funnel's «reached» from the rollup of distinct applicants per
// template stage and day (0091) equals it from the summaries and from the log, for the company and
// a division's subtree, with vacancies taken off their template and back, template stages made
// rejection stages and back, vacancy stages linked to other template stages and stages added on
// the way; the activity rollup's weeks and months (0094), through which the counts of whole weeks
// and months are read, equal its days summed; the company's report by resume source from its rollups
// (0092: came and hired from the activity rollup by source, the reach per default-funnel column from
// distinct applicants per source, column and day) equals it from the summaries and from the log,
// with sources changed, applicants deleted and merged, a default-funnel stage made a rejection stage
// and a vacancy's stage renamed on the way; each vacancy's funnel from the per-vacancy rollups
// (0105: distinct applicants per vacancy, position and day, and the stays per placement day) equals
// it from the summaries and from the log, for the company and a division's subtree (its «reached»
// over whole months from the same rows summed per month, 0112, kept equal to the days summed); the company's
// offers made and accepted and its hires with their placement from their days (0106) equal them
// from the summaries and from the log; and the rollups themselves equal a rebuild.

const ZONE = 'Europe/Moscow';
/** The first day of the month `back` months before the month of `iso`. */
const monthStart = (iso: string, back: number) => {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - back, 1)).toISOString().slice(0, 10);
};
const KINDS = ['new', 'placed', 'moved', 'hired', 'rejected', 'refused'] as const;

/** A small deterministic generator (mulberry32), the seed printed on failure. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

let t: TestApp;
let admin: SignedUp;
let team: { userId: number; token: string }[];
let vacancies: SeededVacancy[];
let reasons: { id: number; reason_type: 'reject' | 'refuse' }[];
let sources: number[];
/** A division and its child (the second vacancy is in the child). */
let divisions: { parent: number; child: number };
/** The default template's stages that are not rejections at the start. */
let templateStages: number[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  const recruiter = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: true,
  });
  team = [{ userId: admin.userId, token: admin.token }, recruiter];
  vacancies = [];
  for (let i = 0; i < 2; i++) {
    vacancies.push(
      await insertVacancyWithStages(t.database, admin.accountId, {
        owners: team.map((m) => m.userId),
      }),
    );
  }
  reasons = await t.database.withTenant(admin.accountId, (tx) =>
    selectRows<{ id: number; reason_type: 'reject' | 'refuse' }>(
      tx,
      sql`select id, reason_type from reasons where account_id = ${admin.accountId}::int`,
    ),
  );
  const A = admin.accountId;
  const [parent] = await selectRows<{ id: number }>(
    t.database.system,
    sql`insert into account_divisions (account_id, name) values (${A}::int, 'Продажи')
        returning id`,
  );
  const [child] = await selectRows<{ id: number }>(
    t.database.system,
    sql`insert into account_divisions (account_id, parent_id, name)
        values (${A}::int, ${parent!.id}::int, 'Продажи Москва') returning id`,
  );
  divisions = { parent: parent!.id, child: child!.id };
  await t.database.system.execute(
    sql`update vacancies set division_id = ${child!.id}::int
        where account_id = ${A}::int and id = ${vacancies[1]!.id}::int`,
  );
  templateStages = (
    await selectRows<{ id: number }>(
      t.database.system,
      sql`select s.id from statuses s join vacancies v
            on v.account_id = s.account_id and v.status_group_id = s.status_group_id
          where v.account_id = ${A}::int and v.id = ${vacancies[0]!.id}::int and not s.is_reject
          order by s.position`,
    )
  ).map((r) => r.id);
  sources = (
    await t.database.withTenant(admin.accountId, (tx) =>
      selectRows<{ id: number }>(
        tx,
        sql`select id from account_sources where account_id = ${admin.accountId}::int limit 3`,
      ),
    )
  ).map((r) => r.id);
}, 120_000);
afterAll(() => t.close());

const seed = seedOf('ANALYTICS_ROLLUP_SEED', Date.now() % 100_000);

async function randomHistory(rnd: () => number, steps: number) {
  const pick = <T>(items: T[]) => items[Math.floor(rnd() * items.length)]!;
  const actor = () => pick(team);
  /** A random instant of the last ~110 days, some near midnight in Moscow (21:00 UTC). */
  const pastInstant = () => {
    const days = Math.floor(rnd() * 110);
    const minutes = rnd() < 0.3 ? 20 * 60 + 50 + Math.floor(rnd() * 20) : Math.floor(rnd() * 1440);
    const at = new Date(Date.now() - days * 86_400_000);
    at.setUTCHours(0, minutes, 0, 0);
    // Never later than now: a minute of today past the clock's (or, in Moscow, tomorrow's) is
    // a day earlier, so the history is the same past whatever the time of the run.
    if (at.getTime() > Date.now()) at.setTime(at.getTime() - 86_400_000);
    return at;
  };
  const newApplicants = (n: number) =>
    insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: n }, (_, i) => ({
        firstName: `Случайный ${i}`,
        createdBy: rnd() < 0.15 ? null : actor().userId,
        accountSourceId: rnd() < 0.3 ? null : pick(sources),
        createdAt: pastInstant(),
      })),
    );
  const applicantIds = await newApplicants(8);
  const alive = new Set(applicantIds);
  const merges: number[] = [];
  const applications = async () =>
    t.database.withTenant(admin.accountId, (tx) =>
      selectRows<{ id: number; vacancy_id: number; applicant_id: number }>(
        tx,
        sql`select id, vacancy_id, applicant_id from applications
            where account_id = ${admin.accountId}::int`,
      ),
    );
  const ops: string[] = [];
  /** Stages added to the default funnel by the history (deleted again by a later step). */
  const added: number[] = [];
  /**
   * An administrator's edit of a stage through the stage editor: a stage of the default funnel
   * renamed (a new name, or another column's in another case), the default funnel reordered, a
   * stage's type changed (a vacancy's: its hires; a template's), a stage added to the default
   * funnel at some place and deleted again unused; or a stage of the second vacancy unlinked
   * from its template stage and named as a column (it stands for that column by name).
   */
  const stageEdit = async (step: number) => {
    const A = admin.accountId;
    const asAdmin = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, method, url, body, { token: admin.token });
    const funnel = await t.database.withTenant(A, (tx) =>
      selectRows<{ id: number; name: string; status_group_id: number }>(
        tx,
        sql`select id, name, status_group_id from statuses
            where account_id = ${A}::int
              and status_group_id = (select status_group_id from statuses
                                     where account_id = ${A}::int and id = ${templateStages[0]}::int)
            order by position, id`,
      ),
    );
    const kind = rnd();
    if (kind < 0.25) {
      const name = rnd() < 0.5 ? `Этап ${step}` : pick(funnel).name.toUpperCase();
      const r = await asAdmin('PATCH', `/api/statuses/${pick(funnel).id}`, { name });
      return `funnel stage renamed ${r.status}`;
    }
    if (kind < 0.45) {
      const ids = funnel.map((s) => s.id).sort(() => rnd() - 0.5);
      const r = await asAdmin('POST', '/api/statuses/reorder', { status_ids: ids });
      return `funnel reordered ${r.status}`;
    }
    if (kind < 0.65) {
      const stage =
        rnd() < 0.7 ? pick(pick(vacancies).stages.filter((s) => !s.is_reject)).id : pick(funnel).id;
      const [current] = await t.database.withTenant(A, (tx) =>
        selectRows<{ status_type: string }>(
          tx,
          sql`select status_type from statuses where account_id = ${A}::int and id = ${stage}::int`,
        ),
      );
      const r = await asAdmin('PATCH', `/api/statuses/${stage}`, {
        status_type: current!.status_type === 'hired' ? 'user' : 'hired',
      });
      return `stage type ${r.status}`;
    }
    if (kind < 0.85) {
      if (added.length > 0 && rnd() < 0.6) {
        const id = added.splice(Math.floor(rnd() * added.length), 1)[0]!;
        const r = await asAdmin('DELETE', `/api/statuses/${id}`);
        return `funnel stage deleted ${r.status}`;
      }
      const r = await asAdmin('POST', '/api/statuses', {
        status_group_id: funnel[0]!.status_group_id,
        name: rnd() < 0.5 ? `Новый ${step}` : pick(funnel).name,
        order: Math.floor(rnd() * (funnel.length + 2)),
      });
      if (r.status === 200) added.push(r.body.message.id);
      return `funnel stage added ${r.status}`;
    }
    // (The second vacancy only: the first keeps its stages copies, so its summaries' columns
    // follow the funnel's positions alone.)
    const stage = pick(vacancies[1]!.stages.filter((s) => !s.is_reject)).id;
    await t.database.system.execute(
      sql`update statuses set copied_from_id = null, name = ${pick(funnel).name}
          where account_id = ${A}::int and id = ${stage}::int`,
    );
    return 'stage unlinked';
  };
  for (let step = 0; step < steps; step++) {
    if (rnd() < 0.08) ops.push(await stageEdit(step));
    const roll = rnd();
    const apps = await applications();
    const who = actor();
    const send = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
      call(t.app, method, url, body, { token: who.token });
    if (roll < 0.25 || apps.length === 0) {
      const vacancy = pick(vacancies);
      const ordinary = vacancy.stages.filter((s) => !s.is_reject);
      const r = await send('POST', '/api/applications', {
        vacancy_id: vacancy.id,
        applicant_id: pick([...alive]),
        status_id: rnd() < 0.7 ? ordinary[0]!.id : pick(ordinary).id,
      });
      ops.push(`place ${r.status}`);
    } else if (roll < 0.55) {
      const app = pick(apps);
      const vacancy = vacancies.find((v) => v.id === app.vacancy_id)!;
      const r = await send('POST', `/api/applications/${app.id}/move`, {
        status_id: pick(vacancy.stages.filter((s) => !s.is_reject)).id,
      });
      ops.push(`move ${r.status}`);
    } else if (roll < 0.7) {
      const kind = rnd() < 0.6 ? 'reject' : 'refuse';
      const reason = reasons.find((x) => x.reason_type === kind);
      const r = await send('POST', `/api/applications/${pick(apps).id}/${kind}`, {
        reason_id: reason!.id,
      });
      ops.push(`${kind} ${r.status}`);
    } else if (roll < 0.78 && alive.size > 2) {
      const [primary, secondary] = [...alive].sort(() => rnd() - 0.5) as [number, number];
      const r = await call(
        t.app,
        'POST',
        '/api/applicants/merge',
        { primary_id: primary, secondary_id: secondary },
        { token: admin.token },
      );
      if (r.status === 200) {
        alive.delete(secondary);
        merges.push(r.body.message.merge.id);
      }
      ops.push(`merge ${r.status}`);
    } else if (roll < 0.84 && merges.length > 0) {
      const mergeId = merges.splice(Math.floor(rnd() * merges.length), 1)[0]!;
      const r = await call(t.app, 'POST', `/api/applicants/merges/${mergeId}/undo`, undefined, {
        token: admin.token,
      });
      if (r.status === 200) {
        const restored = await t.database.withTenant(admin.accountId, (tx) =>
          selectRows<{ id: number }>(
            tx,
            sql`select id from applicants where account_id = ${admin.accountId}::int`,
          ),
        );
        for (const { id } of restored) alive.add(id);
      }
      ops.push(`undo ${r.status}`);
    } else if (roll < 0.82 && alive.size > 3) {
      const id = pick([...alive]);
      const r = await call(t.app, 'DELETE', `/api/applicants/${id}`, undefined, {
        token: admin.token,
      });
      if (r.status === 200) alive.delete(id);
      ops.push(`delete ${r.status}`);
    } else if (roll < 0.86) {
      for (const id of await newApplicants(1 + Math.floor(rnd() * 3))) alive.add(id);
      ops.push('add');
    } else if (roll < 0.9) {
      // A changed source or creation day (the harness backdates applicants), or a deleted one's
      // tombstone changed the same way.
      const table = rnd() < 0.7 ? 'applicants' : 'analytics_deleted_applicants';
      const key = table === 'applicants' ? 'id' : 'applicant_id';
      const change =
        rnd() < 0.5
          ? sql`account_source_id = ${rnd() < 0.3 ? null : pick(sources)}::int`
          : sql`created_at = ${pastInstant().toISOString()}::timestamptz`;
      await t.database.system.execute(
        sql`update ${sql.raw(table)} set ${change}
            where account_id = ${admin.accountId}::int
              and ${sql.raw(key)} = (select ${sql.raw(key)} from ${sql.raw(table)}
                                     where account_id = ${admin.accountId}::int
                                     order by md5(${sql.raw(key)}::text || ${step}::text) limit 1)`,
      );
      ops.push(`edit ${table}`);
    } else if (roll < 0.905) {
      // A stage made an offer stage or no longer one: its vacancy's offers and accepted change.
      const vacancy = pick(vacancies);
      await t.database.system.execute(
        sql`update statuses set is_offer = not is_offer
            where account_id = ${admin.accountId}::int
              and id = ${pick(vacancy.stages.filter((s) => !s.is_reject)).id}::int`,
      );
      ops.push('offer stage');
    } else if (roll < 0.92) {
      // A stage moved to the end of its funnel: the furthest positions of its vacancy change.
      const vacancy = pick(vacancies);
      await t.database.system.execute(
        sql`update statuses set position = position + 100
            where account_id = ${admin.accountId}::int
              and id = ${pick(vacancy.stages.filter((s) => !s.is_reject)).id}::int`,
      );
      ops.push('reorder');
    } else if (roll < 0.94) {
      // An applicant taken off a vacancy and placed on it again: the log keeps the first
      // application's rows, so one applicant has two applications of one vacancy in a cohort.
      const app = pick(apps);
      const vacancy = vacancies.find((v) => v.id === app.vacancy_id)!;
      const removed = await send('DELETE', `/api/applications/${app.id}`);
      const r = await send('POST', '/api/applications', {
        vacancy_id: app.vacancy_id,
        applicant_id: app.applicant_id,
        status_id: pick(vacancy.stages.filter((s) => !s.is_reject)).id,
      });
      ops.push(`remove ${removed.status} place again ${r.status}`);
    } else if (roll < 0.95) {
      // A vacancy taken off its template, or given it back: its applicants leave the template's
      // funnel, or come back to it.
      await t.database.system.execute(
        sql`update vacancies
            set status_group_id = case when status_group_id is null
              then (select status_group_id from vacancies
                    where account_id = ${admin.accountId}::int and id = ${vacancies[0]!.id}::int)
              end
            where account_id = ${admin.accountId}::int and id = ${vacancies[1]!.id}::int`,
      );
      ops.push('template off/on');
    } else if (roll < 0.96) {
      // A template stage made a rejection stage, or no longer one: it leaves the columns.
      await t.database.system.execute(
        sql`update statuses set is_reject = not is_reject,
                   reject_kind = case when is_reject then null else 'reject' end
            where account_id = ${admin.accountId}::int and id = ${pick(templateStages)}::int`,
      );
      ops.push('template stage reject');
    } else if (roll < 0.97) {
      // Two stages of a vacancy linked to each other's template stage.
      const ordinary = pick(vacancies).stages.filter((s) => !s.is_reject);
      const [a, b] = [pick(ordinary).id, pick(ordinary).id];
      await t.database.system.execute(
        sql`update statuses s set copied_from_id = o.copied_from_id
            from statuses o
            where s.account_id = ${admin.accountId}::int and o.account_id = s.account_id
              and ((s.id = ${a}::int and o.id = ${b}::int) or (s.id = ${b}::int and o.id = ${a}::int))`,
      );
      ops.push('relink');
    } else if (roll < 0.975) {
      // A copy of a template stage added first on a vacancy: every application there reaches it.
      const vacancy = pick(vacancies);
      await t.database.system.execute(
        sql`insert into statuses (account_id, vacancy_id, copied_from_id, name, position)
            values (${admin.accountId}::int, ${vacancy.id}::int, ${pick(templateStages)}::int,
                    'Звонок', -1 - ${step}::int)`,
      );
      ops.push('stage added');
    } else {
      // Backdating, as the e2e harness does: a transition moves to a random instant of the last
      // ~100 days (some near midnight in Moscow, where the day of the time zone matters).
      const days = Math.floor(rnd() * 100);
      const minutes =
        rnd() < 0.3 ? 20 * 60 + 50 + Math.floor(rnd() * 20) : Math.floor(rnd() * 1440);
      await t.database.withTenant(admin.accountId, (tx) =>
        tx.execute(sql`update application_transitions
          set moved_at = date_trunc('day', now()) - ${days}::int * interval '1 day'
                         + ${minutes}::int * interval '1 minute'
          where account_id = ${admin.accountId}::int
            and id = (select id from application_transitions
                      where account_id = ${admin.accountId}::int
                      order by md5(id::text || ${step}::text) limit 1)`),
      );
      ops.push('backdate');
    }
  }
  return ops;
}

type Row = { kind: string; actor_id: number | null; value: number; previous: number };
const sorted = (rows: Row[]) =>
  rows
    .filter((r) => r.value !== 0 || r.previous !== 0)
    .map((r) => `${r.kind}|${r.actor_id ?? ''}|${r.value}|${r.previous}`)
    .sort();

describe('the rollup of the transition log', () => {
  it(
    'equals the counts from scratch after a random history',
    () =>
      withSeed(seed, 'ANALYTICS_ROLLUP_SEED', async () => {
        const rnd = random(seed);
        const ops = await randomHistory(rnd, 90);
        // Last edits that no move follows (a move recomputes its application's summary anyway):
        // every applicant's and tombstone's source changed, and the last stage of the first vacancy
        // that is not an offer stage made one (its hired stage: a hire that is its own first offer).
        const A = admin.accountId;
        const rotated = sql`case when account_source_id is null then ${sources[0]}::int
                             when account_source_id = ${sources[0]}::int then ${sources[1]}::int
                        end`;
        await t.database.system.execute(
          sql`update applicants set account_source_id = ${rotated} where account_id = ${A}::int`,
        );
        await t.database.system.execute(
          sql`update analytics_deleted_applicants set account_source_id = ${rotated}
          where account_id = ${A}::int`,
        );
        await t.database.system.execute(
          sql`update statuses set is_offer = true
          where account_id = ${A}::int
            and id = (select id from statuses
                      where account_id = ${A}::int and vacancy_id = ${vacancies[0]!.id}::int
                        and not is_reject and not is_offer
                      order by position desc limit 1)`,
        );
        // And once each, whatever the history did, what the template funnel's rollups depend on
        // besides the summaries: two stages of the first vacancy linked to each other's template
        // stage, a copy of the template's last stage added first on it, a template stage made a
        // rejection stage (or no longer one), and the second vacancy taken off the template (or
        // given it back).
        const [second, fourth] = [1, 3].map(
          (i) => vacancies[0]!.stages.filter((st) => !st.is_reject)[i]!.id,
        );
        await t.database.system.execute(
          sql`update statuses s set copied_from_id = o.copied_from_id
              from statuses o
              where s.account_id = ${A}::int and o.account_id = s.account_id
                and ((s.id = ${second}::int and o.id = ${fourth}::int)
                     or (s.id = ${fourth}::int and o.id = ${second}::int))`,
        );
        await t.database.system.execute(
          sql`insert into statuses (account_id, vacancy_id, copied_from_id, name, position)
              values (${A}::int, ${vacancies[0]!.id}::int, ${templateStages.at(-1)}::int,
                      'Звонок', -1000)`,
        );
        await t.database.system.execute(
          sql`update statuses set is_reject = not is_reject,
                     reject_kind = case when is_reject then null else 'reject' end
              where account_id = ${A}::int and id = ${templateStages[2]}::int`,
        );
        await t.database.system.execute(
          sql`update vacancies
              set status_group_id = case when status_group_id is null
                then (select status_group_id from vacancies
                      where account_id = ${A}::int and id = ${vacancies[0]!.id}::int)
                end
              where account_id = ${A}::int and id = ${vacancies[1]!.id}::int`,
        );
        // Placements spread over the last weeks (most were made today through the API): an
        // applicant placed on two vacancies, or twice on one, now has placements on different
        // days, which the rollup's previous day tells apart, and some moves come before them.
        await t.database.system.execute(
          sql`update application_transitions
              set moved_at = moved_at - ((id * 7) % 45) * interval '1 day'
              where account_id = ${A}::int and kind = 'place'`,
        );
        // And an applicant placed on the first vacancy on the 3rd of the last whole month, taken
        // off it and placed on it again, further on, on the 20th: the second placement's reach
        // rows keep a previous day inside that month, which a period holding the month whole
        // must still leave out (the reach per month keeps the previous day, migration 0112).
        {
          const lastMonth = monthStart(todayIn(ZONE), 1);
          const [fresh] = await insertApplicants(t.database, A, [
            { firstName: 'Дважды', createdAt: new Date(`${lastMonth}T06:00:00Z`) },
          ]);
          const ordinary = vacancies[0]!.stages.filter((st) => !st.is_reject);
          const placeOn = async (stage: number, day: string) => {
            const r = await call(
              t.app,
              'POST',
              '/api/applications',
              { vacancy_id: vacancies[0]!.id, applicant_id: fresh, status_id: stage },
              { token: admin.token },
            );
            expect(r.status, JSON.stringify(r.body)).toBe(200);
            const [placed] = await selectRows<{ id: number }>(
              t.database.system,
              sql`select id from applications
                  where account_id = ${A}::int and applicant_id = ${fresh}::int`,
            );
            await t.database.system.execute(
              sql`update application_transitions set moved_at = ${`${day}T09:00:00Z`}::timestamptz
                  where account_id = ${A}::int and application_id = ${placed!.id}::int`,
            );
            return placed!.id;
          };
          const first = await placeOn(ordinary[1]!.id, addDaysIso(lastMonth, 2));
          const removed = await call(t.app, 'DELETE', `/api/applications/${first}`, undefined, {
            token: admin.token,
          });
          expect(removed.status, JSON.stringify(removed.body)).toBe(200);
          await placeOn(ordinary[3]!.id, addDaysIso(lastMonth, 19));
        }
        // After that backdating (which recomputes every placed application's summary), what the
        // sources' reach per column depends on besides the summaries (0092): a stage of the default
        // funnel made a rejection stage or no longer one (every summary's columns), then a stage of
        // the second vacancy unlinked from its template stage and named as the default funnel's
        // last column now (it stands for that column by name: that vacancy's summaries).
        await t.database.system.execute(
          sql`update statuses set is_reject = not is_reject,
                     reject_kind = case when is_reject then null else 'reject' end
              where account_id = ${A}::int and id = ${templateStages[1]}::int`,
        );
        await t.database.system.execute(
          sql`update statuses
              set copied_from_id = null,
                  name = (select name from statuses where account_id = ${A}::int
                            and status_group_id = (select status_group_id from statuses
                                                   where id = ${templateStages[0]}::int)
                            and not is_reject
                          order by position desc limit 1)
              where account_id = ${A}::int
                and id = ${vacancies[1]!.stages.filter((st) => !st.is_reject)[1]!.id}::int`,
        );
        // Then the stage editor's edits once each (decision 0089): the default funnel's last
        // column renamed (the unlinked stage above no longer stands for it by name), the default
        // funnel reordered (that column first), and the first vacancy's second stage made a hired
        // stage or no longer one (the hires of its applicants).
        const asAdmin = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
          call(t.app, method, url, body, { token: admin.token });
        const funnel = await t.database.withTenant(A, (tx) =>
          selectRows<{ id: number; is_reject: boolean }>(
            tx,
            sql`select id, is_reject from statuses
                where account_id = ${A}::int
                  and status_group_id = (select status_group_id from statuses
                                         where account_id = ${A}::int and id = ${templateStages[0]}::int)
                order by position, id`,
          ),
        );
        const lastColumn = funnel.filter((st) => !st.is_reject).at(-1)!.id;
        expect(
          (await asAdmin('PATCH', `/api/statuses/${lastColumn}`, { name: 'Финал' })).status,
        ).toBe(200);
        const reordered = [
          lastColumn,
          ...funnel.map((st) => st.id).filter((id) => id !== lastColumn),
        ];
        expect(
          (await asAdmin('POST', '/api/statuses/reorder', { status_ids: reordered })).status,
        ).toBe(200);
        const secondStage = vacancies[0]!.stages.filter((st) => !st.is_reject)[1]!.id;
        const [secondType] = await t.database.withTenant(A, (tx) =>
          selectRows<{ status_type: string }>(
            tx,
            sql`select status_type from statuses where account_id = ${A}::int and id = ${secondStage}::int`,
          ),
        );
        expect(
          (
            await asAdmin('PATCH', `/api/statuses/${secondStage}`, {
              status_type: secondType!.status_type === 'hired' ? 'user' : 'hired',
            })
          ).status,
        ).toBe(200);
        // Last, another funnel made the favourite (the default funnel now: every summary's
        // columns reached are recomputed, decision 0104): a copy of the renamed last column, then
        // new stages named as the two stages most passed through. The vacancies' stages are copies
        // of the old funnel's, so they stand for the new columns by name.
        const passed = await selectRows<{ name: string }>(
          t.database.system,
          sql`select vs.name from analytics_application_summaries s
              cross join lateral unnest(s.step_stage_ids) as u(stage_id)
              join statuses vs on vs.account_id = s.account_id and vs.id = u.stage_id
              where s.account_id = ${A}::int and not vs.is_reject
              group by vs.name order by count(*) desc, vs.name limit 2`,
        );
        const favourite = await asAdmin('POST', '/api/status_groups', {
          name: 'Вторая воронка',
          is_favorite: true,
          status_ids: [lastColumn],
          statuses: passed.map((st) => ({ name: st.name })),
        });
        expect(favourite.status, JSON.stringify(favourite.body)).toBe(200);
        const context = `seed ${seed} (ANALYTICS_ROLLUP_SEED), ops: ${ops.join(', ')}`;
        // The history did happen: a rollup that equals an empty log would prove nothing.
        const logged = await t.database.withTenant(admin.accountId, (tx) =>
          selectRows<{ kind: string; n: number }>(
            tx,
            sql`select kind, count(*)::int as n from application_transitions
            where account_id = ${admin.accountId}::int group by kind`,
          ),
        );
        expect(logged.map((r) => r.kind).sort(), context).toEqual(
          expect.arrayContaining(['move', 'place']),
        );

        const today = todayIn(ZONE);
        const base = { accountId: admin.accountId, userId: admin.userId, timeZone: ZONE };
        const actorIds = team.map((m) => m.userId);
        const periods: [string, string][] = [
          [addDaysIso(today, -365), today],
          [addDaysIso(today, -29), today],
          [addDaysIso(today, -6), today],
        ];
        for (let i = 0; i < 12; i++) {
          const from = addDaysIso(today, -Math.floor(rnd() * 110));
          periods.push([from, addDaysIso(from, Math.floor(rnd() * 40))]);
        }
        let reasonsSeen = 0;
        await t.database.withTenant(admin.accountId, async (tx) => {
          for (const [from, to] of periods) {
            for (const bucket of ['day', 'week', 'month'] as const) {
              const scope = periodScope(base, from, to, null, null, bucket);
              const where = `${context}; ${from}…${to} by ${bucket}`;
              if (bucket === 'day') {
                const reasonsOf = async (fromLog: boolean) =>
                  (
                    await countByReasonOf(
                      tx,
                      scope,
                      { accountId: admin.accountId, divisionIds: null },
                      fromLog,
                    )
                  )
                    .map((r) => `${r.kind}|${r.reason_id}|${r.name}|${r.count}`)
                    .sort();
                const reasonRows = await reasonsOf(false);
                expect(reasonRows, `${where}, reasons`).toEqual(await reasonsOf(true));
                reasonsSeen += reasonRows.length;
                for (const actors of [undefined, actorIds]) {
                  const rolled = await countFactsOf(
                    tx,
                    scope,
                    KINDS,
                    { accountId: admin.accountId, divisionIds: null },
                    actors,
                  );
                  const scratch = await countFactsOf(
                    tx,
                    scope,
                    KINDS,
                    { accountId: admin.accountId, divisionIds: null },
                    actors,
                    true,
                  );
                  expect(sorted(rolled), where).toEqual(sorted(scratch));
                }
              }
              for (const actorId of [undefined, ...actorIds]) {
                const f = { accountId: admin.accountId, divisionIds: null, actorId };
                const fromLog: string[] = [];
                for (const kind of KINDS) {
                  const byBucket = async (log: boolean) =>
                    (await countByBucketOf(tx, scope, kind, f, log))
                      .filter((r) => r.n !== 0)
                      .map((r) => `${kind}:${r.day}:${r.n}`)
                      .sort();
                  const logged = await byBucket(true);
                  expect(await byBucket(false), `${where}, ${kind}, actor ${actorId}`).toEqual(
                    logged,
                  );
                  fromLog.push(...logged);
                }
                // Every kind's buckets in the one statement countByPeriod reads.
                const together = (
                  await countFactsByBucketFromRollup(
                    tx,
                    KINDS,
                    admin.accountId,
                    actorId ?? 0,
                    from,
                    to,
                    bucket,
                  )
                )
                  .filter((r) => r.n !== 0)
                  .map((r) => `${r.kind}:${r.day}:${r.n}`);
                expect(together.sort(), `${where}, all kinds, actor ${actorId}`).toEqual(
                  fromLog.sort(),
                );
              }
            }
          }
        });

        // The rollups kept by the triggers equal those rebuilt from the log and the applicants.
        expect(reasonsSeen, context).toBeGreaterThan(0);

        // The cohort reports from the per-application summaries equal them from the log.
        const groupIds = await t.database.withTenant(admin.accountId, (tx) =>
          selectRows<{ status_group_id: number }>(
            tx,
            sql`select distinct status_group_id from vacancies
            where account_id = ${admin.accountId}::int and status_group_id is not null`,
          ),
        );
        // The sources report's columns: the default funnel's (the favourite one, last made).
        const columns = await t.database.withTenant(admin.accountId, (tx) =>
          listDefaultFunnelStages(tx, admin.accountId),
        );
        let cohortSeen = 0;
        let sourcesSeen = 0;
        let offersSeen = 0;
        let hiresSeen = 0;
        let vacanciesSeen = 0;
        /** Monday to Friday of [lo, hi]: a calendar under which working days differ from days. */
        const weekdays = (lo: string, hi: string) => {
          const days: string[] = [];
          for (let d = lo; d <= hi; d = addDaysIso(d, 1)) {
            const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
            if (weekday !== 0 && weekday !== 6) days.push(d);
          }
          return days;
        };
        // Beside the periods above, for the funnels: three whole calendar months, and whole months
        // between two partial ones starting inside the history (each vacancy's «reached» reads
        // whole months from their sums, migration 0112, and the rows whose previous day is in
        // the period are left out there too).
        const cohortPeriods: [string, string][] = [
          ...periods,
          [monthStart(today, 3), addDaysIso(monthStart(today, 0), -1)],
          [addDaysIso(today, -100), addDaysIso(today, -10)],
        ];
        await t.database.withTenant(admin.accountId, async (tx) => {
          for (const [from, to] of cohortPeriods) {
            const scope = periodScope(base, from, to, null, null, 'day');
            const lo = addDaysIso(from, -400);
            const hi = addDaysIso(today, 1);
            const cal = { lo, hi, workingDays: weekdays(lo, hi) };
            const range = (fromLog: boolean, noRollup = false) => ({
              accountId: admin.accountId,
              timeZone: ZONE,
              from: scope.from,
              to: scope.to,
              fromLog,
              noRollup,
            });
            const where = `${context}; cohort ${from}…${to}`;
            const set = { divisionIds: null };
            const modes = [
              { kind: 'vacancy' as const },
              ...groupIds.map((g) => ({
                kind: 'group' as const,
                statusGroupId: g.status_group_id,
              })),
            ];
            // Also the calendar the service builds (from the day before the period): a backdated
            // stay entered before it has no working days, and the average leaves it out.
            const serviceLo = addDaysIso(from, -1);
            const narrow = { lo: serviceLo, hi, workingDays: weekdays(serviceLo, hi) };
            // The whole company (the template's «reached» from the rollup), and a division's
            // subtree and its child (from the cohort's summaries: not a sum of rollup rows).
            const subtrees = [null, [divisions.parent, divisions.child], [divisions.child]];
            for (const mode of modes) {
              for (const divisionIds of subtrees) {
                for (const calendar of divisionIds ? [narrow] : [cal, narrow]) {
                  const funnel = async (fromLog: boolean, noRollup = false) =>
                    (
                      await listFunnelStages(
                        tx,
                        range(fromLog, noRollup),
                        // The template's vacancies, as status_group_conversion asks.
                        mode.kind === 'group'
                          ? { divisionIds, statusGroupId: mode.statusGroupId }
                          : { divisionIds },
                        mode,
                        calendar,
                      )
                    ).map(
                      (r) =>
                        `${r.group_key}|${r.status_id}|${r.reached}|${r.avg_days}|${r.avg_workdays}`,
                    );
                  const label = `${where}, ${mode.kind}, divisions ${divisionIds}, from ${calendar.lo}`;
                  const scratch = await funnel(true);
                  const rolled = await funnel(false);
                  expect(rolled, label).toEqual(scratch);
                  expect(await funnel(false, true), `${label}, summaries`).toEqual(scratch);
                  cohortSeen += rolled.filter((k) => k.split('|')[2] !== '0').length;
                }
              }
            }
            // One vacancy's funnel (its report) reads its own rows of the per-vacancy rollups
            // (migration 0108): equal to the log's and the summaries'.
            for (const vacancy of vacancies) {
              const set = { divisionIds: null, vacancyId: vacancy.id };
              const funnel = async (fromLog: boolean, noRollup = false) =>
                (
                  await listFunnelStages(
                    tx,
                    range(fromLog, noRollup),
                    set,
                    { kind: 'vacancy' },
                    narrow,
                  )
                ).map(
                  (r) =>
                    `${r.group_key}|${r.status_id}|${r.reached}|${r.avg_days}|${r.avg_workdays}`,
                );
              const scratch = await funnel(true);
              expect(await funnel(false), `${where}, funnel of ${vacancy.id}`).toEqual(scratch);
              expect(
                await funnel(false, true),
                `${where}, funnel of ${vacancy.id}, summaries`,
              ).toEqual(scratch);
            }
            // The company's came and hired per source from the activity rollup (0092), an actor's
            // from the summaries and the log; both equal the log, and so does the summaries' path.
            for (const actorId of [undefined, ...actorIds]) {
              const sources = async (fromLog: boolean, noRollup = false) =>
                (await listSources(tx, range(fromLog, noRollup), set, columns, actorId)).map((r) =>
                  JSON.stringify([r.source_id, r.came, r.hired, r.reached]),
                );
              const scratch = await sources(true);
              const rolled = await sources(false);
              expect(rolled, `${where}, sources of ${actorId}`).toEqual(scratch);
              expect(
                await sources(false, true),
                `${where}, sources of ${actorId}, summaries`,
              ).toEqual(scratch);
              if (actorId === undefined) sourcesSeen += rolled.length;
            }
            // The vacancies' placed and hired from the activity rollup's kinds per vacancy (0097)
            // equal them from the log: the whole company, a division's subtree, an owner's.
            for (const vacancySet of [
              set,
              { divisionIds: [divisions.parent, divisions.child] },
              { divisionIds: null, ownerId: team[1]!.userId },
              // One vacancy (its report): its own rows of the activity kinds per vacancy.
              ...vacancies.map((v) => ({ divisionIds: null, vacancyId: v.id })),
            ]) {
              for (const all of [true, false]) {
                const details = async (days?: { from: string; to: string }) =>
                  (
                    await listVacanciesInPeriod(tx, { ...range(!days), days }, vacancySet, { all })
                  ).map((v) => `${v.vacancy_id}|${v.placed}|${v.hired}|${v.state}|${v.days_open}`);
                const rolled = await details({ from, to });
                expect(
                  rolled,
                  `${where}, vacancies of ${JSON.stringify(vacancySet)}, all ${all}`,
                ).toEqual(await details());
                vacanciesSeen += rolled.filter((k) => k.split('|')[1] !== '0').length;
              }
            }
            // Offers made and accepted, and the hires with their placement (time to hire), from
            // the summaries (migration 0082) and from the log, for the company and each vacancy.
            for (const vacancyId of [undefined, ...vacancies.map((v) => v.id)]) {
              const f = { accountId: admin.accountId, divisionIds: null, vacancyId };
              const offers = async (fromLog: boolean) =>
                sorted(
                  await countFactsOf(tx, scope, ['offers', 'accepted'], f, undefined, fromLog),
                );
              const summarised = await offers(false);
              expect(summarised, `${where}, offers of ${vacancyId}`).toEqual(await offers(true));
              offersSeen += summarised.length;
              const hires = async (fromLog: boolean) =>
                (await hiresWithPlacement(tx, f, scope, fromLog))
                  .filter((h) => h.placed_at)
                  .map((h) =>
                    [
                      h.applicant_id,
                      new Date(h.placed_at).toISOString(),
                      new Date(h.hired_at).toISOString(),
                    ].join('|'),
                  )
                  .sort();
              const hired = await hires(false);
              expect(hired, `${where}, hires of ${vacancyId}`).toEqual(await hires(true));
              hiresSeen += hired.length;
              // The time to hire's days of both periods in one statement (base indicators).
              const previousWindow = { from: scope.previousFromTs, to: scope.previousToTs };
              const daysOfLog = async (now: boolean) =>
                (await hiresWithPlacement(tx, f, now ? scope : previousWindow, true))
                  .filter((h) => h.placed_at)
                  .map((h) =>
                    [
                      now,
                      dateIn(ZONE, new Date(h.placed_at)),
                      dateIn(ZONE, new Date(h.hired_at)),
                    ].join('|'),
                  );
              const hireDays = (
                await hireDaysWithPlacement(tx, f, scope, previousWindow, ZONE)
              ).flatMap((h) =>
                Array.from({ length: h.n }, () => [h.now, h.placed_day, h.hired_day].join('|')),
              );
              const logDays = [...(await daysOfLog(true)), ...(await daysOfLog(false))].sort();
              expect(hireDays.sort(), `${where}, hire days of ${vacancyId}`).toEqual(logDays);
              if (vacancyId === undefined) {
                // The company's from their rollup (migration 0106), as base indicators read them.
                const rolledDays = (
                  await hireDaysFromRollup(tx, admin.accountId, {
                    from,
                    to,
                    previousFrom: scope.previousFrom,
                    previousTo: scope.previousTo,
                  })
                ).flatMap((h) =>
                  Array.from({ length: h.n }, () => [h.now, h.placed_day, h.hired_day].join('|')),
                );
                expect(rolledDays.sort(), `${where}, hire days from the rollup`).toEqual(logDays);
                // And the offers from the summaries, beside those from the rollup above.
                const viaSummaries = sorted(
                  await countFactsFromSummaries(
                    tx,
                    ['offers', 'accepted'],
                    f,
                    scope,
                    previousWindow,
                  ),
                );
                expect(viaSummaries, `${where}, offers from the summaries`).toEqual(summarised);
              }
            }
          }
        });
        expect(cohortSeen, context).toBeGreaterThan(0);
        expect(sourcesSeen, context).toBeGreaterThan(0);
        expect(offersSeen, context).toBeGreaterThan(0);
        expect(hiresSeen, context).toBeGreaterThan(0);
        expect(vacanciesSeen, context).toBeGreaterThan(0);

        const snapshot = async () =>
          (
            await selectRows<{ k: string }>(
              t.database.system,
              sql`select concat_ws('|', kind, actor_id, day, prev_day, n) as k
              from analytics_activity_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'new', source_id, actor_id, day, n)
              from analytics_applicant_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'summary', application_id, applicant_id, vacancy_id,
                               placed_at, placed_transition_id, placed_by, placed_day,
                               coalesce(furthest_position, -1), source_id, offered_at,
                               offered_by, first_hired_at, hired_at, hire_count, accepted_at,
                               step_stage_ids, step_days, template_stage_ids,
                               template_step_ids, source_column_ids)
              from analytics_application_summaries
              where account_id = ${admin.accountId}::int
              union all
              select concat_ws('|', 'funnel', stage_id, day, prev_day, n)
              from analytics_funnel_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'stays', stage_id, placed_day, entered_on, left_on, n)
              from analytics_funnel_stays
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'reach', source_id, stage_id, day, prev_day, n)
              from analytics_source_reach_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'summary_days', kind, day, prev_day, placed_day, n)
              from analytics_summary_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'vacancy_reach', vacancy_id, position, day, prev_day, n)
              from analytics_vacancy_reach_days
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'vacancy_stays', vacancy_id, stage_id, placed_day, entered_on,
                               left_on, n)
              from analytics_vacancy_stays
              where account_id = ${admin.accountId}::int and n <> 0
              union all
              select concat_ws('|', 'vacancy_reach_months', vacancy_id, position, month, prev_day,
                               n)
              from analytics_vacancy_reach_months
              where account_id = ${admin.accountId}::int and n <> 0
              order by 1`,
            )
          ).map((r) => r.k);
        // The weeks and months (migration 0094) are the days summed per span, kept by the
        // triggers through the history and through the rebuild.
        const spans = async () =>
          (
            await selectRows<{ k: string }>(
              t.database.system,
              sql`select concat_ws('|', kind, actor_id, span, start, prev_day, n) as k
              from analytics_activity_spans
              where account_id = ${admin.accountId}::int and n <> 0
              order by 1`,
            )
          ).map((r) => r.k);
        const summed = async () =>
          (
            await selectRows<{ k: string }>(
              t.database.system,
              sql`select concat_ws('|', c.kind, c.actor_id, p.span,
                                 date_trunc(p.span, c.day::timestamp)::date,
                                 case when c.kind = 'moved' then '-infinity'::date
                                      else c.prev_day end,
                                 sum(c.n)) as k
            from (select kind, actor_id, day, prev_day, n from analytics_activity_days
                  where account_id = ${admin.accountId}::int
                    and kind in ('placed', 'moved', 'hired', 'rejected', 'refused',
                                 'placed_vacancy', 'hired_vacancy')
                  union all
                  select 'new', a.actor_id, r.day, '-infinity'::date, r.n
                  from analytics_applicant_days r
                  cross join lateral (select 0 union all select r.actor_id where r.actor_id <> 0)
                    a(actor_id)
                  where r.account_id = ${admin.accountId}::int) c
            cross join (values ('week'), ('month')) p(span)
            group by c.kind, c.actor_id, p.span, date_trunc(p.span, c.day::timestamp),
                     case when c.kind = 'moved' then '-infinity'::date else c.prev_day end
            having sum(c.n) <> 0
            order by 1`,
            )
          ).map((r) => r.k);
        const keptSpans = await spans();
        expect(keptSpans, context).toEqual(await summed());
        // Each vacancy's reach per month (migration 0112) is its days summed per calendar month,
        // kept by the summaries' triggers through the history and by the rebuild.
        const reachMonths = async () =>
          (
            await selectRows<{ k: string }>(
              t.database.system,
              sql`select concat_ws('|', vacancy_id, position, month, prev_day, n) as k
              from analytics_vacancy_reach_months
              where account_id = ${admin.accountId}::int and n <> 0
              order by 1`,
            )
          ).map((r) => r.k);
        const reachDaysSummed = async () =>
          (
            await selectRows<{ k: string }>(
              t.database.system,
              sql`select concat_ws('|', vacancy_id, position,
                                 date_trunc('month', day::timestamp)::date, prev_day, sum(n)) as k
              from analytics_vacancy_reach_days
              where account_id = ${admin.accountId}::int
              group by vacancy_id, position, date_trunc('month', day::timestamp), prev_day
              having sum(n) <> 0
              order by 1`,
            )
          ).map((r) => r.k);
        const keptReachMonths = await reachMonths();
        expect(keptReachMonths, context).toEqual(await reachDaysSummed());
        expect(keptReachMonths.length, context).toBeGreaterThan(0);
        const kept = await snapshot();
        await t.database.system.execute(
          sql`select analytics_rebuild_rollups(${admin.accountId}::int)`,
        );
        expect(kept, context).toEqual(await snapshot());
        expect(await spans(), context).toEqual(await summed());
        expect(await reachMonths(), context).toEqual(keptReachMonths);
        expect(keptSpans, context).toEqual(await spans());
        expect(keptSpans.filter((k) => k.includes('|week|')).length).toBeGreaterThan(0);
        expect(keptSpans.filter((k) => k.includes('|month|')).length).toBeGreaterThan(0);
        expect(keptSpans.filter((k) => k.startsWith('new|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('new|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => !k.startsWith('new|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('summary|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('funnel|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('stays|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('reach|')).length).toBeGreaterThan(0);
        for (const kind of ['offers', 'hired']) {
          expect(kept.filter((k) => k.startsWith(`summary_days|${kind}|`)).length).toBeGreaterThan(
            0,
          );
        }
        expect(kept.filter((k) => k.startsWith('vacancy_reach|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('vacancy_stays|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('placed_source|')).length).toBeGreaterThan(0);
        expect(kept.filter((k) => k.startsWith('hired_vacancy|')).length).toBeGreaterThan(0);
        expect(keptSpans.filter((k) => k.startsWith('placed_vacancy|')).length).toBeGreaterThan(0);
      }),
    300_000,
  );
});
