import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { EmptyState } from '@ats/ui/empty-state';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { Textarea } from '@ats/ui/textarea';
import type { TPublicationFieldsInput } from '@ats/contracts/job-site-publications';
import { ApiError } from '../../shared/api-client';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  useCreatePublication,
  usePublicationSamples,
  useSaveSample,
  useSiteConnections,
  useSiteData,
  useVacancyData,
} from './publications.queries';

// /vacancy/{id}/publication/create?site=avito: the publication form with Avito's fields (the one
// form of every site, decision 0053, mapped by the API to Avito's body): the city and street make
// Avito's address, the profession comes from Avito's dictionary, the schedule, experience,
// employment and billing from Avito's own values. Avito's refusals show on these fields.

type Item = { id: string; name: string };
type Form = {
  name: string;
  area_id: string;
  address_id: string;
  professional_role_id: string;
  experience_id: string;
  employment_id: string;
  schedule_id: string;
  billing_type_id: string;
  salary_from: string;
  salary_to: string;
  description: string;
};

const itemsOf = (value: unknown): Item[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is { id: unknown; name: unknown } => typeof v === 'object' && v !== null)
        .map((v) => ({ id: String(v.id), name: String(v.name) }))
    : [];

const text = (html: string | null | undefined) => (html ?? '').trim();

/** A saved Avito form back into the form's text fields (what it has; the rest kept). */
function formOfSample(saved: Record<string, unknown>): Partial<Form> {
  const out: Partial<Form> = {};
  const keys: (keyof Form)[] = [
    'name',
    'area_id',
    'address_id',
    'professional_role_id',
    'experience_id',
    'employment_id',
    'schedule_id',
    'billing_type_id',
    'salary_from',
    'salary_to',
    'description',
  ];
  for (const key of keys) {
    const value = saved[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
    else if (value === null) out[key] = '';
  }
  return out;
}

export function AvitoPublicationScreen({ vacancyId }: { vacancyId: number }) {
  useDocumentTitle('Публикация на Avito Работа');
  const navigate = useNavigate();
  const sites = useSiteConnections();
  const connection = sites.data?.connections.find((c) => c.site === 'avito') ?? null;
  const vacancy = useVacancyData(vacancyId);
  const dictionaries = useSiteData('get_dictionaries', connection?.id ?? null);
  const create = useCreatePublication(vacancyId);
  const samples = usePublicationSamples('avito');
  const saveSample = useSaveSample();
  const [edited, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const v = vacancy.data;
  const initial: Form | null = v
    ? {
        name: v.position,
        area_id: v.city ?? '',
        address_id: '',
        professional_role_id: '',
        experience_id: '',
        employment_id: '',
        schedule_id: '',
        billing_type_id: 'package',
        salary_from: v.salary_from != null ? String(v.salary_from) : '',
        salary_to: v.salary_to != null ? String(v.salary_to) : '',
        description: [v.body, v.requirements, v.conditions].map(text).filter(Boolean).join('\n'),
      }
    : null;
  const form = edited ?? initial;

  const framed = (body: ReactNode) => (
    <section className="flex flex-col gap-6">
      <PageHeader title="Публикация на Avito Работа" />
      {body}
    </section>
  );
  if (sites.isPending || vacancy.isPending) return framed(<Spinner label="Загружаем форму" />);
  if (sites.isError || vacancy.isError) {
    return framed(
      <p role="alert" className="text-sm text-red-700">
        Не удалось загрузить вакансию или подключения к сайтам. Обновите страницу.
      </p>,
    );
  }
  if (!connection) {
    return framed(
      <EmptyState
        title="Avito Работа не подключена"
        description="Подключите аккаунт Авито, чтобы публиковать вакансии."
        action={<Link to="/avito">Подключить Avito Работа</Link>}
      />,
    );
  }
  if (!form) return framed(<Spinner label="Загружаем форму" />);

  const dict = (dictionaries.data?.result ?? {}) as Record<string, unknown>;
  const loading = dictionaries.isPending;
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...(f ?? form), ...patch }));
  const orNull = (value: string) => value.trim() || null;
  const fields = (): TPublicationFieldsInput => ({
    name: form.name,
    area_id: form.area_id,
    address_id: orNull(form.address_id),
    professional_role_id: form.professional_role_id,
    experience_id: orNull(form.experience_id),
    employment_id: orNull(form.employment_id),
    schedule_id: orNull(form.schedule_id),
    billing_type_id: form.billing_type_id,
    salary_from: form.salary_from ? Number(form.salary_from) : null,
    salary_to: form.salary_to ? Number(form.salary_to) : null,
    currency: 'RUR',
    description: form.description,
  });

  const picker = (key: keyof Form, label: string, items: Item[], required = false) => (
    <Field label={label} required={required} error={errors[key]}>
      {(control) => (
        <Select
          {...control}
          value={form[key]}
          onChange={(e) => set({ [key]: e.target.value } as Partial<Form>)}
          disabled={loading}
        >
          <option value="">{loading ? 'Загружаем…' : 'Не выбрано'}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
  const input = (key: keyof Form, label: string, required = false, numeric = false) => (
    <Field label={label} required={required} error={errors[key]}>
      {(control) => (
        <Input
          {...control}
          {...(numeric ? { inputMode: 'numeric' as const } : {})}
          value={form[key]}
          onChange={(e) =>
            set({
              [key]: numeric ? e.target.value.replace(/\D/g, '') : e.target.value,
            } as Partial<Form>)
          }
        />
      )}
    </Field>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      await create.mutateAsync({ connection_id: connection.id, fields: fields() });
      await navigate(`/vacancy/${vacancyId}`);
    } catch (error) {
      if (error instanceof ApiError) {
        const mapped: Record<string, string> = {};
        for (const [key, message] of Object.entries(error.errors ?? {})) {
          mapped[key.replace(/^fields\./, '')] = message;
        }
        setErrors(mapped);
        setFormError(error.message);
      } else {
        setFormError('Не удалось опубликовать вакансию');
      }
    }
  };

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Публикация на Avito Работа"
        description={`Вакансия «${vacancy.data.position}» уйдёт на модерацию Авито.`}
      />
      {dictionaries.data && dictionaries.data.result === null && (
        <p role="alert" className="text-sm text-red-700">
          Авито не отдал справочники: попробуйте позже.
        </p>
      )}
      {(samples.data?.length ?? 0) > 0 && (
        <Field label="Начать с шаблона">
          {(control) => (
            <Select
              {...control}
              value=""
              onChange={(e) => {
                const sample = samples.data?.find((s) => String(s.id) === e.target.value);
                if (sample) set(formOfSample(sample.fields));
              }}
            >
              <option value="">Выберите шаблон</option>
              {samples.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Card>
        <form className="grid gap-4 md:grid-cols-2" onSubmit={(e) => void submit(e)} noValidate>
          <Field
            label="Название"
            required
            error={errors.name}
            hint="На Авито — до 50 символов"
            className="md:col-span-2"
          >
            {(control) => (
              <Input
                {...control}
                value={form.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          {input('area_id', 'Город', true)}
          {input('address_id', 'Улица и дом')}
          {picker('professional_role_id', 'Профессия', itemsOf(dict.profession), true)}
          {picker('schedule_id', 'Режим работы', itemsOf(dict.schedule))}
          {picker('experience_id', 'Опыт работы', itemsOf(dict.experience))}
          {picker('employment_id', 'Занятость', itemsOf(dict.employment))}
          {input('salary_from', 'Зарплата от, ₽ в месяц', false, true)}
          {input('salary_to', 'Зарплата до, ₽ в месяц', false, true)}
          {picker('billing_type_id', 'Оплата размещения', itemsOf(dict.billing_type), true)}
          <Field label="Описание" required error={errors.description} className="md:col-span-2">
            {(control) => (
              <Textarea
                {...control}
                rows={10}
                value={form.description}
                onChange={(e) => set({ description: e.target.value })}
              />
            )}
          </Field>
          {formError && (
            <p role="alert" className="text-sm text-red-700 md:col-span-2">
              {formError}
            </p>
          )}
          <div className="flex flex-wrap gap-3 md:col-span-2">
            <Button type="submit" disabled={create.isPending}>
              Опубликовать
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={saveSample.isPending}
              onClick={() =>
                void saveSample
                  .mutateAsync({ site: 'avito', name: form.name, fields: fields() })
                  .catch(() => undefined)
              }
            >
              Сохранить как шаблон
            </Button>
          </div>
        </form>
      </Card>
    </section>
  );
}

/** ?site=habr: Habr Career takes no vacancies through its API; how to get its responses instead. */
export function HabrPublicationScreen() {
  useDocumentTitle('Публикация на Хабр Карьере');
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Публикация на Хабр Карьере" />
      <EmptyState
        title="Хабр Карьера не принимает вакансии через API"
        description="Разместите вакансию на career.habr.com и свяжите её с нашей на странице «Хабр Карьера»: отклики придут на доску вакансии. Снимают вакансию с Хабр Карьеры тоже там."
        action={<Link to="/habr">Перейти к Хабр Карьере</Link>}
      />
    </section>
  );
}
