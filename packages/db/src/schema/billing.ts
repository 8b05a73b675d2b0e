import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { accountIdColumn, tenantPolicy } from './tenant-table.ts';

/** Tariff payments through YooKassa (migration 0043, decision 0036); the billing module owns it. */
export const payments = pgTable(
  'payments',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    id: integer().generatedAlwaysAsIdentity(),
    userId: integer(),
    tariffName: text().notNull(),
    period: text().$type<'month' | 'year'>().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    currency: text().notNull().default('RUB'),
    status: text()
      .$type<'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'>()
      .notNull()
      .default('pending'),
    idempotenceKey: text().notNull(),
    providerPaymentId: text(),
    confirmationUrl: text(),
    payerEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp({ withTimezone: true }),
    processedAt: timestamp({ withTimezone: true }),
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    check('payments_period_check', sql`${t.period} in ('month', 'year')`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'waiting_for_capture', 'succeeded', 'canceled')`,
    ),
    uniqueIndex('payments_provider_payment_id_key').on(t.providerPaymentId),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'waiting_for_capture')`),
    index('payments_account_created_idx').on(t.accountId, t.createdAt.desc()),
    tenantPolicy('payments'),
  ],
).enableRLS();

/** Letters sent about one tariff period: 'remind_7', 'remind_1', 'ended' — each once. */
export const tariffLetters = pgTable(
  'tariff_letters',
  {
    accountId: accountIdColumn().references(() => accounts.id, { onDelete: 'cascade' }),
    tariffId: integer().notNull(),
    kind: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.tariffId, t.kind] }),
    tenantPolicy('tariff_letters'),
  ],
).enableRLS();
