import { Link } from 'react-router';
import type { THome } from '@ats/contracts/home';

type HomeEvent = THome['events'][number];

function localIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** «Сегодня», «Завтра», or the day itself when the answer crossed midnight. */
export function dayLabel(date: string, now = new Date()): string {
  const tomorrow = new Date(now);
  tomorrow.setDate(now.getDate() + 1);
  if (date === localIso(now)) return 'Сегодня';
  if (date === localIso(tomorrow)) return 'Завтра';
  return `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;
}

/** «Встречи»: the caller's meetings of today and tomorrow, by day, each linked to the calendar. */
export function HomeEvents({ events }: { events: HomeEvent[] }) {
  if (events.length === 0) {
    return (
      <p className="text-sm text-zinc-500">
        Сегодня и завтра встреч нет.{' '}
        <Link to="/events" className="text-indigo-600 underline underline-offset-2">
          Открыть календарь
        </Link>
      </p>
    );
  }
  const days = [...new Set(events.map((event) => event.date))];
  return (
    <div className="flex flex-col gap-3">
      {days.map((date) => (
        <section key={date} aria-label={dayLabel(date)} className="flex flex-col gap-1.5">
          <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
            {dayLabel(date)}
          </h3>
          <ul className="flex flex-col gap-2">
            {events
              .filter((event) => event.date === date)
              .map((event) => (
                <li key={event.id} className="flex items-baseline gap-3 text-sm">
                  <span className="w-24 shrink-0 text-zinc-600 tabular-nums">
                    {event.time_begin}–{event.time_end}
                  </span>
                  <span className="min-w-0 flex-1">
                    <Link
                      to={`/events?view=day&date=${event.date}`}
                      className="font-medium text-zinc-900 hover:text-indigo-600"
                    >
                      {event.title}
                    </Link>
                    {event.applicant && (
                      <>
                        {' · '}
                        <Link
                          to={`/applicant/${event.applicant.id}`}
                          className="text-indigo-600 underline underline-offset-2"
                        >
                          {event.applicant.name}
                        </Link>
                      </>
                    )}
                    {event.vacancy && (
                      <span className="text-zinc-500"> · {event.vacancy.position}</span>
                    )}
                    {event.place && <span className="text-zinc-500"> · {event.place}</span>}
                  </span>
                  {event.link && (
                    <a
                      href={event.link}
                      target="_blank"
                      rel="noreferrer"
                      className="shrink-0 text-indigo-600 hover:underline"
                    >
                      Подключиться
                    </a>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
