import { BOOKING_MESSAGES } from '@ats/contracts/event-booking';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { wallClockOf } from './booking-slots.ts';

// Self-booking through HTTP: the recruiter's link, the applicant's public page of free slots on
// the company's working days (the production calendar and its own days off), the booking that
// uses the link up, and two applicants taking one slot at the same moment.

const PUBLIC_URL = 'https://ats.example.ru';
const MSK = 'Europe/Moscow';
const DAY_MS = 86_400_000;

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: SignedUp;
let applicantId: number;
let otherApplicantId: number;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ PUBLIC_URL, SMTP_URL: smtp.url });
  admin = await signUpCompany(t.app);
  const ids = await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Иван', lastName: 'Петров', email: 'ivan.petrov@example.ru' },
    { firstName: 'Ольга', lastName: 'Смирнова', email: 'olga@example.ru' },
  ]);
  applicantId = ids[0]!;
  otherApplicantId = ids[1]!;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
const todayMsk = () => wallClockOf(Date.now(), MSK).date;

type Slot = { start: string; end: string; date: string; time: string };

async function makeLink(body: Record<string, unknown>, token = admin.token) {
  const created = await call(t.app, 'POST', '/api/event_bookings', body, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.message as { id: number; token: string; url: string; state: string };
}

const openPage = (token: string) => call(t.app, 'GET', `/api/public/bookings/${token}`);
const book = (token: string, start: string) =>
  call(t.app, 'POST', `/api/public/bookings/${token}/book`, { start });

describe('the recruiter makes a link', () => {
  it('answers the public link once, and lists it on the applicant', async () => {
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 60,
      days: 7,
      title: 'Техническое интервью',
    });
    expect(link.url).toBe(`${PUBLIC_URL}/booking/${link.token}`);
    expect(link.state).toBe('active');
    const listed = await call(
      t.app,
      'GET',
      `/api/event_bookings?applicant_id=${applicantId}`,
      undefined,
      {
        token: admin.token,
      },
    );
    expect(listed.status).toBe(200);
    const row = listed.body.message.find((b: { id: number }) => b.id === link.id);
    expect(row).toMatchObject({ title: 'Техническое интервью', duration: 60, state: 'active' });
    expect(row).not.toHaveProperty('token');
    const stored = await systemRows<{ token_hash: string }>(
      t.database,
      sql`select token_hash from event_bookings where id = ${link.id}`,
    );
    expect(stored[0]!.token_hash).not.toContain(link.token);
  });

  it('refuses in Russian a bad duration, an unknown interviewer, an applicant of another account', async () => {
    const badDuration = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      { applicant_id: applicantId, admin_user_ids: [admin.userId], duration: 50 },
      { token: admin.token },
    );
    expect(badDuration.status).toBe(400);
    expect(badDuration.body.message).toBe(BOOKING_MESSAGES.duration);

    const stranger = await signUpCompany(t.app);
    const foreignUser = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      { applicant_id: applicantId, admin_user_ids: [stranger.userId], duration: 30 },
      { token: admin.token },
    );
    expect(foreignUser.status).toBe(400);
    expect(foreignUser.body.message).toBe(BOOKING_MESSAGES.interviewerUnknown);

    const foreignApplicant = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      { applicant_id: applicantId, admin_user_ids: [stranger.userId], duration: 30 },
      { token: stranger.token },
    );
    expect(foreignApplicant.status).toBe(404);
    expect(foreignApplicant.body.message).toBe('Кандидат не найден');

    const past = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      {
        applicant_id: applicantId,
        admin_user_ids: [admin.userId],
        duration: 30,
        date_from: addDays(todayMsk(), -1),
      },
      { token: admin.token },
    );
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(BOOKING_MESSAGES.dateFrom);
  });
});

describe('the public page offers free slots', () => {
  it('on working days only: no weekends, public holidays or the company’s own days off', async () => {
    // The coming 25 December – 7 January: New Year holidays (1–8 January) whatever the weekday.
    const today = todayMsk();
    let from = `${today.slice(0, 4)}-12-25`;
    if (from <= today) from = `${Number(today.slice(0, 4)) + 1}-12-25`;
    const newYear = `${Number(from.slice(0, 4)) + 1}-01-01`;
    // The company takes its first weekday before the 31st off.
    const december = Array.from({ length: 6 }, (_, i) => addDays(from, i));
    const ownDayOff = december.find((d) => weekday(d) >= 1 && weekday(d) <= 5)!;
    const changed = await call(
      t.app,
      'PUT',
      '/api/account_calendar/days',
      { days: [{ date: ownDayOff, is_working: false, name: 'Корпоратив' }] },
      { token: admin.token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 60,
      date_from: from,
      days: 14,
    });
    const page = await openPage(link.token);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const { slots, company, time_zone, interviewers, duration } = page.body.message;
    expect({ company, time_zone, duration }).toEqual({
      company: 'ООО «Ромашка»',
      time_zone: MSK,
      duration: 60,
    });
    expect(interviewers).toHaveLength(1);
    const dates = new Set((slots as Slot[]).map((s) => s.date));
    const otherWorkdays = december.filter(
      (d) =>
        d !== ownDayOff && weekday(d) >= 1 && weekday(d) <= 5 && d < `${from.slice(0, 4)}-12-31`,
    );
    expect(otherWorkdays.length).toBeGreaterThan(0);
    for (const d of otherWorkdays) expect(dates.has(d), d).toBe(true);
    expect(dates.has(ownDayOff)).toBe(false);
    for (let i = 0; i < 7; i += 1) expect(dates.has(addDays(newYear, i))).toBe(false);
    for (const d of dates) expect([0, 6]).not.toContain(weekday(d));
    // Working hours 09:00–18:00 of the company, hour-long meetings on the half hour.
    const first = (slots as Slot[]).filter((s) => s.date === otherWorkdays[0]);
    expect(first[0]!.time).toBe('09:00');
    expect(first.at(-1)!.time).toBe('17:00');
    expect(first).toHaveLength(17);
  });
});

describe('busy time', () => {
  it('leaves out the interviewers’ events, touching ones aside', async () => {
    const day = plainWorkday(4);
    const made = await call(
      t.app,
      'POST',
      '/api/events',
      {
        title: 'Планёрка',
        data_mitting: day,
        time_begin: '10:00',
        time_end: '11:00',
        admin_user_ids: [admin.userId],
        send_invitations: false,
      },
      { token: admin.token },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 60,
      date_from: day,
      days: 1,
    });
    const times = ((await openPage(link.token)).body.message.slots as Slot[]).map((s) => s.time);
    expect(times.slice(0, 3)).toEqual(['09:00', '11:00', '11:30']);
    // Booking the busy hour straight away is refused all the same.
    const refused = await book(link.token, `${day}T10:00:00+03:00`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(BOOKING_MESSAGES.slotTaken);
  });
});

/** The n-th Monday–Friday from 10 February on (no holidays until the 23rd), in the future. */
function plainWorkday(n = 0) {
  const today = todayMsk();
  let day = `${today.slice(0, 4)}-02-10`;
  if (day <= today) day = `${Number(today.slice(0, 4)) + 1}-02-10`;
  for (let left = n; ; day = addDays(day, 1)) {
    if (weekday(day) === 0 || weekday(day) === 6) continue;
    if (left === 0) return day;
    left -= 1;
  }
}

describe('booking a slot', () => {
  it('uses the link up: the slot is booked once, the link then answers 410 in Russian', async () => {
    const day = plainWorkday();
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
      date_from: day,
      days: 1,
    });
    const page = await openPage(link.token);
    const slot = (page.body.message.slots as Slot[]).find((s) => s.time === '11:00')!;
    const booked = await book(link.token, slot.start);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    expect(booked.body).toMatchObject({
      code: 201,
      status: 'success',
      message: { date: day, time: '11:00', start: slot.start, end: slot.end },
    });

    const again = await book(link.token, slot.start);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(BOOKING_MESSAGES.used);
    const reopened = await openPage(link.token);
    expect(reopened.status).toBe(410);
    expect(reopened.body.message).toBe(BOOKING_MESSAGES.used);

    // The meeting is the recruiter's event, booked by the applicant, with its invitation.
    const events = await call(
      t.app,
      'GET',
      `/api/events?applicant_id=${applicantId}&date_from=${day}&date_to=${day}`,
      undefined,
      { token: admin.token },
    );
    expect(events.status).toBe(200);
    const event = events.body.message.find(
      (e: { id: number }) => e.id === booked.body.message.event_id,
    );
    expect(event).toMatchObject({
      source: 'booking',
      time_begin: '11:00',
      time_end: '11:30',
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
    });
    const letter = await smtp.waitForLetter((m) => m.to.includes('ivan.petrov@example.ru'));
    expect(letter.raw).toContain('text/calendar');

    const listed = await call(t.app, 'GET', '/api/event_bookings', undefined, {
      token: admin.token,
    });
    expect(listed.body.message.find((b: { id: number }) => b.id === link.id)).toMatchObject({
      state: 'booked',
      booked_start: slot.start,
    });
  });

  it('refuses a time that is not one of the slots', async () => {
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
      date_from: plainWorkday(),
      days: 1,
    });
    const offHours = await book(link.token, `${plainWorkday()}T20:00:00+03:00`);
    expect(offHours.status).toBe(400);
    expect(offHours.body.message).toBe(BOOKING_MESSAGES.slotUnknown);
    const notADate = await book(link.token, 'завтра');
    expect(notADate.status).toBe(400);
    expect(notADate.body.message).toBe(BOOKING_MESSAGES.start);
  });

  it('two applicants taking one slot at once: one meeting, one 409 and fresh slots', async () => {
    const interviewer = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Мария',
    });
    const day = plainWorkday(1);
    const body = {
      admin_user_ids: [interviewer.userId],
      duration: 60,
      date_from: day,
      days: 1,
    };
    const first = await makeLink({ ...body, applicant_id: applicantId });
    const second = await makeLink({ ...body, applicant_id: otherApplicantId });
    const slots = (await openPage(first.token)).body.message.slots as Slot[];
    const slot = slots.find((s) => s.time === '14:00')!;

    const answers = await Promise.all([
      book(first.token, slot.start),
      book(second.token, slot.start),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body.message).toBe(BOOKING_MESSAGES.slotTaken);

    // The loser's link still works and no longer offers the taken hour, nor those overlapping it.
    const loserToken = answers[0]!.status === 409 ? first.token : second.token;
    const fresh = await openPage(loserToken);
    expect(fresh.status).toBe(200);
    const times = (fresh.body.message.slots as Slot[]).map((s) => s.time);
    expect(times).not.toContain('13:30');
    expect(times).not.toContain('14:00');
    expect(times).not.toContain('14:30');
    expect(times).toContain('13:00');
    expect(times).toContain('15:00');
    const rebooked = await book(
      loserToken,
      (fresh.body.message.slots as Slot[]).find((s) => s.time === '15:00')!.start,
    );
    expect(rebooked.status).toBe(201);
  });

  it('five applicants racing for one slot of two interviewers: exactly one gets it', async () => {
    const second = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
      name: 'Пётр',
    });
    const day = plainWorkday(3);
    const applicants = await insertApplicants(
      t.database,
      admin.accountId,
      Array.from({ length: 5 }, (_, i) => ({ firstName: `Гонщик ${i}` })),
    );
    const links = [];
    for (const id of applicants) {
      // Interviewers in either order: the locks are taken in id order whatever the link says.
      const ids = id % 2 ? [admin.userId, second.userId] : [second.userId, admin.userId];
      links.push(
        await makeLink({
          applicant_id: id,
          admin_user_ids: ids,
          duration: 45,
          date_from: day,
          days: 1,
        }),
      );
    }
    const slot = ((await openPage(links[0]!.token)).body.message.slots as Slot[]).find(
      (s) => s.time === '16:00',
    )!;
    const answers = await Promise.all(links.map((link) => book(link.token, slot.start)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('the same link used twice at once books once', async () => {
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
      date_from: plainWorkday(2),
      days: 1,
    });
    const slots = (await openPage(link.token)).body.message.slots as Slot[];
    const answers = await Promise.all([
      book(link.token, slots[0]!.start),
      book(link.token, slots[1]!.start),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
  });
});

describe('links that no longer work', () => {
  it('unknown 404, revoked 404, expired 410 — in Russian', async () => {
    const unknown = await openPage('no-such-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(BOOKING_MESSAGES.invalid);

    const revoked = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
    });
    const deleted = await call(t.app, 'DELETE', `/api/event_bookings/${revoked.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message.state).toBe('revoked');
    const afterRevoke = await openPage(revoked.token);
    expect(afterRevoke.status).toBe(404);
    expect(afterRevoke.body.message).toBe(BOOKING_MESSAGES.revoked);

    const expired = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
    });
    await systemRows(
      t.database,
      sql`update event_bookings set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    const afterExpiry = await openPage(expired.token);
    expect(afterExpiry.status).toBe(410);
    expect(afterExpiry.body.message).toBe(BOOKING_MESSAGES.expired);
    const bookExpired = await book(expired.token, new Date(Date.now() + DAY_MS).toISOString());
    expect(bookExpired.status).toBe(410);
  });

  it('a hiring manager may not revoke a recruiter’s link', async () => {
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const link = await makeLink({
      applicant_id: applicantId,
      admin_user_ids: [admin.userId],
      duration: 30,
    });
    const refused = await call(t.app, 'DELETE', `/api/event_bookings/${link.id}`, undefined, {
      token: watcher.token,
    });
    expect(refused.status).toBe(403);
  });
});
