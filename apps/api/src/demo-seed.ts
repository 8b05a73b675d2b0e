import type { Database } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import { findUserByEmailAcrossAccounts } from './modules/auth/auth.repository.ts';
import { signUp } from './modules/auth/auth.service.ts';
import { createUser } from './modules/users/users.service.ts';
import { seedDemoApplicants } from './demo-applicants.ts';
import { placeDemoApplicants, seedDemoVacancies } from './demo-vacancies.ts';
import type { Session } from './platform/auth.ts';
import type { Config } from './platform/config.ts';
import type { AppDeps } from './platform/deps.ts';
import { createMailer } from './platform/mailer.ts';
import { storageFor } from './platform/storage.ts';
import { createErrorReportChat } from './platform/telegram.ts';
import { tenantFor } from './platform/tenancy.ts';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_APPLICANTS = 300;
export const DEMO_USERS = [
  { email: 'admin@demo.ats', role: 'рекрутер-администратор (owner, admin)' },
  { email: 'recruiter@demo.ats', role: 'рекрутер (owner)' },
  { email: 'manager@demo.ats', role: 'заказчик (watcher)' },
] as const;

/** A demo company with one user per role, so a newcomer can see what each role sees. */
export async function seedDemoAccount(database: Database, config: Config, log: FastifyBaseLogger) {
  const deps: AppDeps = {
    config,
    database,
    mailer: createMailer(config, database.system, log),
    errorReportChat: createErrorReportChat(config),
    log,
  };
  const existing = await findUserByEmailAcrossAccounts(database.system, DEMO_USERS[0].email);
  if (!existing) {
    const meta = { ip: null, userAgent: 'demo-seed' };
    const { admin_user: admin } = await signUp(
      deps,
      {
        email: DEMO_USERS[0].email,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
        name: 'Анна Смирнова',
        company: 'Демо-компания',
      },
      meta,
      null,
    );
    const tenant = tenantFor(database, admin.account_id, admin.id);
    const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const recruiter = await createUser(
      deps,
      tenant,
      {
        email: DEMO_USERS[1].email,
        name: 'Олег Петров',
        member_type: 'owner',
        is_admin: false,
        password: DEMO_PASSWORD,
      },
      url,
    );
    const manager = await createUser(
      deps,
      tenant,
      {
        email: DEMO_USERS[2].email,
        name: 'Мария Козлова',
        member_type: 'watcher',
        is_admin: false,
        password: DEMO_PASSWORD,
      },
      url,
    );
    // The seed acts as the company's admin, as if signed in.
    const adminSession: Session = {
      token: '',
      sessionId: 0,
      accountId: admin.account_id,
      userId: admin.id,
      source: 'web',
      isAdmin: true,
      memberType: 'owner',
      accountIsActive: true,
      lastSeenAt: new Date(),
      via: 'header',
    };
    const applicantIds = await seedDemoApplicants(
      storageFor(config),
      tenant,
      adminSession,
      DEMO_APPLICANTS,
    );
    const vacancies = await seedDemoVacancies(tenant, adminSession, {
      recruiterId: recruiter.id,
      managerId: manager.id,
    });
    await placeDemoApplicants(tenant, adminSession, vacancies, applicantIds);
  }
  const lines = DEMO_USERS.map((u) => `  ${u.email} / ${DEMO_PASSWORD} — ${u.role}`);
  console.log(`Демо-аккаунт готов. Входы:\n${lines.join('\n')}`);
}
