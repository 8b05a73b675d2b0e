import { Link, useParams } from 'react-router';
import { EmptyState } from '@ats/ui/empty-state';
import { useDocumentTitle } from '../../shared/use-document-title';
import { findFaqArticle } from './faq-articles';

export function FaqArticleScreen() {
  const { slug } = useParams();
  const article = findFaqArticle(slug);
  useDocumentTitle(article?.question ?? 'Статья не найдена');
  return (
    <article className="max-w-3xl">
      <Link to="/static/faq" className="text-sm text-indigo-600 hover:text-indigo-500">
        ← Все вопросы
      </Link>
      {article ? (
        <>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-zinc-900">
            {article.question}
          </h1>
          <div className="mt-4 flex flex-col gap-3 text-zinc-700">
            {article.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </>
      ) : (
        <EmptyState
          className="mt-4"
          title="Статья не найдена"
          description="Возможно, её переименовали. Воспользуйтесь поиском по справке."
        />
      )}
    </article>
  );
}
