import { ArrowLeftIcon, UserMinusIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TApplicantCard } from '@ats/contracts/applicants';
import { MERGE_UNDO_DAYS, type TMergeField, type TMergeRequest } from '@ats/contracts/duplicates';
import { Button, buttonClassName } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { personDisplayName } from '@ats/contracts/person-name';
import { notify } from '../../shared/toasts';
import { useDocumentTitle } from '../../shared/use-document-title';
import { applicantName } from '../../shared/format/applicant-format';
import { useCountries, useRecruiters } from '../../shared/applicant/applicant-references.queries';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import type { CompareParams } from '../../shared/doubles/compare-url';
import { DoubleLevelBadge, DoubleReasons } from '../../shared/doubles/double-level-badge';
import { useMergeApplicants, useMergePreview } from './duplicates.queries';
import { MergeFieldTable } from './merge-field-table';
import { mergeRequestOf, mergeRows, sourceOf, type MergeChoices } from './merge-fields';
import { MergePreviewPanel } from './merge-preview-panel';
import { MergeUnionSummary } from './merge-union-summary';
import { useApplicantCard } from '../../shared/applicant/applicant-card.queries';
import { undoMerge, useApplicantDoubles } from '../../shared/doubles/doubles.queries';

const PREVIEW_DEBOUNCE_MS = 300;

const backLink = (
  <Link to="/applicant/doubles" className={buttonClassName('secondary', 'sm')}>
    <ArrowLeftIcon className="size-4" aria-hidden="true" />
    Все дубликаты
  </Link>
);

/** The page's title stays while the comparison cannot be shown, so the page is never blank. */
function ScreenFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-3">{backLink}</div>
      <PageHeader title="Сравнение кандидатов" />
      {children}
    </div>
  );
}

function Problem({ title, description }: { title: string; description: string }) {
  return (
    <ScreenFrame>
      <EmptyState icon={<UserMinusIcon />} title={title} description={description} />
    </ScreenFrame>
  );
}

/** /applicant/double: the params checked, both cards loaded, or a clear reason why not. */
export function MergeScreen({ params }: { params: CompareParams }) {
  useDocumentTitle('Сравнение кандидатов');
  const first = useApplicantCard(params.ok ? params.first : 0);
  const second = useApplicantCard(params.ok ? params.second : 0);

  if (!params.ok) return <Problem title="Не получается сравнить" description={params.message} />;
  const failed = first.error ?? second.error;
  if (failed) {
    return (
      <ScreenFrame>
        <EmptyState
          title="Не удалось загрузить кандидатов"
          description={failed.message}
          action={
            <Button onClick={() => void Promise.all([first.refetch(), second.refetch()])}>
              Повторить
            </Button>
          }
        />
      </ScreenFrame>
    );
  }
  if (first.isPending || second.isPending) {
    return (
      <ScreenFrame>
        <div className="flex justify-center py-24 text-zinc-500">
          <Spinner label="Загружаем кандидатов" className="[&>svg]:size-6" />
        </div>
      </ScreenFrame>
    );
  }
  const missing = [
    [params.first, first.data],
    [params.second, second.data],
  ].find(([, card]) => !card);
  if (missing || !first.data || !second.data) {
    return (
      <Problem
        title="Кандидат не найден"
        description={`Кандидата №${String(missing?.[0] ?? '')} нет в вашей базе: возможно, его удалили, уже объединили с другим или ссылка неверна.`}
      />
    );
  }
  return <MergeWorkspace first={first.data} second={second.data} />;
}

function useMergeLookups() {
  const users = useRecruiters();
  const countries = useCountries();
  return useMemo(
    () => ({
      userName: (id: number) => {
        const user = users.data?.find((u) => u.id === id);
        return user ? personDisplayName(user) : undefined;
      },
      countryName: (id: number) => countries.data?.find((c) => c.id === id)?.name,
    }),
    [users.data, countries.data],
  );
}

function MergeWorkspace({ first, second }: { first: TApplicantCard; second: TApplicantCard }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lookups = useMergeLookups();
  const [primaryId, setPrimaryId] = useState(first.id);
  const [choices, setChoices] = useState<MergeChoices>({});
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeApplicants();

  const [primary, secondary] = primaryId === first.id ? [first, second] : [second, first];
  const rows = useMemo(() => mergeRows(primary, secondary, lookups), [primary, secondary, lookups]);
  const request = mergeRequestOf(choices, primary, secondary);
  const settled = useDebouncedValue(JSON.stringify(request), PREVIEW_DEBOUNCE_MS);
  const preview = useMergePreview(useMemo(() => JSON.parse(settled) as TMergeRequest, [settled]));
  const match = useApplicantDoubles(first.id).data?.items.find((m) => m.applicant.id === second.id);

  const primaryName = applicantName(primary);
  const secondaryName = applicantName(secondary);
  const differing = rows.filter((row) => !row.same).length;

  const confirmMerge = async () => {
    const result = await merge.mutateAsync(request);
    if (!result.ok) return;
    const { applicant, merge: done } = result.data;
    setConfirming(false);
    // Leave first, then refresh: the secondary is gone, and this screen would say so.
    await navigate(`/applicant/${applicant.id}`);
    await merge.refreshAfterMerge();
    notify.action(
      `«${secondaryName}» объединён с «${applicantName(applicant)}»`,
      'Отменить',
      () => void undoMerge(queryClient, done.id),
      `merge-${done.id}`,
    );
  };

  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-3">{backLink}</div>
      <PageHeader
        title="Сравнение кандидатов"
        description={
          differing > 0
            ? `Различается полей: ${differing}. Выберите, какие значения оставить; списки (контакты, опыт, теги, файлы, комментарии, вакансии) объединятся из обоих.`
            : 'Все поля совпадают: списки (контакты, опыт, теги, файлы, комментарии, вакансии) объединятся из обоих.'
        }
        actions={<Button onClick={() => setConfirming(true)}>Объединить</Button>}
      />
      {match && (
        <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          <DoubleLevelBadge level={match.level} score={match.score} />
          <DoubleReasons reasons={match.reasons} />
        </div>
      )}
      <fieldset className="mb-4 flex flex-wrap items-center gap-4 text-sm">
        <legend className="mb-1 font-medium text-zinc-800">Основная карточка</legend>
        {[first, second].map((applicant) => (
          <label key={applicant.id} className="flex cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="merge-primary"
              className="accent-indigo-600"
              checked={primaryId === applicant.id}
              onChange={() => setPrimaryId(applicant.id)}
            />
            {applicantName(applicant)} (№{applicant.id})
          </label>
        ))}
        <span className="text-xs text-zinc-500">
          Вторая карточка после объединения исчезнет, её данные перейдут в основную.
        </span>
      </fieldset>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-2">
          <MergeFieldTable
            rows={rows}
            primary={{ id: primary.id, name: primaryName }}
            secondary={{ id: secondary.id, name: secondaryName }}
            sourceOf={(field: TMergeField) => sourceOf(field, choices, primary, secondary)}
            onChoose={(field, applicantId) =>
              setChoices((current) => ({ ...current, [field]: applicantId }))
            }
          />
        </Card>
        <div className="flex flex-col gap-4">
          <Card className="p-4">
            <MergePreviewPanel
              preview={preview.data}
              updating={preview.isFetching}
              error={preview.error?.message ?? null}
            />
          </Card>
          <Card className="p-4">
            <MergeUnionSummary primary={primary} secondary={secondary} />
          </Card>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Объединить кандидатов?"
        description={`Карточка «${secondaryName}» будет объединена с «${primaryName}». Отменить объединение можно в истории карточки в течение ${MERGE_UNDO_DAYS} дней.`}
        confirmLabel="Объединить"
        pending={merge.isPending}
        onConfirm={() => void confirmMerge()}
      />
    </div>
  );
}
