import { useState } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { useUpdateApplicantTags } from './applicants.queries';
import { CardSection, Muted } from './card-section';
import { TagChip } from '../../shared/applicant/tag-chip';
import { TagPicker } from './tag-picker';

function TagsForm({ applicant, onDone }: { applicant: TApplicant; onDone: () => void }) {
  const [ids, setIds] = useState(() => applicant.tags.map((t) => t.id));
  const update = useUpdateApplicantTags(applicant.id);
  const save = async () => {
    const result = await update.mutateAsync(ids);
    if (result.ok) onDone();
  };
  return (
    <div>
      <TagPicker value={ids} onChange={setIds} />
      <div className="mt-4 flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onDone}>
          Отмена
        </Button>
        <Button size="sm" loading={update.isPending} onClick={save}>
          Сохранить
        </Button>
      </div>
    </div>
  );
}

/** Tags replace as a set (POST update_tags), the way the known clients set them. */
export function TagsSection({ applicant }: { applicant: TApplicant }) {
  return (
    <CardSection
      title="Теги"
      renderForm={(done) => <TagsForm applicant={applicant} onDone={done} />}
    >
      {applicant.tags.length === 0 ? (
        <Muted>Тегов нет</Muted>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {applicant.tags.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
