import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FAQ_ARTICLES } from './faq-articles';
import { FaqList } from './faq-list';
import { FaqSearchForm } from './faq-search-form';

export function FaqScreen() {
  useDocumentTitle('Помощь');
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Помощь" description="Ответы на частые вопросы о работе в системе." />
      <FaqSearchForm />
      <FaqList articles={FAQ_ARTICLES} />
    </section>
  );
}
