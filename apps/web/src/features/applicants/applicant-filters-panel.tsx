import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import { ZStageList } from '@ats/contracts/pipeline';
import { apiRequest } from '../../shared/api-client';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { DateRangeField } from '@ats/ui/date-range-field';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { personDisplayName } from '@ats/contracts/person-name';
import { DigitsInput } from '../../shared/inputs/digits-input';
import { TextInput } from '../../shared/inputs/text-input';
import {
  useAccountSources,
  useCountries,
  useRecruiters,
} from '../../shared/applicant/applicant-references.queries';
import { CurrencyOptions } from '../../shared/inputs/currency-options';
import {
  draftFromFilters,
  filtersFromDraft,
  validateDraft,
  type FilterDraft,
} from './filter-draft';
import type { ApplicantFilters } from './list-query';
import { SkillsInput } from './skills-input';
import { TagPicker } from './tag-picker';

/** Only what the filter shows, so richer vacancy answers never break it. */
const ZVacancyChoices = lazySchema(() =>
  z.object({
    vacancies: z.array(z.object({ id: z.number().int(), position: z.string() })),
  }),
);

/** Every vacancy of the account (open, on hold and closed), to filter the base by. */
function useVacancyChoices() {
  return useQuery({
    queryKey: ['vacancies', 'applicant-list-filter'],
    queryFn: ({ signal }) =>
      apiRequest('/vacancies_with_filters', {
        query: { per_page: 100 },
        schema: ZVacancyChoices,
        signal,
      }),
    select: (page) => page.vacancies,
  });
}

function useStageChoices(vacancyId: string) {
  return useQuery({
    queryKey: ['statuses', 'vacancy', Number(vacancyId)],
    queryFn: ({ signal }) =>
      apiRequest('/statuses', { query: { vacancy_id: vacancyId }, schema: ZStageList, signal }),
    enabled: vacancyId !== '',
    select: (stages) => [...stages].sort((a, b) => a.order - b.order || a.id - b.id),
  });
}

type Props = {
  filters: ApplicantFilters;
  onApply: (filters: ApplicantFilters) => void;
  onClose: () => void;
};

/** The filters of huntlee-api.md §5.3; they apply on «Применить», not on every keystroke. */
export function ApplicantFiltersPanel({ filters, onApply, onClose }: Props) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromFilters(filters));
  const [submitted, setSubmitted] = useState(false);
  const sources = useAccountSources();
  const countries = useCountries();
  const recruiters = useRecruiters();
  const vacancies = useVacancyChoices();
  const stages = useStageChoices(draft.vacancy_id);
  const errors = submitted ? validateDraft(draft) : {};

  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const text = (key: keyof FilterDraft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateDraft(draft)).length > 0) return;
    onApply(filtersFromDraft(draft));
  };
  const reset = () => {
    const empty = draftFromFilters({});
    setDraft(empty);
    onApply(filtersFromDraft(empty));
  };

  return (
    <Card className="mb-4 p-4">
      <form noValidate onSubmit={submit} aria-label="Фильтры кандидатов">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Вакансия">
            {(c) => (
              <Select
                {...c}
                value={draft.vacancy_id}
                onChange={(e) =>
                  setDraft((d) => ({ ...d, vacancy_id: e.target.value, status_id: '' }))
                }
              >
                <option value="">Любая</option>
                {vacancies.data?.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.position}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Этап">
            {(c) => (
              <Select {...c} {...text('status_id')} disabled={draft.vacancy_id === ''}>
                <option value="">{draft.vacancy_id ? 'Любой' : 'Сначала выберите вакансию'}</option>
                {stages.data?.map((stage) => (
                  <option key={stage.id} value={stage.id}>
                    {stage.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DateRangeField
            legend="Дата добавления"
            fromLabel="Добавлен с"
            toLabel="Добавлен по"
            from={draft.created_from}
            to={draft.created_to}
            onFromChange={(value) => set('created_from', value)}
            onToChange={(value) => set('created_to', value)}
            error={errors.created_to}
            className="sm:col-span-2"
          />
          <Field label="Источник">
            {(c) => (
              <Select {...c} {...text('account_source_id')}>
                <option value="">Любой</option>
                {sources.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Страна">
            {(c) => (
              <Select {...c} {...text('country_id')}>
                <option value="">Любая</option>
                {countries.data?.map((country) => (
                  <option key={country.id} value={country.id}>
                    {country.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Ответственный рекрутер">
            {(c) => (
              <Select {...c} {...text('admin_user_id')}>
                <option value="">Любой</option>
                {recruiters.data?.map((user) => (
                  <option key={user.id} value={user.id}>
                    {personDisplayName(user)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Опыт работы от, лет">
            {(c) => <DigitsInput {...c} maxDigits={2} {...text('total_experience')} />}
          </Field>
          <Field label="Должность">{(c) => <TextInput {...c} {...text('position')} />}</Field>
          <Field label="Компания">{(c) => <TextInput {...c} {...text('company')} />}</Field>
          <fieldset className="flex gap-2">
            <legend className="sr-only">Возраст</legend>
            <Field label="Возраст от" className="flex-1">
              {(c) => <DigitsInput {...c} maxDigits={3} {...text('age_from')} />}
            </Field>
            <Field label="до" className="flex-1" error={errors.age_to}>
              {(c) => <DigitsInput {...c} maxDigits={3} {...text('age_to')} />}
            </Field>
          </fieldset>
          <fieldset className="flex gap-2 sm:col-span-2">
            <legend className="sr-only">Зарплата</legend>
            <Field label="Зарплата от" className="flex-1">
              {(c) => <DigitsInput {...c} maxDigits={9} {...text('salary_from')} />}
            </Field>
            <Field label="до" className="flex-1" error={errors.salary_to}>
              {(c) => <DigitsInput {...c} maxDigits={9} {...text('salary_to')} />}
            </Field>
            <Field label="Валюта" className="w-24">
              {(c) => (
                <Select {...c} {...text('currency')}>
                  <option value="">—</option>
                  <CurrencyOptions />
                </Select>
              )}
            </Field>
          </fieldset>
          <Field label="Email">{(c) => <TextInput {...c} type="email" {...text('email')} />}</Field>
          <Field label="Телефон">{(c) => <TextInput {...c} type="tel" {...text('phone')} />}</Field>
          <Field label="Telegram">{(c) => <TextInput {...c} {...text('tg')} />}</Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              checked={draft.only_mine}
              onChange={(e) => set('only_mine', e.target.checked)}
              className="size-4 rounded border-zinc-300 text-indigo-600"
            />
            Только мои кандидаты
          </label>
          <Field label="Навыки" className="sm:col-span-2">
            {(c) => (
              <SkillsInput
                {...c}
                allowFreeText={false}
                value={draft.skills}
                onChange={(skills) => set('skills', skills)}
              />
            )}
          </Field>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <span className="text-sm font-medium text-zinc-800">Теги</span>
            <TagPicker value={draft.tags} onChange={(tags) => set('tags', tags)} />
          </div>
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Скрыть
          </Button>
          <Button variant="secondary" onClick={reset}>
            Сбросить
          </Button>
          <Button type="submit">Применить</Button>
        </div>
      </form>
    </Card>
  );
}
