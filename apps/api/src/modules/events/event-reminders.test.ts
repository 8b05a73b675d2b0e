import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { sendDueReminders } from './event-reminders.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: SignedUp;
let recruiter: { userId: number; email: string; token: string };

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await signUpCompany(t.app, { name: 'Ольга' });
  recruiter = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Пётр',
  });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: admin.token });
const context = () => ({ config: t.config, database: t.database, log: pino({ level: 'silent' }) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Moscow wall clock `minutes` from now, as the Huntlee client sends it. */
function moscow(minutes: number) {
  const parts = new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + minutes * 60_000));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    day: `${part('day')}.${part('month')}.${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/**
 * The Moscow day, start and end of a meeting `inMinutes` from now lasting `length` minutes, cut at
 * 23:59 when it would pass midnight (an event is one day's); a start at 23:59, which leaves no
 * later end on its day, starts a minute earlier (no reminder here is due within that minute).
 */
async function slotIn(inMinutes: number, length: number) {
  const from = moscow(inMinutes).time === '23:59' ? inMinutes - 1 : inMinutes;
  const start = moscow(from);
  const end = moscow(from + length);
  return {
    data_mitting: start.day,
    time_begin: start.time,
    time_end: end.day === start.day ? end.time : '23:59',
  };
}

/** An event starting `inMinutes` from now, 15 minutes long, for the admin and the recruiter. */
async function meeting(title: string, inMinutes: number, reminders: number[]) {
  const saved = await api('POST', '/api/events', {
    title,
    ...(await slotIn(inMinutes, 15)),
    admin_user_ids: [admin.userId, recruiter.userId],
    reminders,
    send_invitations: false,
    allow_overlap: true,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.message as { id: number };
}

const remindersOf = (title: string) =>
  smtp.received.filter((m) => m.subject.startsWith(`Напоминание: ${title} — `));

describe('events: reminders', () => {
  it('sends a due reminder once to each participant, even with three workers at once and a rerun', async () => {
    await meeting('Интервью с Анной', 30, [60, 5]);
    const sent = await Promise.all([
      sendDueReminders(context()),
      sendDueReminders(context()),
      sendDueReminders(context()),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2);
    await smtp.waitForLetter((m) => remindersOf('Интервью с Анной').includes(m), 2);
    expect(await sendDueReminders(context())).toBe(0);
    await sleep(300);
    const letters = remindersOf('Интервью с Анной');
    expect(letters.map((m) => m.to[0]).sort()).toEqual([admin.email, recruiter.email].sort());
    expect(letters[0]!.text).toContain('Напоминаем о встрече «Интервью с Анной» (через 1 ч).');
    expect(letters[0]!.text).toContain('по московскому времени');
  });

  it('sends late a reminder whose minute passed while no worker ran, but none for a started event', async () => {
    // Due 20 minutes ago (starts in 40, reminder 60 before); the other started already.
    await meeting('Опоздавшее напоминание', 40, [60]);
    await meeting('Уже идёт', -5, [15]);
    expect(await sendDueReminders(context())).toBe(2);
    await smtp.waitForLetter((m) => remindersOf('Опоздавшее напоминание').includes(m), 2);
    expect(remindersOf('Уже идёт')).toHaveLength(0);
  });

  it('does not send for a deleted event, nor again after a change of title; a move sends it for the new time', async () => {
    const gone = await meeting('Отменённая встреча', 20, [30]);
    expect((await api('DELETE', `/api/events/${gone.id}`)).status).toBe(200);
    const kept = await meeting('Встреча с переносом', 20, [30]);
    expect(await sendDueReminders(context())).toBe(2);
    await smtp.waitForLetter((m) => remindersOf('Встреча с переносом').includes(m), 2);

    const renamed = await api('PATCH', `/api/events/${kept.id}`, {
      title: 'Встреча с переносом (ред.)',
      send_invitations: false,
    });
    expect(renamed.status).toBe(200);
    expect(await sendDueReminders(context())).toBe(0);

    // Moved three days on: not due now, so nothing for the old time and nothing yet for the new.
    const far = moscow(3 * 1440 + 20);
    const moved = await api('PATCH', `/api/events/${kept.id}`, {
      data_mitting: far.day,
      send_invitations: false,
      allow_overlap: true,
    });
    expect(moved.status).toBe(200);
    expect(await sendDueReminders(context())).toBe(0);
    // Moved back to 25 minutes from now: due again, for the new start.
    const back = await api('PATCH', `/api/events/${kept.id}`, {
      ...(await slotIn(25, 15)),
      send_invitations: false,
      allow_overlap: true,
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await sendDueReminders(context())).toBe(2);
    await sleep(300);
    expect(remindersOf('Отменённая встреча')).toHaveLength(0);
    expect(remindersOf('Встреча с переносом')).toHaveLength(2);
    expect(remindersOf('Встреча с переносом (ред.)')).toHaveLength(2);
  });
});
