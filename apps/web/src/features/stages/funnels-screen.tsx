import { PencilSquareIcon, StarIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateStatusGroupRequest, type TStatusGroup } from '@ats/contracts/pipeline';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { applyServerErrors } from '../../shared/form-errors';
import { TextInput } from '../../shared/inputs/text-input';
import { useCurrentUser } from '../../shared/session/session.queries';
import { NameDialog } from '../../shared/settings/name-dialog';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { StageListEditor } from './stage-list-editor';
import { StageSiteStatesSection } from './stage-site-states-section';
import { useCreateFunnel, useDeleteFunnel, useFunnels, useUpdateFunnel } from './stages.queries';

const ZName = ZCreateStatusGroupRequest.shape.name;

const READ_ONLY =
  'Изменять воронки и этапы может администратор или рекрутер с правом «Управлять этапами».';

/** `/settings/funnels`: the account's funnels, the stages a new vacancy copies from them. */
export function FunnelsScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).stages;
  const funnels = useFunnels();
  return (
    <SettingsPage
      title="Воронки и этапы"
      description="Новая вакансия получает копию этапов выбранной воронки; этапы самой вакансии меняются на её странице."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      {canEdit && <NewFunnelForm />}
      {funnels.data ? (
        funnels.data.map((funnel) => (
          <FunnelCard
            key={funnel.id}
            funnel={funnel}
            canEdit={canEdit}
            isLast={funnels.data.length === 1}
          />
        ))
      ) : (
        <LoadState
          isError={funnels.isError}
          loadingLabel="Загрузка воронок"
          errorText="Не удалось загрузить воронки"
          onRetry={() => void funnels.refetch()}
        />
      )}
    </SettingsPage>
  );
}

function FunnelCard({
  funnel,
  canEdit,
  isLast,
}: {
  funnel: TStatusGroup;
  canEdit: boolean;
  isLast: boolean;
}) {
  const update = useUpdateFunnel();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const headingId = `funnel-${funnel.id}-title`;
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id={headingId}
          className="min-w-0 flex-1 text-base font-semibold break-words text-zinc-900"
        >
          {funnel.name}
        </h2>
        {funnel.is_favorite && (
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
            По умолчанию
          </span>
        )}
        {canEdit && (
          <div className="flex items-center">
            {!funnel.is_favorite && (
              <button
                type="button"
                className={iconButton}
                aria-label={`Сделать «${funnel.name}» воронкой по умолчанию`}
                title="Воронка по умолчанию"
                disabled={update.isPending}
                onClick={() => update.mutate({ id: funnel.id, is_favorite: true })}
              >
                <StarIcon className="size-4" aria-hidden="true" />
              </button>
            )}
            <button
              type="button"
              className={iconButton}
              aria-label={`Переименовать воронку «${funnel.name}»`}
              title="Переименовать"
              onClick={() => setRenaming(true)}
            >
              <PencilSquareIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={`${iconButton} hover:text-red-600`}
              aria-label={`Удалить воронку «${funnel.name}»`}
              title="Удалить"
              onClick={() => setDeleting(true)}
            >
              <TrashIcon className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
      <StageListEditor
        stages={funnel.statuses}
        owner={{ status_group_id: funnel.id }}
        label={`Этапы воронки «${funnel.name}»`}
        canEdit={canEdit}
      />
      <StageSiteStatesSection owner={{ status_group_id: funnel.id }} canEdit={canEdit} />
      {renaming && (
        <NameDialog
          title="Переименовать воронку"
          label="Название воронки"
          initial={funnel.name}
          schema={ZName}
          onSave={(name) => update.mutateAsync({ id: funnel.id, name })}
          onClose={() => setRenaming(false)}
        />
      )}
      {deleting && (
        <DeleteFunnelDialog funnel={funnel} isLast={isLast} onClose={() => setDeleting(false)} />
      )}
    </Card>
  );
}

function DeleteFunnelDialog({
  funnel,
  isLast,
  onClose,
}: {
  funnel: TStatusGroup;
  isLast: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteFunnel();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    const result = await remove.mutateAsync(funnel.id);
    if (result.ok) onClose();
    else if (result.code === 409) setError(LAST_FUNNEL);
    else setError(`Не удалось удалить воронку «${funnel.name}»: ${result.message}`);
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={
        isLast ? `Воронку «${funnel.name}» нельзя удалить` : `Удалить воронку «${funnel.name}»?`
      }
      description={
        isLast
          ? LAST_FUNNEL
          : 'Её этапы удалятся вместе с ней. Вакансии, уже созданные из этой воронки, сохранят свои этапы и кандидатов.'
      }
    >
      {error && (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {isLast ? (
          <Button onClick={onClose}>Понятно</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Отмена
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
              Удалить воронку
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}

const LAST_FUNNEL =
  'Это единственная воронка: новым вакансиям нужна хотя бы одна. Сначала создайте другую.';

const ZNewFunnel = z.object({ name: ZName });

function NewFunnelForm() {
  const create = useCreateFunnel();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(ZNewFunnel),
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    const result = await create.mutateAsync(name);
    if (result.ok) reset({ name: '' });
    else applyServerErrors(setError, result.errors, ['name']);
  });
  return (
    <Card className="p-4">
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Новая воронка"
        className="flex flex-wrap items-start gap-2"
      >
        <Field label="Новая воронка" error={errors.name?.message} className="min-w-0 flex-1">
          {(c) => <TextInput {...c} placeholder="Продажи" {...register('name')} />}
        </Field>
        <Button type="submit" loading={isSubmitting} className="mt-7">
          Создать воронку
        </Button>
      </form>
    </Card>
  );
}
