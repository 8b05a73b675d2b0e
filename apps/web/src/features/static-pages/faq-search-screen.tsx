import { useSearchParams } from 'react-router';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { searchFaq } from './faq-articles';
import { FaqList } from './faq-list';
import { FaqSearchForm } from './faq-search-form';

export function FaqSearchScreen() {
  useDocumentTitle('Поиск по справке');
  const [params] = useSearchParams();
  const query = params.get('q') ?? '';
  const results = searchFaq(query);
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Поиск по справке" />
      <FaqSearchForm key={query} initial={query} />
      {query.trim() === '' ? (
        <p className="text-sm text-zinc-500">Введите вопрос, например «пароль» или «hh.ru».</p>
      ) : results.length > 0 ? (
        <FaqList articles={results} />
      ) : (
        <EmptyState
          title="Ничего не найдено"
          description={`По запросу «${query}» статей нет. Попробуйте другие слова.`}
        />
      )}
    </section>
  );
}
