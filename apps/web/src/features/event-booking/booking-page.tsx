import { useMemo, useState, type ReactNode } from 'react';
import type { TBookedSlot, TBookingSlot, TPublicBooking } from '@ats/contracts/event-booking';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Spinner } from '@ats/ui/spinner';
import { THROWN_ERROR_CODE } from '../../shared/api-client';
import { FormAlert } from '../../shared/auth-card';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useBookSlot, usePublicBooking } from './event-booking.queries';
import { FocusedHeading, PublicSheet } from '../../shared/public-sheet';

const dayLabel = new Intl.DateTimeFormat('ru-RU', {
  weekday: 'short',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const longDayLabel = new Intl.DateTimeFormat('ru-RU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** «пн, 28 декабря» of a YYYY-MM-DD date (the company's calendar day, not the viewer's). */
export const formatDay = (date: string, long = false) =>
  (long ? longDayLabel : dayLabel).format(new Date(`${date}T00:00:00Z`));

export const zoneNote = (timeZone: string) =>
  timeZone === 'Europe/Moscow' ? 'по московскому времени' : `по часовому поясу ${timeZone}`;

/** The slots by day, days in order. */
export function slotsByDay(slots: TBookingSlot[]) {
  const days = new Map<string, TBookingSlot[]>();
  for (const slot of slots) {
    const list = days.get(slot.date) ?? [];
    list.push(slot);
    days.set(slot.date, list);
  }
  return [...days.entries()];
}

/** Unknown, revoked (404) and used or expired (410) links: their own message, nothing to retry. */
const isRefusedLink = (code: number) => code === 404 || code === 410;

function Failure({
  code,
  message,
  onRetry,
}: {
  code: number;
  message: string;
  onRetry: () => void;
}) {
  if (isRefusedLink(code)) {
    return (
      <PublicSheet>
        <FocusedHeading>{message}</FocusedHeading>
        <p className="mt-3 text-sm text-zinc-700">
          По этой ссылке записаться нельзя. Если встреча ещё нужна, попросите рекрутера прислать
          новую ссылку.
        </p>
      </PublicSheet>
    );
  }
  return (
    <PublicSheet>
      <FocusedHeading>Не удалось открыть запись на встречу</FocusedHeading>
      <p className="mt-3 text-sm text-zinc-700">{message}</p>
      <p className="mt-1 text-sm text-zinc-700">
        {code === THROWN_ERROR_CODE
          ? 'Проверьте подключение к интернету и попробуйте ещё раз.'
          : 'Попробуйте ещё раз чуть позже.'}
      </p>
      <Button className="mt-5" onClick={onRetry}>
        Повторить
      </Button>
    </PublicSheet>
  );
}

function Done({ booked }: { booked: TBookedSlot }) {
  return (
    <PublicSheet label="Запись подтверждена">
      <FocusedHeading>Вы записаны на встречу</FocusedHeading>
      <p className="mt-3 text-sm text-zinc-700">
        {booked.title}: {formatDay(booked.date, true)}, {booked.time} {zoneNote(booked.time_zone)}.
      </p>
      <p className="mt-2 text-sm text-zinc-700">
        Приглашение с подробностями придёт вам на почту. Страницу можно закрыть.
      </p>
    </PublicSheet>
  );
}

/** One choice of a radio group drawn as a chip; the native radio keeps arrows and Space working. */
function Chip({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <label className="relative cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="peer sr-only"
      />
      <span
        className={cx(
          'inline-flex min-h-10 items-center rounded-lg px-3 text-sm ring-1 transition-colors',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-focus-visible:ring-offset-2',
          checked
            ? 'bg-zinc-900 text-white ring-zinc-900'
            : 'bg-white text-zinc-800 ring-zinc-300 hover:bg-zinc-50',
        )}
      >
        {children}
      </span>
    </label>
  );
}

function SlotPicker({
  token,
  booking,
  onBooked,
  onLinkRefused,
  onTaken,
  taken,
}: {
  token: string;
  booking: TPublicBooking;
  onBooked: (booked: TBookedSlot) => void;
  onLinkRefused: (failure: { code: number; message: string }) => void;
  onTaken: (message: string) => void;
  taken: string | null;
}) {
  const days = useMemo(() => slotsByDay(booking.slots), [booking.slots]);
  const [day, setDay] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bookSlot = useBookSlot(token);
  const shownDay = days.find(([date]) => date === day) ?? days[0];
  const chosen = shownDay?.[1].find((slot) => slot.start === start) ?? null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError('Выберите время встречи');
      return;
    }
    setError(null);
    const result = await bookSlot.mutateAsync({ start: chosen.start });
    if (result.ok) {
      onBooked(result.data);
      return;
    }
    if (result.code === 409) {
      setStart(null);
      onTaken(result.message);
      return;
    }
    if (isRefusedLink(result.code)) {
      onLinkRefused({ code: result.code, message: result.message });
      return;
    }
    setError(result.message);
  }

  if (days.length === 0) {
    return (
      <>
        {taken && <FormAlert message={`${taken}. Выберите другое время.`} />}
        <p className="mt-5 text-sm text-zinc-700">
          Свободного времени больше нет. Напишите рекрутеру, чтобы договориться о встрече.
        </p>
      </>
    );
  }

  return (
    <form className="mt-5 flex flex-col gap-5" onSubmit={(e) => void submit(e)} noValidate>
      {taken && <FormAlert message={`${taken}. Список свободного времени обновлён.`} />}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-zinc-800">День</legend>
        <div className="flex flex-wrap gap-2">
          {days.map(([date]) => (
            <Chip
              key={date}
              name="booking-day"
              value={date}
              checked={date === shownDay?.[0]}
              onChange={(value) => {
                setDay(value);
                setStart(null);
              }}
            >
              {formatDay(date)}
            </Chip>
          ))}
        </div>
      </fieldset>
      {shownDay && (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-zinc-800">
            Время, {formatDay(shownDay[0], true)}
          </legend>
          <div className="flex flex-wrap gap-2">
            {shownDay[1].map((slot) => (
              <Chip
                key={slot.start}
                name="booking-time"
                value={slot.start}
                checked={slot.start === start}
                onChange={setStart}
              >
                {slot.time}
              </Chip>
            ))}
          </div>
        </fieldset>
      )}
      <FormAlert message={error ?? undefined} />
      <div>
        <Button type="submit" loading={bookSlot.isPending} disabled={bookSlot.isPending}>
          {chosen ? `Записаться: ${formatDay(chosen.date)}, ${chosen.time}` : 'Записаться'}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/booking/{token}`: the applicant picks a free slot of the interviewers from the recruiter's
 * link — no sign-in. A slot someone took meanwhile is refused with the fresh slots shown.
 */
export function BookingPage({ token }: { token: string }) {
  useDocumentTitle('Запись на встречу');
  const booking = usePublicBooking(token);
  const [booked, setBooked] = useState<TBookedSlot | null>(null);
  const [refused, setRefused] = useState<{ code: number; message: string } | null>(null);
  const [taken, setTaken] = useState<string | null>(null);

  if (booked) return <Done booked={booked} />;
  if (refused) return <Failure {...refused} onRetry={() => setRefused(null)} />;
  if (booking.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загружаем свободное время" />
      </div>
    );
  }
  if (booking.isError) {
    const { error } = booking;
    const code = 'code' in error && typeof error.code === 'number' ? error.code : 0;
    return <Failure code={code} message={error.message} onRetry={() => void booking.refetch()} />;
  }
  const data = booking.data;
  return (
    <PublicSheet label="Запись на встречу">
      <p className="text-sm text-zinc-500">{data.company}</p>
      <FocusedHeading>{data.title}</FocusedHeading>
      <p className="mt-2 text-sm text-zinc-700">
        Выберите удобные день и время. Встреча длится {data.duration} мин
        {data.interviewers.length > 0 && <>, с вами будут: {data.interviewers.join(', ')}</>}. Время
        указано {zoneNote(data.time_zone)}.
      </p>
      <SlotPicker
        key={booking.dataUpdatedAt}
        token={token}
        booking={data}
        onBooked={setBooked}
        onLinkRefused={setRefused}
        onTaken={(message) => {
          setTaken(message);
          void booking.refetch();
        }}
        taken={taken}
      />
      <p className="mt-4 text-xs text-zinc-500">Ссылка действует до одной записи.</p>
    </PublicSheet>
  );
}
