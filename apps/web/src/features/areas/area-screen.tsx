import { RectangleStackIcon } from '@heroicons/react/24/outline';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';

export type AreaScreenProps = { title: string; description: string };

/** A product area whose screens come in later issues: a real page with an honest empty state. */
export function AreaScreen({ title, description }: AreaScreenProps) {
  useDocumentTitle(title);
  return (
    <section>
      <PageHeader title={title} description={description} />
      <EmptyState
        icon={<RectangleStackIcon />}
        title="Здесь пока пусто"
        description="Раздел появится в ближайших обновлениях. Следите за новостями в разделе «Что нового»."
      />
    </section>
  );
}
