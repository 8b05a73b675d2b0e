import type { Locator, Page } from '@playwright/test';
import { addMember, uniqueEmail } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import type { Mail } from '../fixtures/control.ts';
import { icalEvent, icalInstant, icalValue } from '../fixtures/ical.ts';
import { boardCard, createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field } from '../fixtures/ui.ts';

// The calendar's journey (issue 15): an interview is set from the board by picking a slot in the
// week view; the colleague taking part and the applicant get the .ics invitation (caught by the
// harness's SMTP server), moved by dragging it they get the update, deleted — the cancellation.

const HOUR_PX = 48; // the day column's hour (features/events/time-grid.tsx)

/** Today in Moscow, where the account and the browser (playwright.config.ts) live. */
function moscowToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Wednesday of next week: always ahead, whatever today is. */
function nextWednesday(): string {
  const today = moscowToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return addDays(today, 7 - weekday + 2);
}

/** The point of a time of day inside a day column (its box spans the whole day, scrolled). */
async function pointAt(column: Locator, minutes: number) {
  const box = await column.boundingBox();
  if (!box) throw new Error('the day column is not drawn');
  return { x: box.x + box.width / 2, y: box.y + (minutes / 60) * HOUR_PX + 4 };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, (from.y + to.y) / 2, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 4 });
  await page.mouse.up();
}

const compact = (iso: string) => iso.replaceAll('-', '');

/** The invitation to `to` that matches, parsed. */
async function invitation(
  waitForMail: (match: (mail: Mail) => boolean, description: string) => Promise<Mail>,
  to: string,
  match: (calendar: string) => boolean,
  description: string,
) {
  const mail = await waitForMail(
    (m) => m.to.includes(to) && Boolean(m.calendar) && match(m.calendar!),
    `${description} to ${to}`,
  );
  return { mail, calendar: mail.calendar!, event: icalEvent(mail.calendar!) };
}

test('an interview picked on the week view from the board sends invitations, a drag sends the update, deleting the cancellation', async ({
  page,
  request,
  signedIn,
  control,
}) => {
  const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
  const applicantEmail = uniqueEmail('applicant');
  const applicant = await createApplicant(request, signedIn.token, {
    last_name: 'Календарёва',
    first_name: 'Мария',
    email: applicantEmail,
  });
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Тестировщик' });
  await placeApplicant(request, signedIn.token, applicant.id, vacancy.id);
  const day = nextWednesday();

  await test.step('from the board card menu to the week view', async () => {
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    await boardCard(page, applicant.name)
      .getByRole('button', { name: `Действия: ${applicant.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Назначить встречу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Назначить встречу' });
    await expect(field(dialog, 'Название')).toHaveValue(`Собеседование: ${applicant.name}`);
    await dialog.getByRole('link', { name: 'Выбрать время в календаре' }).click();
    await expectPath(page, '/events');
    await expect(
      page.getByRole('status').filter({ hasText: `с кандидатом ${applicant.name}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Вперёд' }).click();
  });

  await test.step('a slot picked by dragging over Wednesday 10:00–11:00', async () => {
    const column = page.locator(`[data-grid-column][data-date="${day}"]`);
    await expect(column).toBeVisible();
    await drag(page, await pointAt(column, 10 * 60), await pointAt(column, 10 * 60 + 45));
    const dialog = page.getByRole('dialog', { name: 'Назначить встречу' });
    await expect(field(dialog, 'Дата')).toHaveValue(day);
    await expect(field(dialog, 'Начало')).toHaveValue('10:00');
    await expect(field(dialog, 'Окончание')).toHaveValue('11:00');
    await expect(field(dialog, 'Название')).toHaveValue(`Собеседование: ${applicant.name}`);
    await expect(field(dialog, 'Вакансия')).toHaveValue(String(vacancy.id));
    await dialog.getByRole('checkbox', { name: colleague.name }).check();
    await dialog.getByRole('button', { name: 'Назначить' }).click();
    await expect(dialog).toBeHidden();
  });

  const block = page.getByRole('button', { name: new RegExp(`^Собеседование: ${applicant.name}`) });
  await expect(block).toHaveAccessibleName(/10:00–11:00/);

  const first = await test.step('the colleague and the applicant get the invitation', async () => {
    const sent = [];
    for (const to of [colleague.email, applicantEmail]) {
      const got = await invitation(
        control.waitForMail,
        to,
        (ics) => /METHOD:REQUEST/.test(ics),
        'the invitation',
      );
      expect(icalValue(got.event, 'DTSTART').params.TZID).toBe('Europe/Moscow');
      expect(icalValue(got.event, 'DTSTART').value).toBe(`${compact(day)}T100000`);
      expect(icalValue(got.event, 'DTEND').value).toBe(`${compact(day)}T110000`);
      // Moscow is UTC+3 all year: 10:00 there is 07:00 UTC.
      expect(icalInstant(got.calendar, icalValue(got.event, 'DTSTART'))).toBe(
        `${day}T07:00:00.000Z`,
      );
      expect(icalValue(got.event, 'SUMMARY').value).toContain('Собеседование');
      sent.push(got);
    }
    const uid = icalValue(sent[0]!.event, 'UID').value;
    expect(icalValue(sent[1]!.event, 'UID').value).toBe(uid);
    return { uid, sequence: Number(icalValue(sent[0]!.event, 'SEQUENCE').value) };
  });

  await test.step('dragged an hour later: the update, SEQUENCE higher', async () => {
    const box = (await block.boundingBox())!;
    const from = { x: box.x + box.width / 2, y: box.y + 10 };
    await drag(page, from, { x: from.x, y: from.y + HOUR_PX });
    await expect(block).toHaveAccessibleName(/11:00–12:00/);
    for (const to of [colleague.email, applicantEmail]) {
      const got = await invitation(
        control.waitForMail,
        to,
        (ics) =>
          ics.includes(`UID:${first.uid}`) &&
          /METHOD:REQUEST/.test(ics) &&
          icalValue(icalEvent(ics), 'DTSTART').value === `${compact(day)}T110000`,
        'the update',
      );
      expect(Number(icalValue(got.event, 'SEQUENCE').value)).toBeGreaterThan(first.sequence);
      expect(icalValue(got.event, 'DTSTART').value).toBe(`${compact(day)}T110000`);
      expect(icalValue(got.event, 'DTEND').value).toBe(`${compact(day)}T120000`);
    }
  });

  await test.step('its lower edge dragged half an hour down: longer', async () => {
    const box = (await block.boundingBox())!;
    const edge = { x: box.x + box.width / 2, y: box.y + box.height - 3 };
    await drag(page, edge, { x: edge.x, y: edge.y + HOUR_PX / 2 });
    await expect(block).toHaveAccessibleName(/11:00–12:30/);
    const got = await invitation(
      control.waitForMail,
      colleague.email,
      (ics) =>
        ics.includes(`UID:${first.uid}`) &&
        icalValue(icalEvent(ics), 'DTEND').value === `${compact(day)}T123000`,
      'the longer meeting',
    );
    expect(icalValue(got.event, 'DTSTART').value).toBe(`${compact(day)}T110000`);
  });

  await test.step('deleted: the cancellation', async () => {
    await block.click();
    const dialog = page.getByRole('dialog', { name: 'Встреча' });
    await dialog.getByRole('button', { name: 'Удалить встречу' }).click();
    await page
      .getByRole('dialog', { name: 'Удалить встречу?' })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await expect(block).toBeHidden();
    for (const to of [colleague.email, applicantEmail]) {
      const got = await invitation(
        control.waitForMail,
        to,
        (ics) => ics.includes(`UID:${first.uid}`) && /METHOD:CANCEL/.test(ics),
        'the cancellation',
      );
      expect(icalValue(got.event, 'STATUS').value).toBe('CANCELLED');
      expect(Number(icalValue(got.event, 'SEQUENCE').value)).toBeGreaterThan(first.sequence);
    }
  });
});
