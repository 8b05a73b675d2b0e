import { type Database, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';

export type VacancyStage = {
  id: number;
  name: string;
  position: number;
  is_reject: boolean;
  reject_kind: 'reject' | 'refuse' | null;
  stay_duration: number | null;
};

export type SeededVacancy = {
  id: number;
  stages: VacancyStage[];
  /** The default funnel's stages by name: «Новый», «Интервью с HR», «Отказ компании»… */
  stage: (name: string) => VacancyStage;
};

/**
 * A vacancy straight in the database with copies of the account's default funnel stages, as
 * creating a vacancy gives it (statuses.service copyFunnelStagesToVacancy does the same), and
 * its members. The pipeline's tests build on it without depending on the vacancy screens' API.
 */
export async function insertVacancyWithStages(
  database: Database,
  accountId: number,
  options: {
    position?: string;
    state?: 'open' | 'hold' | 'closed';
    owners?: number[];
    watchers?: number[];
  } = {},
): Promise<SeededVacancy> {
  return database.withTenant(accountId, async (tx) => {
    const [vacancy] = await selectRows<{ id: number }>(
      tx,
      sql`insert into vacancies (account_id, position, state, status_group_id)
          select ${accountId}::int, ${options.position ?? 'Менеджер по продажам'}, ${options.state ?? 'open'},
                 (select id from status_groups where account_id = ${accountId}::int
                  order by is_favorite desc, position, id limit 1)
          returning id`,
    );
    const id = vacancy!.id;
    const stages = await selectRows<VacancyStage>(
      tx,
      sql`insert into statuses (account_id, vacancy_id, copied_from_id, name, color, position,
                                status_type, is_offer, is_reject, reject_kind, stay_duration)
          select s.account_id, ${id}::int, s.id, s.name, s.color, s.position, s.status_type,
                 s.is_offer, s.is_reject, s.reject_kind, s.stay_duration
          from statuses s
          where s.account_id = ${accountId}::int
            and s.status_group_id = (select status_group_id from vacancies
                                     where account_id = ${accountId}::int and id = ${id}::int)
          order by s.position
          returning id, name, position, is_reject, reject_kind, stay_duration`,
    );
    stages.sort((a, b) => a.position - b.position);
    const members = [
      ...(options.owners ?? []).map((userId) => ({ userId, role: 'owner' })),
      ...(options.watchers ?? []).map((userId) => ({ userId, role: 'watcher' })),
    ];
    for (const m of members) {
      await tx.execute(sql`insert into vacancy_members (account_id, vacancy_id, user_id, role)
                           values (${accountId}::int, ${id}::int, ${m.userId}::int, ${m.role})`);
    }
    return {
      id,
      stages,
      stage: (name: string) => {
        const found = stages.find((s) => s.name === name);
        if (!found) throw new Error(`no stage ${name}`);
        return found;
      },
    };
  });
}

/** A user's rights on a stage, as the stage settings screen writes them. */
export async function setStageRight(
  database: Database,
  accountId: number,
  right: { userId: number; statusId: number; isRead: boolean; isWrite: boolean },
) {
  await database.withTenant(accountId, (tx) =>
    tx.execute(sql`
      insert into user_status_rights (account_id, user_id, status_id, is_read, is_write)
      values (${accountId}::int, ${right.userId}::int, ${right.statusId}::int, ${right.isRead}, ${right.isWrite})
      on conflict (account_id, user_id, status_id)
      do update set is_read = excluded.is_read, is_write = excluded.is_write`),
  );
}

/** Moves a card's arrival into the past, as if it had waited `days` on its stage. */
export async function backdateApplication(
  database: Database,
  accountId: number,
  applicationId: number,
  days: number,
) {
  await database.withTenant(accountId, (tx) =>
    tx.execute(sql`update applications
                   set entered_status_at = now() - make_interval(days => ${days}::int)
                   where account_id = ${accountId}::int and id = ${applicationId}::int`),
  );
}
