import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { calendarParts, leafParts, parseMime } from '../../../test/mime-parts.ts';
import { startSmtpServer } from '../../../test/smtp-server.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';
import { type IcalComponent, icalChild, icalProp, parseIcal } from './ical.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let admin: SignedUp;
let recruiter: { userId: number; email: string; token: string };
let watcher: { userId: number; email: string; token: string };
let applicantId: number;
const APPLICANT_EMAIL = 'anna.smirnova@example.ru';

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://ats.example.ru' });
  admin = await signUpCompany(t.app, { name: 'Ольга' });
  recruiter = await addTeamMember(t.app, admin.token, {
    member_type: 'owner',
    is_admin: false,
    name: 'Пётр',
  });
  watcher = await addTeamMember(t.app, admin.token, {
    member_type: 'watcher',
    is_admin: false,
    name: 'Заказчик',
  });
  [applicantId] = (await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Анна', lastName: 'Смирнова', email: APPLICANT_EMAIL },
  ])) as [number];
}, 180_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  token = admin.token,
) => call(t.app, method, url, body, { token });

/** The invitation's iCalendar object in the nth letter to `email` whose subject starts so. */
async function invitation(email: string, subjectStart: string, nth = 1) {
  const mail = await smtp.waitForLetter(
    (m) => m.to.includes(email) && m.subject.startsWith(subjectStart),
    nth,
  );
  const [part] = calendarParts(mail.raw);
  expect(part, 'a text/calendar part').toBeDefined();
  const calendar = parseIcal(part!.body);
  return { mail, calendar, event: icalChild(calendar, 'VEVENT')!, part: part! };
}
/** The plain text of a caught letter (its text/plain part). */
const textOf = (raw: string) =>
  leafParts(parseMime(raw)).find((p) => /^text\/plain/i.test(p.headers['content-type'] ?? ''))
    ?.body ?? '';
const value = (c: IcalComponent, name: string) => icalProp(c, name)?.value;

describe('events: dates and times of the Huntlee client', () => {
  it('creates an event from DD.MM.YYYY and HH:MM read in Moscow, and answers it in the same form', async () => {
    const created = await api('POST', '/api/events', {
      title: 'Собеседование',
      description: 'Техническое интервью',
      data_mitting: '12.03.2030',
      time_begin: '10:00',
      time_end: '11:30',
      service: 'meet',
      link: 'https://telemost.yandex.ru/j/123',
      admin_user_ids: [admin.userId],
      send_invitations: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      title: 'Собеседование',
      data_mitting: '12.03.2030',
      date: '2030-03-12',
      time_begin: '10:00',
      time_end: '11:30',
      starts_at: '2030-03-12T07:00:00.000Z',
      ends_at: '2030-03-12T08:30:00.000Z',
      time_zone: 'Europe/Moscow',
      service: 'meet',
      admin_user_ids: [admin.userId],
      author_id: admin.userId,
      sequence: 0,
      can_edit: true,
    });
    const iso = await api('POST', '/api/events', {
      data_mitting: '2030-03-13T00:00:00.000Z',
      time_begin: '9:05',
      time_end: '09:35:00',
      send_invitations: false,
    });
    expect(iso.status, JSON.stringify(iso.body)).toBe(200);
    expect(iso.body.message).toMatchObject({
      title: 'Встреча',
      data_mitting: '13.03.2030',
      time_begin: '09:05',
      time_end: '09:35',
      admin_user_ids: [admin.userId],
    });
  });

  it('answers bad input in Russian: end before start, a day that does not exist, a bad format', async () => {
    const base = { data_mitting: '14.03.2030', time_begin: '12:00', time_end: '13:00' };
    const reversed = await api('POST', '/api/events', { ...base, time_end: '11:00' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('Время окончания должно быть позже времени начала');
    expect(reversed.body.errors).toMatchObject({ time_end: expect.any(String) });
    const equal = await api('POST', '/api/events', { ...base, time_end: '12:00' });
    expect(equal.status).toBe(400);

    const feb31 = await api('POST', '/api/events', { ...base, data_mitting: '31.02.2030' });
    expect(feb31.status).toBe(400);
    expect(feb31.body.errors?.data_mitting).toBe('Такой даты не существует');
    const isoFeb30 = await api('POST', '/api/events', { ...base, data_mitting: '2030-02-30' });
    expect(isoFeb30.body.errors?.data_mitting).toBe('Такой даты не существует');
    const words = await api('POST', '/api/events', { ...base, data_mitting: 'завтра' });
    expect(words.body.errors?.data_mitting).toBe('Дата указывается как ДД.ММ.ГГГГ или ГГГГ-ММ-ДД');
    const hour25 = await api('POST', '/api/events', { ...base, time_begin: '25:00' });
    expect(hour25.status).toBe(400);
    expect(hour25.body.errors?.time_begin).toBe('Время указывается как ЧЧ:ММ, например 09:30');
    const missing = await api('POST', '/api/events', { title: 'Без даты' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('data_mitting');
  });

  it('refuses a participant, applicant or vacancy of another account as not found', async () => {
    const other = await signUpCompany(t.app, { company: 'Чужая' });
    const base = { data_mitting: '15.03.2030', time_begin: '12:00', time_end: '13:00' };
    const user = await api('POST', '/api/events', { ...base, admin_user_ids: [other.userId] });
    expect(user.status).toBe(404);
    expect(user.body.message).toBe('Пользователь не найден');
    const [foreignApplicant] = await insertApplicants(t.database, other.accountId, [
      { firstName: 'Чужой' },
    ]);
    const applicant = await api('POST', '/api/events', { ...base, applicant_id: foreignApplicant });
    expect(applicant.status).toBe(404);
    expect(applicant.body.message).toBe('Кандидат не найден');
    const vacancy = await openVacancy(t.app, other.token, { position: 'Чужая вакансия' });
    const foreignVacancy = await api('POST', '/api/events', { ...base, vacancy_id: vacancy.id });
    expect(foreignVacancy.status).toBe(404);
    const list = await api('GET', '/api/events?date_from=01.03.2030&date_to=31.03.2030');
    expect(list.body.message.map((e: { date: string }) => e.date)).not.toContain('2030-03-15');
  });
});

describe('events: conflicts', () => {
  it('answers 409 when a participant already has an event then, unless allow_overlap', async () => {
    const base = {
      title: 'Первая',
      data_mitting: '18.03.2030',
      time_begin: '10:00',
      time_end: '11:00',
      admin_user_ids: [recruiter.userId],
      send_invitations: false,
    };
    expect((await api('POST', '/api/events', base)).status).toBe(200);
    const clash = await api('POST', '/api/events', {
      ...base,
      title: 'Вторая',
      time_begin: '10:30',
      time_end: '12:00',
      admin_user_ids: [admin.userId, recruiter.userId],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('У участника уже есть встреча в это время');
    expect(clash.body.errors?.admin_user_ids).toContain('18.03.2030 10:00–11:00');
    const touching = await api('POST', '/api/events', {
      ...base,
      title: 'Сразу после',
      time_begin: '11:00',
      time_end: '11:30',
    });
    expect(touching.status).toBe(200);
    const forced = await api('POST', '/api/events', {
      ...base,
      title: 'Вторая',
      time_begin: '10:30',
      time_end: '12:00',
      allow_overlap: true,
    });
    expect(forced.status).toBe(200);
    // Moving onto a busy slot is refused too; a change of the title alone is not checked.
    const other = await api('POST', '/api/events', {
      ...base,
      title: 'Днём',
      time_begin: '15:00',
      time_end: '16:00',
    });
    const moved = await api('PATCH', `/api/events/${other.body.message.id}`, {
      time_begin: '10:15',
      time_end: '10:45',
      send_invitations: false,
    });
    expect(moved.status).toBe(409);
    const renamed = await api('PATCH', `/api/events/${forced.body.message.id}`, {
      title: 'Вторая (перенесём)',
      send_invitations: false,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.message).toMatchObject({ time_begin: '10:30', time_end: '12:00' });
  });
});

describe('events: two bookings of one slot at once', () => {
  it('saves one and answers 409 to the other (the participants’ calendars are locked)', async () => {
    const slot = {
      data_mitting: '25.03.2030',
      time_begin: '14:00',
      time_end: '15:00',
      admin_user_ids: [recruiter.userId],
      send_invitations: false,
    };
    const answers = await Promise.all([
      api('POST', '/api/events', { ...slot, title: 'Первый' }),
      api('POST', '/api/events', { ...slot, title: 'Второй' }, recruiter.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const day = await api(
      'GET',
      `/api/events?date_from=25.03.2030&date_to=25.03.2030&user_ids=${recruiter.userId}`,
    );
    expect(day.body.message).toHaveLength(1);
  });
});

describe('events: another time zone of the account', () => {
  it('reads and answers the times on the account’s wall clock (Yekaterinburg, UTC+5)', async () => {
    const company = await signUpCompany(t.app, { company: 'Уральская' });
    const zone = await call(
      t.app,
      'PATCH',
      '/api/account/account_settings',
      { time_zone: 'Asia/Yekaterinburg' },
      { token: company.token },
    );
    expect(zone.status, JSON.stringify(zone.body)).toBe(200);
    const created = await call(
      t.app,
      'POST',
      '/api/events',
      { data_mitting: '12.03.2030', time_begin: '10:00', time_end: '11:00' },
      { token: company.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      starts_at: '2030-03-12T05:00:00.000Z',
      time_begin: '10:00',
      time_zone: 'Asia/Yekaterinburg',
    });
    const invite = await invitation(company.email, 'Приглашение');
    expect(icalProp(invite.event, 'DTSTART')).toMatchObject({
      params: { TZID: 'Asia/Yekaterinburg' },
      value: '20300312T100000',
    });
    expect(
      value(icalChild(icalChild(invite.calendar, 'VTIMEZONE')!, 'STANDARD')!, 'TZOFFSETTO'),
    ).toBe('+0500');
  });
});

describe('events: invitations by e-mail (RFC 5545/5546)', () => {
  it('invites participants, guests and the applicant with METHOD:REQUEST in Moscow time, raises SEQUENCE on change and cancels on delete', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Аналитик данных' });
    const created = await api('POST', '/api/events', {
      title: 'Интервью: аналитик, этап 2',
      description: 'Кейс; вопросы по SQL',
      data_mitting: '20.03.2030',
      time_begin: '16:26',
      time_end: '17:30',
      service: 'meet',
      link: 'https://telemost.yandex.ru/j/777',
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      admin_user_ids: [admin.userId, recruiter.userId],
      guests: ['Guest@Partner.example', { email: 'boss@partner.example', name: 'Иван Начальник' }],
      reminders: [15, 60],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const event = created.body.message;
    expect(event).toMatchObject({
      applicant: { id: applicantId, name: 'Смирнова Анна' },
      vacancy: { id: vacancy.id, position: 'Аналитик данных' },
      guests: [
        { email: 'boss@partner.example', name: 'Иван Начальник' },
        { email: 'guest@partner.example', name: null },
      ],
      reminders: [15, 60],
    });

    for (const email of [admin.email, recruiter.email, 'guest@partner.example', APPLICANT_EMAIL]) {
      const { mail, calendar, event: vevent, part } = await invitation(email, 'Приглашение');
      expect(part.headers['content-type']).toMatch(/method=REQUEST/i);
      expect(mail.subject).toBe('Приглашение: Интервью: аналитик, этап 2, 20.03.2030 16:26');
      expect(value(calendar, 'METHOD')).toBe('REQUEST');
      expect(value(vevent, 'UID')).toBe(event.uid);
      expect(value(vevent, 'SEQUENCE')).toBe('0');
      expect(icalProp(vevent, 'DTSTART')).toEqual({
        name: 'DTSTART',
        params: { TZID: 'Europe/Moscow' },
        value: '20300320T162600',
      });
      expect(value(vevent, 'DTEND')).toBe('20300320T173000');
      expect(value(vevent, 'SUMMARY')).toBe('Интервью: аналитик\\, этап 2');
      const tz = icalChild(calendar, 'VTIMEZONE')!;
      expect(value(tz, 'TZID')).toBe('Europe/Moscow');
      expect(value(icalChild(tz, 'STANDARD')!, 'TZOFFSETTO')).toBe('+0300');
      const attendees = vevent.properties.filter((p) => p.name === 'ATTENDEE').map((p) => p.value);
      expect(attendees).toEqual(
        expect.arrayContaining([
          `mailto:${admin.email}`,
          `mailto:${recruiter.email}`,
          'mailto:guest@partner.example',
          'mailto:boss@partner.example',
          `mailto:${APPLICANT_EMAIL}`,
        ]),
      );
      expect(value(vevent, 'ORGANIZER')).toBe(`mailto:${admin.email}`);
    }
    const toApplicant = await invitation(APPLICANT_EMAIL, 'Приглашение');
    expect(textOf(toApplicant.mail.raw)).toContain('Здравствуйте, Смирнова Анна!');
    expect(textOf(toApplicant.mail.raw)).toContain(
      'Когда: среда, 20 марта 2030 г., 16:26–17:30 по московскому времени',
    );
    expect(textOf(toApplicant.mail.raw)).toContain(
      'Ссылка на встречу: https://telemost.yandex.ru/j/777',
    );

    // Moved by an hour, the recruiter taken off: REQUEST with SEQUENCE 1; the recruiter a CANCEL.
    const moved = await api('PATCH', `/api/events/${event.id}`, {
      time_begin: '17:26',
      time_end: '18:30',
      admin_user_ids: [admin.userId],
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.message).toMatchObject({
      sequence: 1,
      uid: event.uid,
      admin_user_ids: [admin.userId],
    });
    const update = await invitation(APPLICANT_EMAIL, 'Изменение встречи');
    expect(value(update.calendar, 'METHOD')).toBe('REQUEST');
    expect(value(update.event, 'UID')).toBe(event.uid);
    expect(value(update.event, 'SEQUENCE')).toBe('1');
    expect(value(update.event, 'DTSTART')).toBe('20300320T172600');
    const dropped = await invitation(recruiter.email, 'Отмена встречи');
    expect(value(dropped.calendar, 'METHOD')).toBe('CANCEL');
    expect(value(dropped.event, 'SEQUENCE')).toBe('1');

    // The Huntlee client's PUT: the whole event again; SEQUENCE 2.
    const put = await api('PUT', `/api/events/${event.id}`, {
      title: 'Интервью: аналитик, этап 2',
      data_mitting: '21.03.2030',
      time_begin: '10:00',
      time_end: '11:00',
      service: 'meet',
      link: 'https://telemost.yandex.ru/j/777',
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      admin_user_ids: [admin.userId],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.message).toMatchObject({
      sequence: 2,
      data_mitting: '21.03.2030',
      description: null,
      guests: expect.arrayContaining([{ email: 'boss@partner.example', name: 'Иван Начальник' }]),
      reminders: [15, 60],
    });
    const second = await invitation(APPLICANT_EMAIL, 'Изменение встречи', 2);
    expect(value(second.event, 'SEQUENCE')).toBe('2');
    expect(value(second.event, 'DTSTART')).toBe('20300321T100000');

    const deleted = await api('DELETE', `/api/events/${event.id}`);
    expect(deleted.status).toBe(200);
    for (const email of [admin.email, APPLICANT_EMAIL, 'boss@partner.example']) {
      const cancel = await invitation(email, 'Отмена встречи', email === recruiter.email ? 2 : 1);
      expect(cancel.part.headers['content-type']).toMatch(/method=CANCEL/i);
      expect(value(cancel.calendar, 'METHOD')).toBe('CANCEL');
      expect(value(cancel.event, 'UID')).toBe(event.uid);
      expect(value(cancel.event, 'SEQUENCE')).toBe('3');
      expect(value(cancel.event, 'STATUS')).toBe('CANCELLED');
    }
    expect((await api('GET', `/api/events/${event.id}`)).status).toBe(404);
  });

  it('opens the applicant’s letter with the account’s mail template when one is named', async () => {
    const template = await api('POST', '/api/account_mail_temps', {
      name: 'Приглашение на интервью',
      title: 'Приглашаем на интервью, %applicant.first_name%',
      description: '<p>Добрый день, %applicant.first_name%! Ждём вас.</p>',
      is_shared: true,
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const created = await api('POST', '/api/events', {
      title: 'Знакомство',
      data_mitting: '22.03.2030',
      time_begin: '12:00',
      time_end: '12:30',
      applicant_id: applicantId,
      template_id: template.body.message.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const letter = await smtp.waitForLetter(
      (m) => m.to.includes(APPLICANT_EMAIL) && m.subject === 'Приглашаем на интервью, Анна',
    );
    expect(textOf(letter.raw)).toContain('Добрый день, Анна! Ждём вас.');
    expect(textOf(letter.raw)).toContain('Когда: пятница, 22 марта 2030 г., 12:00–12:30');
    expect(calendarParts(letter.raw).length).toBeGreaterThan(0);
  });
});

describe('events: whose calendars a user sees (can_view_work_calendars)', () => {
  it('lists every colleague to a recruiter and only oneself to a hiring manager', async () => {
    const all = await api('GET', '/api/events/users_with_viewable_calendars');
    expect(all.status).toBe(200);
    const ids = all.body.message.map((u: { id: number }) => u.id);
    expect(ids[0]).toBe(admin.userId);
    expect(ids).toEqual(expect.arrayContaining([recruiter.userId, watcher.userId]));
    const own = await api(
      'GET',
      '/api/events/users_with_viewable_calendars',
      undefined,
      watcher.token,
    );
    expect(own.body.message).toEqual([
      expect.objectContaining({ id: watcher.userId, is_me: true, member_type: 'watcher' }),
    ]);
  });

  it('filters by period, users, applicant and vacancy; a watcher opens no colleague’s calendar', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Тестировщик' });
    const mine = await api('POST', '/api/events', {
      title: 'С кандидатом',
      data_mitting: '03.04.2030',
      time_begin: '10:00',
      time_end: '11:00',
      applicant_id: applicantId,
      vacancy_id: vacancy.id,
      admin_user_ids: [recruiter.userId],
      send_invitations: false,
    });
    const withWatcher = await api('POST', '/api/events', {
      title: 'С заказчиком',
      data_mitting: '04.04.2030',
      time_begin: '10:00',
      time_end: '11:00',
      admin_user_ids: [watcher.userId, recruiter.userId],
      send_invitations: false,
    });
    const titles = async (query: string, token = admin.token) => {
      const response = await api('GET', `/api/events?${query}`, undefined, token);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.message.map((e: { title: string }) => e.title);
    };
    const april = 'date_from=01.04.2030&date_to=30.04.2030';
    expect(await titles(`${april}&user_ids=${recruiter.userId}`)).toEqual([
      'С кандидатом',
      'С заказчиком',
    ]);
    expect(await titles(`${april}&user_id=${watcher.userId}`)).toEqual(['С заказчиком']);
    expect(
      await titles(`${april}&user_ids[]=${watcher.userId}&user_ids[]=${admin.userId}`),
    ).toEqual(['С заказчиком']);
    expect(
      await titles(`date_from=2030-04-04&date_to=2030-04-04&user_ids=${recruiter.userId}`),
    ).toEqual(['С заказчиком']);
    expect(await titles(`applicant_id=${applicantId}&${april}`)).toEqual(['С кандидатом']);
    expect(await titles(`vacancy_id=${vacancy.id}`)).toEqual(['С кандидатом']);
    // Without users named: the caller's own calendar — events they take part in or made.
    expect(await titles(april)).toEqual(['С кандидатом', 'С заказчиком']);
    expect(await titles(april, recruiter.token)).toEqual(['С кандидатом', 'С заказчиком']);

    // The hiring manager: their own calendar only.
    expect(await titles(april, watcher.token)).toEqual(['С заказчиком']);
    const refused = await api(
      'GET',
      `/api/events?${april}&user_ids=${recruiter.userId}`,
      undefined,
      watcher.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Нет прав на просмотр календарей коллег');
    expect(
      (await api('GET', `/api/events/${mine.body.message.id}`, undefined, watcher.token)).status,
    ).toBe(404);
    const seen = await api(
      'GET',
      `/api/events/${withWatcher.body.message.id}`,
      undefined,
      watcher.token,
    );
    expect(seen.body.message.can_edit).toBe(true);

    // A recruiter whose right is taken away sees only their own calendar too.
    await changeUserSettings(t.app, admin.token, recruiter.userId, {
      permissions_actions: { can_view_work_calendars: false },
    });
    const narrowed = await api(
      'GET',
      '/api/events/users_with_viewable_calendars',
      undefined,
      recruiter.token,
    );
    expect(narrowed.body.message.map((u: { id: number }) => u.id)).toEqual([recruiter.userId]);
    expect(
      (
        await api(
          'GET',
          `/api/events?${april}&user_ids=${admin.userId}`,
          undefined,
          recruiter.token,
        )
      ).status,
    ).toBe(403);
    await changeUserSettings(t.app, admin.token, recruiter.userId, {
      permissions_actions: { can_view_work_calendars: true },
    });

    // Seeing is not changing: a colleague who is neither author, participant nor admin.
    const colleague = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const other = await api(
      'PATCH',
      `/api/events/${mine.body.message.id}`,
      { title: 'Чужое' },
      colleague.token,
    );
    expect(other.status).toBe(403);
    expect(
      (await api('DELETE', `/api/events/${mine.body.message.id}`, undefined, colleague.token))
        .status,
    ).toBe(403);
  });

  it('refuses a period longer than a year or reversed', async () => {
    const long = await api('GET', '/api/events?date_from=01.01.2030&date_to=01.01.2032');
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Период — не больше 366 дней');
    const reversed = await api('GET', '/api/events?date_from=10.01.2030&date_to=01.01.2030');
    expect(reversed.status).toBe(400);
    const bad = await api('GET', '/api/events?date_from=31.02.2030');
    expect(bad.status).toBe(400);
  });
});

describe('events: the month view’s cost', () => {
  it('reads several calendars’ month — rights, zone, rows with their lists and names — in one transaction of three statements', async () => {
    for (const [day, from] of [
      ['04.06.2031', '10:00'],
      ['05.06.2031', '11:00'],
      ['06.06.2031', '12:00'],
    ] as const) {
      const saved = await api('POST', '/api/events', {
        title: 'Встреча месяца',
        data_mitting: day,
        time_begin: from,
        time_end: '12:45',
        admin_user_ids: [admin.userId, recruiter.userId],
        applicant_id: applicantId,
        guests: ['guest.month@example.ru'],
        reminders: [15, 60],
        send_invitations: false,
      });
      expect(saved.status).toBe(200);
    }
    const url = `/api/events?date_from=01.06.2031&date_to=30.06.2031&user_ids[]=${admin.userId}&user_ids[]=${recruiter.userId}`;
    const counter = countStatements(t.database);
    let month;
    try {
      month = await api('GET', url);
    } finally {
      counter.stop();
    }
    expect(month.status).toBe(200);
    expect(month.body.message).toHaveLength(3);
    expect(month.body.message[0]).toMatchObject({
      date: '2031-06-04',
      time_begin: '10:00',
      time_end: '12:45',
      admin_user_ids: [admin.userId, recruiter.userId].sort((a, b) => a - b),
      guests: [{ email: 'guest.month@example.ru', name: null }],
      reminders: [15, 60],
      applicant: { id: applicantId, name: 'Смирнова Анна' },
    });
    const reads = counter.dataStatements().filter((s) => !/from sessions s/.test(s));
    expect(reads, reads.join('\n---\n')).toHaveLength(3);
    // …in one tenant transaction (each opens with its role switch): one set of round trips.
    const transactions = counter.all().filter((s) => /^set local role/i.test(s));
    expect(transactions).toHaveLength(1);
  });

  it('answers every event of a calendar exactly as the event’s own read does (in the account’s zone)', async () => {
    const vacancy = await openVacancy(t.app, admin.token, { position: 'Аналитик' });
    const made: number[] = [];
    for (const body of [
      // Across midnight UTC (00:30 Moscow is 21:30 UTC the day before), with every list filled.
      {
        title: 'Ранняя',
        description: 'Текст',
        data_mitting: '02.07.2031',
        time_begin: '00:30',
        time_end: '01:15',
        applicant_id: applicantId,
        vacancy_id: vacancy.id,
        service: 'zoom',
        link: 'https://zoom.example/1',
        place: 'Переговорная',
        admin_user_ids: [recruiter.userId, admin.userId],
        guests: [{ email: 'b.guest@example.ru', name: 'Борис' }, 'a.guest@example.ru'],
        reminders: [60, 15],
      },
      // Nothing but the essentials: empty lists, no names; made by the recruiter.
      { title: 'Пустая', data_mitting: '03.07.2031', time_begin: '23:00', time_end: '23:59' },
    ]) {
      const token = body.title === 'Пустая' ? recruiter.token : admin.token;
      const saved = await api('POST', '/api/events', { ...body, send_invitations: false }, token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      made.push(saved.body.message.id);
    }
    const calendar = await api(
      'GET',
      `/api/events?date_from=01.07.2031&date_to=31.07.2031&user_ids=${admin.userId},${recruiter.userId}`,
    );
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    expect(calendar.body.message.map((e: { id: number }) => e.id)).toEqual(made);
    for (const event of calendar.body.message as { id: number }[]) {
      const own = await api('GET', `/api/events/${event.id}`);
      expect(event).toStrictEqual(own.body.message);
    }
    expect(calendar.body.message[0]).toMatchObject({
      data_mitting: '02.07.2031',
      time_begin: '00:30',
      starts_at: '2031-07-01T21:30:00.000Z',
      vacancy: { id: vacancy.id, position: 'Аналитик' },
      can_edit: true,
    });
    // The recruiter reads the admin's event they take part in: not the author, still a participant.
    const theirs = await api(
      'GET',
      `/api/events?date_from=01.07.2031&date_to=31.07.2031&user_id=${recruiter.userId}`,
      undefined,
      recruiter.token,
    );
    for (const event of theirs.body.message as { id: number }[]) {
      const own = await api('GET', `/api/events/${event.id}`, undefined, recruiter.token);
      expect(event).toStrictEqual(own.body.message);
    }
  });
});
