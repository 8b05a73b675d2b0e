import { describe, expect, it } from 'vitest';
import { instantOf, offsetMinutes } from './event-time.ts';
import {
  type IcalEvent,
  buildIcal,
  escapeText,
  foldLine,
  icalChild,
  icalProp,
  parseIcal,
  unescapeText,
} from './ical.ts';

const base: IcalEvent = {
  uid: '7f1c2a90-0000-4000-8000-000000000001@ats.example.ru',
  sequence: 0,
  method: 'REQUEST',
  // 20.03.2030 16:26–17:30 in Moscow (UTC+3).
  startsAt: new Date('2030-03-20T13:26:00Z'),
  endsAt: new Date('2030-03-20T14:30:00Z'),
  timeZone: 'Europe/Moscow',
  summary: 'Интервью: аналитик, этап 2; финал',
  description: 'Кейс по SQL\nвторая строка \\ с обратной чертой',
  location: 'Москва, ул. Тверская, 1',
  url: 'https://telemost.yandex.ru/j/777',
  organizer: { email: 'olga@company.example', name: 'Ольга Петрова' },
  attendees: [
    { email: 'anna@example.ru', name: 'Смирнова Анна' },
    { email: 'guest@partner.example' },
  ],
  stamp: new Date('2026-11-27T04:30:00Z'),
};

describe('the iCalendar builder (RFC 5545/5546)', () => {
  it('writes a REQUEST that parses back with Moscow local times and its VTIMEZONE', () => {
    const text = buildIcal(base);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const calendar = parseIcal(text);
    expect(calendar.name).toBe('VCALENDAR');
    expect(icalProp(calendar, 'VERSION')?.value).toBe('2.0');
    expect(icalProp(calendar, 'METHOD')?.value).toBe('REQUEST');
    expect(icalProp(calendar, 'PRODID')?.value).toMatch(/^-\/\/ATS\/\//);

    const tz = icalChild(calendar, 'VTIMEZONE')!;
    expect(icalProp(tz, 'TZID')?.value).toBe('Europe/Moscow');
    const standard = icalChild(tz, 'STANDARD')!;
    expect(icalProp(standard, 'TZOFFSETFROM')?.value).toBe('+0300');
    expect(icalProp(standard, 'TZOFFSETTO')?.value).toBe('+0300');
    expect(icalProp(standard, 'TZNAME')?.value).toBe('MSK');

    const event = icalChild(calendar, 'VEVENT')!;
    expect(icalProp(event, 'UID')?.value).toBe(base.uid);
    expect(icalProp(event, 'SEQUENCE')?.value).toBe('0');
    expect(icalProp(event, 'DTSTAMP')?.value).toBe('20261127T043000Z');
    expect(icalProp(event, 'DTSTART')).toEqual({
      name: 'DTSTART',
      params: { TZID: 'Europe/Moscow' },
      value: '20300320T162600',
    });
    expect(icalProp(event, 'DTEND')?.value).toBe('20300320T173000');
    expect(unescapeText(icalProp(event, 'SUMMARY')!.value)).toBe(base.summary);
    expect(unescapeText(icalProp(event, 'DESCRIPTION')!.value)).toBe(base.description);
    expect(unescapeText(icalProp(event, 'LOCATION')!.value)).toBe(base.location);
    expect(icalProp(event, 'STATUS')?.value).toBe('CONFIRMED');
    expect(icalProp(event, 'ORGANIZER')).toEqual({
      name: 'ORGANIZER',
      params: { CN: 'Ольга Петрова' },
      value: 'mailto:olga@company.example',
    });
    const attendees = event.properties.filter((p) => p.name === 'ATTENDEE');
    expect(attendees.map((a) => a.value)).toEqual([
      'mailto:anna@example.ru',
      'mailto:guest@partner.example',
    ]);
    expect(attendees[0]!.params).toMatchObject({
      CN: 'Смирнова Анна',
      ROLE: 'REQ-PARTICIPANT',
      PARTSTAT: 'NEEDS-ACTION',
      RSVP: 'TRUE',
    });
  });

  it('writes a CANCEL with the same UID, a higher SEQUENCE and STATUS:CANCELLED', () => {
    const calendar = parseIcal(buildIcal({ ...base, method: 'CANCEL', sequence: 3 }));
    expect(icalProp(calendar, 'METHOD')?.value).toBe('CANCEL');
    const event = icalChild(calendar, 'VEVENT')!;
    expect(icalProp(event, 'UID')?.value).toBe(base.uid);
    expect(icalProp(event, 'SEQUENCE')?.value).toBe('3');
    expect(icalProp(event, 'STATUS')?.value).toBe('CANCELLED');
    expect(event.properties.find((p) => p.name === 'ATTENDEE')?.params.RSVP).toBeUndefined();
  });

  it('escapes TEXT, quotes parameters and folds long lines without splitting a character', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(unescapeText(escapeText('a,b;c\\d\ne'))).toBe('a,b;c\\d\ne');
    const long = `SUMMARY:${'Собеседование '.repeat(20)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n ').join('')).toBe(long);
    for (const line of folded.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }
    const quoted = parseIcal(
      buildIcal({ ...base, organizer: { email: 'a@b.ru', name: 'ООО «Ромашка»: отдел; кадры' } }),
    );
    expect(icalProp(icalChild(quoted, 'VEVENT')!, 'ORGANIZER')?.params.CN).toBe(
      'ООО «Ромашка»: отдел; кадры',
    );
    expect(() => parseIcal('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VCALENDAR\r\n')).toThrow();
  });

  it('writes another zone with its own offset (Yekaterinburg, UTC+5)', () => {
    const startsAt = instantOf('2030-03-20', '10:00', 'Asia/Yekaterinburg');
    expect(startsAt.toISOString()).toBe('2030-03-20T05:00:00.000Z');
    expect(offsetMinutes(startsAt, 'Asia/Yekaterinburg')).toBe(300);
    const calendar = parseIcal(
      buildIcal({
        ...base,
        timeZone: 'Asia/Yekaterinburg',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
      }),
    );
    const tz = icalChild(calendar, 'VTIMEZONE')!;
    expect(icalProp(icalChild(tz, 'STANDARD')!, 'TZOFFSETTO')?.value).toBe('+0500');
    expect(icalProp(icalChild(calendar, 'VEVENT')!, 'DTSTART')?.value).toBe('20300320T100000');
  });
});
