import { Fragment, useState } from 'react';
import { AUDIT_ACTION_LABELS, type TAuditEvent } from '@ats/contracts/audit';
import { Button } from '@ats/ui/button';
import { actorLabel, changeLines, describeBrowser } from './audit-format';

const when = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function EventDetails({ event }: { event: TAuditEvent }) {
  const lines = changeLines(event.changes);
  return (
    <div className="flex flex-col gap-2 text-sm">
      {lines.length === 0 ? (
        <p className="text-zinc-500">Подробностей нет.</p>
      ) : (
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[minmax(12rem,auto)_1fr]">
          {lines.map((line) => (
            <Fragment key={line.key}>
              <dt className="font-medium text-zinc-700">{line.label}</dt>
              <dd className="text-zinc-900">
                {line.from === null ? (
                  line.to
                ) : (
                  <>
                    <span className="text-zinc-500 line-through">{line.from}</span>
                    {' → '}
                    <span>{line.to}</span>
                  </>
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
      {event.user_agent && (
        <p className="text-xs break-all text-zinc-500">Браузер: {event.user_agent}</p>
      )}
    </div>
  );
}

/** When, who, what, from where; a row opens to show what changed. */
export function AuditTable({ events }: { events: TAuditEvent[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <thead className="bg-zinc-50 text-left text-xs font-semibold tracking-wide text-zinc-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              Когда
            </th>
            <th scope="col" className="px-4 py-3">
              Кто
            </th>
            <th scope="col" className="px-4 py-3">
              Что
            </th>
            <th scope="col" className="px-4 py-3">
              Откуда
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Подробности</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {events.map((event) => {
            const expanded = open === event.id;
            const detailsId = `audit-event-${event.id}`;
            return (
              <Fragment key={event.id}>
                <tr className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                    <time dateTime={event.occurred_at}>
                      {when.format(new Date(event.occurred_at))}
                    </time>
                  </td>
                  <td className="px-4 py-3">
                    <span className="font-medium text-zinc-900">{actorLabel(event)}</span>
                    {event.actor?.name && event.actor.name !== event.actor.email && (
                      <span className="block text-xs text-zinc-500">{event.actor.email}</span>
                    )}
                  </td>
                  <td className="px-4 py-3">
                    <span className="block text-xs font-medium text-indigo-700">
                      {AUDIT_ACTION_LABELS[event.action]}
                    </span>
                    <span className="text-zinc-900">{event.summary}</span>
                  </td>
                  <td className="px-4 py-3 text-zinc-600">
                    {event.ip ?? '—'}
                    <span className="block text-xs text-zinc-500">
                      {describeBrowser(event.user_agent)}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={expanded}
                      aria-controls={detailsId}
                      onClick={() => setOpen(expanded ? null : event.id)}
                    >
                      {expanded ? 'Скрыть' : 'Подробнее'}
                    </Button>
                  </td>
                </tr>
                {expanded && (
                  <tr id={detailsId} className="bg-zinc-50">
                    <td colSpan={5} className="px-4 py-3">
                      <EventDetails event={event} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
