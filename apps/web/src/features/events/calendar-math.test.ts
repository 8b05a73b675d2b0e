import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  conflictingIds,
  formatTime,
  isWorkingDay,
  minutesToOffset,
  monthGrid,
  moveRange,
  offHours,
  offsetToMinutes,
  overlapLanes,
  parseTime,
  resizeRange,
  selectionRange,
  startOfWeek,
  toIsoDate,
  toRuDate,
  weekDays,
  type TimeScale,
  type WorkCalendar,
} from './calendar-math';

const scale: TimeScale = { fromHour: 8, toHour: 20, hourHeight: 48 };

describe('slots and times', () => {
  it('turns an offset in the day column into the slot under it, and back', () => {
    expect(offsetToMinutes(0, scale)).toBe(8 * 60);
    // 2.5 hours down the column, at 48 px an hour: 10:30.
    expect(offsetToMinutes(120, scale)).toBe(10 * 60 + 30);
    // Inside a slot it is the slot's start: 10:44 → 10:30.
    expect(offsetToMinutes(120 + 11.2, scale)).toBe(10 * 60 + 30);
    expect(minutesToOffset(10 * 60 + 30, scale)).toBe(120);
    expect(offsetToMinutes(-10, scale)).toBe(8 * 60);
    expect(offsetToMinutes(10_000, scale)).toBe(20 * 60);
  });

  it('reads and writes ЧЧ:ММ', () => {
    expect(parseTime('16:26')).toBe(986);
    expect(parseTime('9:05')).toBe(545);
    expect(parseTime('16:26:00')).toBe(986);
    expect(parseTime('25:00')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('полдень')).toBeNull();
    expect(formatTime(986)).toBe('16:26');
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(24 * 60)).toBe('24:00');
  });

  it('selects from the earlier slot to the end of the later, dragged either way', () => {
    expect(selectionRange(600, 660)).toEqual({ start: 600, end: 675 });
    expect(selectionRange(660, 600)).toEqual({ start: 600, end: 675 });
    expect(selectionRange(600, 600)).toEqual({ start: 600, end: 615 });
  });

  it('moves keeping the length inside the day, resizes never below a slot', () => {
    expect(moveRange({ start: 600, end: 660 }, 30)).toEqual({ start: 630, end: 690 });
    expect(moveRange({ start: 600, end: 660 }, -700)).toEqual({ start: 0, end: 60 });
    expect(moveRange({ start: 1380, end: 1430 }, 60)).toEqual({ start: 1390, end: 1440 });
    expect(resizeRange({ start: 600, end: 660 }, 45)).toEqual({ start: 600, end: 705 });
    expect(resizeRange({ start: 600, end: 660 }, -120)).toEqual({ start: 600, end: 615 });
  });
});

describe('dates', () => {
  it('reads data_mitting as DD.MM.YYYY or ISO and refuses days that do not exist', () => {
    expect(toIsoDate('12.10.2024')).toBe('2024-10-12');
    expect(toIsoDate('2024-10-12')).toBe('2024-10-12');
    expect(toIsoDate('31.02.2025')).toBeNull();
    expect(toRuDate('2024-10-12')).toBe('12.10.2024');
  });

  it('starts weeks on Monday', () => {
    // 27.11.2026 is a Friday.
    expect(startOfWeek('2026-11-27')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    // A Sunday belongs to the week that began six days earlier.
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
    expect(weekDays('2026-12-31')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('lays a month out in whole weeks, Monday first', () => {
    const november = monthGrid('2026-11-15');
    // 1.11.2026 is a Sunday: the first row begins on Monday 26 October.
    expect(november[0]![0]).toBe('2026-10-26');
    expect(november[0]![6]).toBe('2026-11-01');
    expect(november.at(-1)![6]).toBe('2026-12-06');
    expect(november).toHaveLength(6);
    expect(november.every((week) => week.length === 7)).toBe(true);
    // February 2027 begins on a Monday and has exactly four weeks.
    expect(monthGrid('2027-02-10')).toHaveLength(4);
    expect(monthGrid('2027-02-10')[0]![0]).toBe('2027-02-01');
  });

  it('steps days and months across year ends and short months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-01');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-01');
  });
});

describe('overlap lanes', () => {
  it('puts overlapping events side by side and lets the cluster share its width', () => {
    const lanes = overlapLanes([
      { id: 1, start: 600, end: 660 },
      { id: 2, start: 630, end: 690 },
      { id: 3, start: 670, end: 700 },
      { id: 4, start: 800, end: 830 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(2)).toEqual({ lane: 1, lanes: 2 });
    // 3 starts after 1 ended: it reuses the first lane within the same cluster.
    expect(lanes.get(3)).toEqual({ lane: 0, lanes: 2 });
    expect(lanes.get(4)).toEqual({ lane: 0, lanes: 1 });
  });

  it('does not count touching ends as an overlap', () => {
    const lanes = overlapLanes([
      { id: 1, start: 600, end: 660 },
      { id: 2, start: 660, end: 720 },
    ]);
    expect(lanes.get(1)).toEqual({ lane: 0, lanes: 1 });
    expect(lanes.get(2)).toEqual({ lane: 0, lanes: 1 });
  });

  it('opens a third lane when three events meet', () => {
    const lanes = overlapLanes([
      { id: 1, start: 600, end: 720 },
      { id: 2, start: 610, end: 700 },
      { id: 3, start: 620, end: 640 },
    ]);
    expect([1, 2, 3].map((id) => lanes.get(id)!.lane)).toEqual([0, 1, 2]);
    expect(lanes.get(3)!.lanes).toBe(3);
  });
});

describe('conflicts', () => {
  it('marks events of one person that overlap on the same day', () => {
    const clashes = conflictingIds([
      { id: 1, date: '2026-11-27', start: 600, end: 660, people: [5] },
      { id: 2, date: '2026-11-27', start: 630, end: 690, people: [5, 6] },
      { id: 3, date: '2026-11-27', start: 630, end: 690, people: [7] },
      { id: 4, date: '2026-11-28', start: 600, end: 660, people: [5] },
      { id: 5, date: '2026-11-27', start: 690, end: 720, people: [6] },
    ]);
    expect([...clashes].sort()).toEqual([1, 2]);
  });
});

describe('the production calendar', () => {
  const calendar: WorkCalendar = {
    work_days: [1, 2, 3, 4, 5],
    days: [
      { date: '2026-11-04', is_working: false, name: 'День народного единства', type: 'holiday' },
      { date: '2026-11-03', is_working: true, name: null, type: 'short_day' },
      { date: '2026-11-28', is_working: true, name: null, type: 'working_weekend' },
    ],
  };
  const hours = { from: 9 * 60, to: 18 * 60 };

  it('knows holidays, worked Saturdays and the ordinary week', () => {
    expect(isWorkingDay('2026-11-04', calendar)).toBe(false);
    expect(isWorkingDay('2026-11-28', calendar)).toBe(true);
    expect(isWorkingDay('2026-11-29', calendar)).toBe(false);
    expect(isWorkingDay('2026-11-27', calendar)).toBe(true);
  });

  it('shades the hours outside the working day, the whole day off, an hour more on a short day', () => {
    expect(offHours('2026-11-27', calendar, hours)).toEqual([
      { start: 0, end: 540 },
      { start: 1080, end: 1440 },
    ]);
    expect(offHours('2026-11-04', calendar, hours)).toEqual([{ start: 0, end: 1440 }]);
    expect(offHours('2026-11-03', calendar, hours)).toEqual([
      { start: 0, end: 540 },
      { start: 1020, end: 1440 },
    ]);
  });
});
