import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { PublicationCreateScreen } from './publication-form';
import { usePublication } from './remote-vacancies.queries';

/**
 * /vacancy/{id}/publication/{publicationId}/edit: the publication form, filled from the
 * publication, saved on the site with PUT (the site's validation shown on its fields).
 */
export function PublicationEditScreen({
  vacancyId,
  publicationId,
}: {
  vacancyId: number;
  publicationId: number;
}) {
  useDocumentTitle('Изменение публикации');
  const publication = usePublication(publicationId);
  if (publication.data && publication.data.vacancy_id === vacancyId) {
    return <PublicationCreateScreen vacancyId={vacancyId} publication={publication.data} />;
  }
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Изменение публикации" />
      {publication.isPending ? (
        <Spinner label="Загружаем публикацию" />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {publication.isError ? publication.error.message : 'Публикация не найдена'}
        </p>
      )}
    </section>
  );
}
