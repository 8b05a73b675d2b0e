import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useInstructionSections } from '../../shared/faq/instructions.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FaqSections } from './faq-list';
import { FaqSearchForm } from './faq-search-form';

export function FaqScreen() {
  useDocumentTitle('Помощь');
  const { data, isPending, isError } = useInstructionSections();
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Помощь" description="Ответы на частые вопросы о работе в системе." />
      <FaqSearchForm />
      {isPending && <Spinner label="Загружаем статьи" />}
      {isError && (
        <EmptyState
          title="Не удалось загрузить статьи"
          description="Попробуйте обновить страницу позже."
        />
      )}
      {data && data.length === 0 && (
        <EmptyState title="Статей пока нет" description="Здесь появятся ответы на вопросы." />
      )}
      {data && data.length > 0 && <FaqSections sections={data} />}
    </section>
  );
}
