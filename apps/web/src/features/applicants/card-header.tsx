import {
  ArchiveBoxArrowDownIcon,
  ArrowUturnLeftIcon,
  PencilSquareIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ZApplicantCard, type TApplicant } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { ApplicantAvatar } from '../../shared/applicant/applicant-avatar';
import {
  applicantName,
  formatAge,
  formatIsoDate,
  formatSalary,
} from '../../shared/format/applicant-format';
import { apiCall, apiUpload } from '../../shared/api-client';
import { useArchiveApplicant, useDeleteApplicant } from './applicants.queries';
import { CardPdfLink } from './card-pdf-link';
import { MainInfoForm } from './card-forms';
import { applicantContacts, ContactLink } from './contact-links';
import { PhotoInput } from './photo-input';
import { useCardEditing } from './card-access';
import { PossibleDoublesBanner } from '../../shared/doubles/possible-doubles-banner';
import { applicantKeys } from '../../shared/query-keys';

type Props = { applicant: TApplicant; isAdmin: boolean };

/**
 * The cropped photo goes to the photo endpoint as a file; the card it answers replaces the cached
 * one, so the new avatar shows without another request.
 */
function useUploadApplicantPhoto(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: Blob | null) => {
      if (!photo) {
        return apiCall(`/applicants/${id}`, {
          method: 'PATCH',
          body: { photo: null },
          schema: ZApplicantCard,
          successToast: 'Фото удалено',
        });
      }
      return apiUpload(`/applicants/${id}/photo`, photo, {
        fileName: 'photo.jpg',
        schema: ZApplicantCard,
        successToast: 'Фото обновлено',
      });
    },
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(applicantKeys.card(id), result.data);
      await queryClient.invalidateQueries({ queryKey: applicantKeys.lists() });
    },
  });
}

export function CardHeader({ applicant, isAdmin }: Props) {
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const archive = useArchiveApplicant(applicant.id);
  const remove = useDeleteApplicant(applicant.id);
  const photo = useUploadApplicantPhoto(applicant.id);
  const editable = useCardEditing();
  const name = applicantName(applicant);
  const facts = [
    applicant.age !== null
      ? `${formatAge(applicant.age)}${applicant.birthday ? ` (${formatIsoDate(applicant.birthday)})` : ''}`
      : '',
    applicant.city ?? '',
    formatSalary(applicant.money, applicant.currency),
  ].filter(Boolean);

  return (
    <Card className="mb-4 p-5">
      {/* Doubles are looked for in the whole base, which a hiring manager never sees. */}
      {editable && <PossibleDoublesBanner applicantId={applicant.id} />}
      {applicant.is_archived && (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Кандидат в архиве. Восстановите его, чтобы он снова появился в списке.
        </p>
      )}
      {editing ? (
        <div className="flex flex-col gap-4">
          <PhotoInput
            value={applicant.photo}
            onChange={() => photo.mutate(null)}
            onUpload={(cropped) => photo.mutate(cropped)}
          />
          <MainInfoForm applicant={applicant} onDone={() => setEditing(false)} />
        </div>
      ) : (
        <div className="flex flex-wrap items-start gap-5">
          <ApplicantAvatar size="lg" {...applicant} />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold tracking-tight wrap-break-word text-zinc-900">
              {name}
            </h1>
            <p className="mt-0.5 text-zinc-600">
              {[applicant.position, applicant.company].filter(Boolean).join(' · ') ||
                'Должность не указана'}
            </p>
            {facts.length > 0 && <p className="mt-1 text-sm text-zinc-500">{facts.join(' · ')}</p>}
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Контакты">
              {applicantContacts(applicant).map((c) => (
                <li key={`${c.type}:${c.value}`}>
                  <ContactLink type={c.type} value={c.value} />
                </li>
              ))}
            </ul>
          </div>
          {editable && (
            <div className="flex flex-wrap gap-2">
              <CardPdfLink applicantId={applicant.id} />
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                <PencilSquareIcon className="size-4" aria-hidden="true" />
                Изменить
              </Button>
              {applicant.is_archived ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={archive.isPending}
                  onClick={() => archive.mutate(false)}
                >
                  <ArrowUturnLeftIcon className="size-4" aria-hidden="true" />
                  Восстановить
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={archive.isPending}
                  onClick={() => archive.mutate(true)}
                >
                  <ArchiveBoxArrowDownIcon className="size-4" aria-hidden="true" />В архив
                </Button>
              )}
              {isAdmin && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label="Удалить кандидата"
                  onClick={() => setConfirmDelete(true)}
                >
                  <TrashIcon className="size-4 text-red-600" aria-hidden="true" />
                  Удалить
                </Button>
              )}
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title="Удалить кандидата?"
        description={`${name} и вся его история будут удалены без возможности восстановления. Если кандидат просто не нужен сейчас, переместите его в архив.`}
        confirmLabel="Удалить навсегда"
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  );
}
