import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TVacancy } from '@ats/contracts/vacancies';
import { Dialog } from '@ats/ui/dialog';
import { Select } from '@ats/ui/select';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useCreateVacancy, useUpdateVacancy, useVacancyTemplates } from './vacancies.queries';
import { VacancyForm } from './vacancy-form';
import {
  EMPTY_VACANCY_FORM,
  formValuesOfTemplate,
  formValuesOfVacancy,
  ZCreateVacancyForm,
  ZUpdateVacancyForm,
} from './vacancy-form-schema';

const DIALOG_CLASS = 'max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto';

type CreateProps = {
  open: boolean;
  onClose: () => void;
  /** Preselect a template (from the template page's «Создать вакансию по шаблону»). */
  templateId?: number | null;
};

export function CreateVacancyDialog({ open, onClose, templateId = null }: CreateProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Новая вакансия"
      description="Начните с шаблона или заполните поля сами: этапы берутся из воронки."
      className={DIALOG_CLASS}
    >
      <CreateVacancyForm onCancel={onClose} templateId={templateId} />
    </Dialog>
  );
}

/** The create form with «Создать из шаблона»: a template fills the fields and brings its stages. */
export function CreateVacancyForm({
  onCancel,
  templateId = null,
}: {
  onCancel: () => void;
  templateId?: number | null;
}) {
  const navigate = useNavigate();
  const create = useCreateVacancy();
  const templates = useVacancyTemplates();
  const [picked, setPicked] = useState<number | null>(templateId);
  const pickerId = useId();

  const me = useCurrentUser();
  const template = templates.data?.find((t) => t.id === picked) ?? null;
  const values = useMemo(() => {
    const base = template
      ? { ...formValuesOfTemplate(template), vacancy_template_id: template.id }
      : EMPTY_VACANCY_FORM;
    // The recruiter who opens a vacancy is its responsible unless they pick someone else.
    const author = me.member_type === 'owner' ? [me.id] : [];
    return base.owners.length > 0 ? base : { ...base, owners: author };
  }, [template, me.member_type, me.id]);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1.5 rounded-lg bg-indigo-50/60 p-3">
        <label htmlFor={pickerId} className="text-sm font-medium text-zinc-800">
          Создать из шаблона
        </label>
        <Select
          id={pickerId}
          value={picked ?? ''}
          disabled={!templates.data?.length}
          onChange={(event) => setPicked(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">
            {templates.isPending
              ? 'Загрузка шаблонов…'
              : templates.data?.length
                ? 'Без шаблона'
                : 'Шаблонов пока нет'}
          </option>
          {templates.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
      </div>
      <VacancyForm
        mode="create"
        values={values}
        submitLabel="Создать вакансию"
        onCancel={onCancel}
        onSubmit={async (form) => {
          const result = await create.mutateAsync(ZCreateVacancyForm.parse(form));
          if (result.ok) await navigate(`/vacancy/${result.data.id}`);
          return result;
        }}
      />
    </div>
  );
}

type EditProps = { vacancy: TVacancy; open: boolean; onClose: () => void };

export function EditVacancyDialog({ vacancy, open, onClose }: EditProps) {
  const update = useUpdateVacancy(vacancy.id);
  const values = useMemo(() => formValuesOfVacancy(vacancy), [vacancy]);
  return (
    <Dialog open={open} onClose={onClose} title="Редактировать вакансию" className={DIALOG_CLASS}>
      <VacancyForm
        mode="edit"
        values={values}
        submitLabel="Сохранить"
        onCancel={onClose}
        onSubmit={async (form) => {
          const result = await update.mutateAsync(ZUpdateVacancyForm.parse(form));
          if (result.ok) onClose();
          return result;
        }}
      />
    </Dialog>
  );
}
