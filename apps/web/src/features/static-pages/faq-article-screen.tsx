import { ChevronRightIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Spinner } from '@ats/ui/spinner';
import { Markdown } from '../../shared/faq/markdown';
import { useInstruction } from '../../shared/faq/instructions.queries';
import { FeedbackDialog } from '../../shared/feedback/feedback-dialog';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FaqSearchForm } from './faq-search-form';

const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

function Helpful({ title, slug }: { title: string; slug: string }) {
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const [dialog, setDialog] = useState(false);
  return (
    <aside
      aria-label="Оценка статьи"
      className="mt-8 flex flex-wrap items-center gap-3 rounded-xl bg-zinc-50 p-4 ring-1 ring-zinc-200"
    >
      {answer === null ? (
        <>
          <span className="text-sm font-medium text-zinc-900">Была ли статья полезна?</span>
          <Button variant="secondary" size="sm" onClick={() => setAnswer('yes')}>
            Да
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setAnswer('no');
              setDialog(true);
            }}
          >
            Нет
          </Button>
        </>
      ) : answer === 'yes' ? (
        <span className="text-sm text-zinc-700">Спасибо за оценку!</span>
      ) : (
        <span className="text-sm text-zinc-700">
          Жаль, что статья не помогла.{' '}
          <button
            type="button"
            className="text-indigo-600 underline underline-offset-2 hover:text-indigo-500"
            onClick={() => setDialog(true)}
          >
            Напишите нам
          </button>{' '}
          — ответим и дополним справку.
        </span>
      )}
      <FeedbackDialog
        open={dialog}
        onClose={() => setDialog(false)}
        defaultComment={`Статья «${title}» (/static/faq/${slug}) не помогла: `}
      />
    </aside>
  );
}

export function FaqArticleScreen() {
  const { slug = '' } = useParams();
  const { data: article, isPending, isError } = useInstruction(slug);
  useDocumentTitle(article?.title ?? (isError ? 'Статья не найдена' : 'Помощь'));
  return (
    <article className="max-w-3xl">
      <nav aria-label="Навигационная цепочка">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-zinc-500">
          <li>
            <Link
              to="/static/faq"
              className="text-indigo-600 underline underline-offset-2 hover:text-indigo-500"
            >
              Помощь
            </Link>
          </li>
          {article && (
            <>
              <li aria-hidden="true">
                <ChevronRightIcon className="size-4" />
              </li>
              <li>{article.section.title}</li>
              <li aria-hidden="true">
                <ChevronRightIcon className="size-4" />
              </li>
              <li aria-current="page" className="text-zinc-700">
                {article.title}
              </li>
            </>
          )}
        </ol>
      </nav>
      <div className="mt-4">
        <FaqSearchForm key={slug} />
      </div>
      {isPending && <Spinner label="Загружаем статью" />}
      {isError && (
        <EmptyState
          className="mt-4"
          title="Статья не найдена"
          description="Возможно, её переименовали. Воспользуйтесь поиском по справке."
        />
      )}
      {article && (
        <>
          <h1 className="mt-6 text-2xl font-semibold tracking-tight text-zinc-900">
            {article.title}
          </h1>
          <p className="mt-1 text-xs text-zinc-500">
            Обновлено {dateFormat.format(new Date(article.updated_at))}
          </p>
          <div className="mt-4">
            <Markdown source={article.body} />
          </div>
          {article.related.length > 0 && (
            <section aria-labelledby="faq-related" className="mt-8">
              <h2 id="faq-related" className="text-base font-semibold text-zinc-900">
                Читайте также
              </h2>
              <ul className="mt-2 flex flex-col gap-1">
                {article.related.map((r) => (
                  <li key={r.id}>
                    <Link
                      to={`/static/faq/${r.slug}`}
                      className="text-sm text-indigo-600 hover:text-indigo-500"
                    >
                      {r.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Helpful key={article.id} title={article.title} slug={article.slug} />
        </>
      )}
    </article>
  );
}
