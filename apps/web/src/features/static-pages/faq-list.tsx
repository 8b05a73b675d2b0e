import { Link } from 'react-router';
import type { FaqArticle } from './faq-articles';

export function FaqList({ articles }: { articles: FaqArticle[] }) {
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl bg-white ring-1 ring-zinc-200">
      {articles.map((article) => (
        <li key={article.slug}>
          <Link to={`/static/faq/${article.slug}`} className="block px-5 py-4 hover:bg-zinc-50">
            <span className="block text-sm font-medium text-zinc-900">{article.question}</span>
            <span className="mt-1 line-clamp-1 block text-sm text-zinc-500">
              {article.answer[0]}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
