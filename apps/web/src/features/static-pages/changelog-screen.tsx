import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useChangelogs } from './changelog.queries';

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function formatDate(value: string) {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function ChangelogScreen() {
  useDocumentTitle('Что нового');
  const { data, isPending, isError } = useChangelogs();
  return (
    <section className="max-w-3xl">
      <PageHeader title="Что нового" description="Обновления и улучшения системы." />
      {isPending && <Spinner label="Загружаем обновления" />}
      {isError && (
        <EmptyState
          title="Не удалось загрузить обновления"
          description="Попробуйте обновить страницу позже."
        />
      )}
      {data && data.length === 0 && (
        <EmptyState title="Пока без новостей" description="Здесь появятся описания новых версий." />
      )}
      {data && data.length > 0 && (
        <ol className="flex flex-col gap-4">
          {data.map((entry) => (
            <li key={entry.id} className="rounded-xl bg-white p-5 ring-1 ring-zinc-200">
              <time dateTime={entry.release_date} className="text-xs font-medium text-indigo-600">
                {formatDate(entry.release_date)}
              </time>
              <h2 className="mt-1 text-base font-semibold text-zinc-900">{entry.title}</h2>
              <p className="mt-2 text-sm whitespace-pre-line text-zinc-600">{entry.summary}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
