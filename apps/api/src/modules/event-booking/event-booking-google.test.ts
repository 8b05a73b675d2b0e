import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { signUpCompany, uniqueEmail } from '../../../test/factories.ts';
import { type GoogleFake, startGoogleFake } from '../../../test/google-fake.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { wallClockOf } from './booking-slots.ts';

// Self-booking with an interviewer whose Google Calendar is connected: their Google busy time
// (free/busy of the local fake Google) is not offered.

const CLIENT = { clientId: 'ats-test.apps.googleusercontent.com', clientSecret: 'test-secret' };
const DAY_MS = 86_400_000;

let t: TestApp;
let fake: GoogleFake;

beforeAll(async () => {
  fake = await startGoogleFake(CLIENT);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_OAUTH_URL: fake.oauthUrl,
    GOOGLE_API_URL: fake.apiUrl,
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A Monday–Friday from 10 February on (no holidays until the 23rd), in the future. */
function plainWorkday() {
  const today = wallClockOf(Date.now(), 'Europe/Moscow').date;
  let day = `${today.slice(0, 4)}-02-10`;
  if (day <= today) day = `${Number(today.slice(0, 4)) + 1}-02-10`;
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, 1);
  return day;
}

describe('Google busy time', () => {
  it('is left out of the slots of a connected interviewer', async () => {
    const company = await signUpCompany(t.app);
    const googleEmail = uniqueEmail('google');
    fake.addUser(googleEmail);
    const start = await call(t.app, 'POST', '/api/google/connect', undefined, {
      token: company.token,
    });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const location = new URL(await fake.consent(start.body.message.url, googleEmail));
    const back = await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    expect(back.statusCode).toBe(302);

    const day = plainWorkday();
    await fake.createEvent(googleEmail, 'primary', {
      summary: 'Личное',
      start: { dateTime: `${day}T12:00:00+03:00` },
      end: { dateTime: `${day}T13:00:00+03:00` },
    });
    const [applicantId] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Анна', email: 'anna@example.ru' },
    ]);
    const link = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      {
        applicant_id: applicantId,
        admin_user_ids: [company.userId],
        duration: 60,
        date_from: day,
        days: 1,
      },
      { token: company.token },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const page = await call(t.app, 'GET', `/api/public/bookings/${link.body.message.token}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const times = (page.body.message.slots as { time: string }[]).map((s) => s.time);
    expect(times).toContain('11:00');
    expect(times).toContain('13:00');
    for (const busy of ['11:30', '12:00', '12:30']) expect(times).not.toContain(busy);

    const refused = await call(
      t.app,
      'POST',
      `/api/public/bookings/${link.body.message.token}/book`,
      { start: `${day}T12:00:00+03:00` },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Это время уже занято');
  });
});

describe('a booking reaches Google', () => {
  it('the event an applicant books on the public page appears in the interviewer’s Google calendar', async () => {
    const company = await signUpCompany(t.app);
    const googleEmail = uniqueEmail('google-booked');
    fake.addUser(googleEmail);
    const start = await call(t.app, 'POST', '/api/google/connect', undefined, {
      token: company.token,
    });
    const location = new URL(await fake.consent(start.body.message.url, googleEmail));
    await t.app.inject({ method: 'GET', url: location.pathname + location.search });
    const day = plainWorkday();
    const [applicantId] = await insertApplicants(t.database, company.accountId, [
      { firstName: 'Борис', lastName: 'Букин', email: 'boris@example.ru' },
    ]);
    const link = await call(
      t.app,
      'POST',
      '/api/event_bookings',
      {
        applicant_id: applicantId,
        admin_user_ids: [company.userId],
        duration: 60,
        date_from: day,
        days: 1,
      },
      { token: company.token },
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const booked = await call(
      t.app,
      'POST',
      `/api/public/bookings/${link.body.message.token}/book`,
      { start: `${day}T15:00:00+03:00` },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    let there: { start?: { dateTime?: string } } | undefined;
    for (let i = 0; i < 60 && !there; i += 1) {
      there = fake.events(googleEmail).find((e) => e.start?.dateTime !== undefined);
      if (!there) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(there, 'the booked event in the fake Google calendar').toBeDefined();
    expect(Date.parse(there!.start!.dateTime!)).toBe(Date.parse(`${day}T15:00:00+03:00`));
  });
});
