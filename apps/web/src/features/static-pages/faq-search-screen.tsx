import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { Highlighted } from '../../shared/faq/highlight';
import { useInstructionSearch } from '../../shared/faq/instructions.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FaqSearchForm } from './faq-search-form';

const found = (n: number) => {
  const tens = n % 100;
  const ones = n % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'статей'
      : ones === 1
        ? 'статья'
        : ones >= 2 && ones <= 4
          ? 'статьи'
          : 'статей';
  return `Найдено: ${n} ${word}`;
};

export function FaqSearchScreen() {
  useDocumentTitle('Поиск по справке');
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const { data, isPending, isError } = useInstructionSearch(query);
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <nav aria-label="Навигационная цепочка" className="text-sm">
        <Link
          to="/static/faq"
          className="text-indigo-600 underline underline-offset-2 hover:text-indigo-500"
        >
          Помощь
        </Link>
        <span className="text-zinc-500"> › Поиск</span>
      </nav>
      <PageHeader title="Поиск по справке" />
      <FaqSearchForm key={query} initial={query} />
      {query === '' ? (
        <p className="text-sm text-zinc-500">Введите вопрос, например «пароль» или «импорт».</p>
      ) : isPending ? (
        <Spinner label="Ищем" />
      ) : isError ? (
        <EmptyState
          title="Поиск не удался"
          description="Проверьте запрос: в нём должно быть хотя бы одно слово."
        />
      ) : data.results.length === 0 ? (
        <EmptyState
          title="Ничего не найдено"
          description={`По запросу «${query}» статей нет. Попробуйте другие слова.`}
        />
      ) : (
        <>
          <p className="text-sm text-zinc-500" role="status">
            {found(data.count)}
          </p>
          <ol aria-label="Результаты поиска" className="flex flex-col gap-3">
            {data.results.map((r) => (
              <li key={r.id} className="rounded-xl bg-white p-4 ring-1 ring-zinc-200">
                <Link
                  to={`/static/faq/${r.slug}`}
                  className="text-base font-medium text-indigo-700 hover:text-indigo-500"
                >
                  <Highlighted parts={r.title_highlight} />
                </Link>
                <p className="mt-0.5 text-xs text-zinc-500">{r.section.title}</p>
                <p className="mt-2 text-sm text-zinc-700">
                  <Highlighted parts={r.snippet} />
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
