import { describe, expect, it } from 'vitest';
import { freeSlots, wallClockInstant, wallClockOf } from './booking-slots.ts';

const MSK = 'Europe/Moscow';
const at = (iso: string) => Date.parse(iso);
const times = (slots: { start: number }[]) => slots.map((s) => wallClockOf(s.start, MSK).time);

describe('booking slot maths', () => {
  it('reads the wall clock of Moscow (UTC+3, no DST) both ways', () => {
    expect(new Date(wallClockInstant('2026-12-01', '09:00', MSK)).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
    expect(wallClockOf(at('2026-12-01T21:30:00Z'), MSK)).toEqual({
      date: '2026-12-02',
      time: '00:30',
    });
  });

  it('follows a DST edge in a zone that has one', () => {
    // Berlin: 29 March 2026 moves from UTC+1 to UTC+2 at 02:00.
    expect(new Date(wallClockInstant('2026-03-28', '10:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
    expect(new Date(wallClockInstant('2026-03-30', '10:00', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('cuts the working hours into meetings on a half-hour grid', () => {
    const slots = freeSlots({
      days: [{ date: '2026-12-01', from: '09:00', to: '12:00' }],
      timeZone: MSK,
      durationMinutes: 60,
      busy: [],
      notBefore: 0,
    });
    expect(times(slots)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00']);
    expect(slots.every((s) => s.end - s.start === 3_600_000)).toBe(true);
  });

  it('short meetings step by their own length', () => {
    const slots = freeSlots({
      days: [{ date: '2026-12-01', from: '09:00', to: '10:00' }],
      timeZone: MSK,
      durationMinutes: 15,
      busy: [],
      notBefore: 0,
    });
    expect(times(slots)).toEqual(['09:00', '09:15', '09:30', '09:45']);
  });

  it('drops slots overlapping a busy interval but keeps those touching it', () => {
    const slots = freeSlots({
      days: [{ date: '2026-12-01', from: '09:00', to: '13:00' }],
      timeZone: MSK,
      durationMinutes: 60,
      busy: [{ start: at('2026-12-01T07:00:00Z'), end: at('2026-12-01T08:00:00Z') }], // 10–11 MSK
      notBefore: 0,
    });
    expect(times(slots)).toEqual(['09:00', '11:00', '11:30', '12:00']);
  });

  it('a busy interval of any interviewer counts, in any order, and empty ones do not', () => {
    const slots = freeSlots({
      days: [{ date: '2026-12-01', from: '09:00', to: '11:00' }],
      timeZone: MSK,
      durationMinutes: 30,
      busy: [
        { start: at('2026-12-01T07:30:00Z'), end: at('2026-12-01T08:00:00Z') },
        { start: at('2026-12-01T06:00:00Z'), end: at('2026-12-01T06:30:00Z') },
        { start: at('2026-12-01T07:00:00Z'), end: at('2026-12-01T07:00:00Z') },
      ],
      notBefore: 0,
    });
    expect(times(slots)).toEqual(['09:30', '10:00']);
  });

  it('offers nothing sooner than notBefore and only the days given', () => {
    const slots = freeSlots({
      days: [
        { date: '2026-12-01', from: '09:00', to: '12:00' },
        { date: '2026-12-03', from: '09:00', to: '10:00' },
      ],
      timeZone: MSK,
      durationMinutes: 60,
      busy: [],
      notBefore: at('2026-12-01T07:45:00Z'), // 10:45 MSK
    });
    expect(slots.map((s) => wallClockOf(s.start, MSK))).toEqual([
      { date: '2026-12-01', time: '11:00' },
      { date: '2026-12-03', time: '09:00' },
    ]);
  });

  it('a meeting longer than the day offers nothing that day', () => {
    expect(
      freeSlots({
        days: [{ date: '2026-12-01', from: '09:00', to: '10:00' }],
        timeZone: MSK,
        durationMinutes: 90,
        busy: [],
        notBefore: 0,
      }),
    ).toEqual([]);
  });
});
