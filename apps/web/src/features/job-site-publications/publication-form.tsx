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
import type { TPublication, TPublicationFieldsInput } from '@ats/contracts/job-site-publications';
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
import { useUpdatePublication } from './remote-vacancies.queries';

type Item = { id: string; name: string };
type Form = Omit<TPublicationFieldsInput, 'salary_from' | 'salary_to'> & {
  salary_from: string;
  salary_to: string;
};

const itemsOf = (value: unknown): Item[] =>
  Array.isArray(value)
    ? value
        .filter((v): v is { id: unknown; name: unknown } => typeof v === 'object' && v !== null)
        .map((v) => ({ id: String(v.id), name: String(v.name) }))
    : [];

/** Leaves of hh.ru's area tree (cities), named with their parent. */
function leafAreas(tree: unknown, parent = ''): Item[] {
  if (!Array.isArray(tree)) return [];
  return tree.flatMap((node: { id: string; name: string; areas?: unknown[] }) =>
    node.areas && node.areas.length
      ? leafAreas(node.areas, node.name)
      : [{ id: String(node.id), name: parent ? `${node.name} (${parent})` : node.name }],
  );
}

const text = (html: string | null | undefined) => (html ?? '').trim();

/** The form of a publication being edited: its fields as last sent, the numbers as text. */
const formOf = (publication: TPublication): Form => {
  const f = publication.fields as Partial<TPublicationFieldsInput>;
  return {
    ...(f as Omit<Form, 'salary_from' | 'salary_to'>),
    salary_from: f.salary_from != null ? String(f.salary_from) : '',
    salary_to: f.salary_to != null ? String(f.salary_to) : '',
  };
};

/**
 * /vacancy/{id}/publication/create: our vacancy mapped to hh.ru's form, its pickers from the site.
 * With `publication` the same form edits it (filled from it, saved with PUT on its connection).
 */
export function PublicationCreateScreen({
  vacancyId,
  publication,
}: {
  vacancyId: number;
  publication?: TPublication;
}) {
  useDocumentTitle(publication ? 'Изменение публикации' : 'Публикация вакансии');
  const navigate = useNavigate();
  const sites = useSiteConnections();
  const siteConnection = sites.data?.connections.find((c) => c.site === 'hh') ?? null;
  const connection = publication
    ? (sites.data?.connections.find((c) => c.id === publication.connection_id) ?? null)
    : siteConnection;
  const connectionId = connection?.id ?? null;
  const vacancy = useVacancyData(vacancyId);
  const dictionaries = useSiteData('get_dictionaries', connectionId);
  const addresses = useSiteData('get_addresses', connectionId);
  const members = useSiteData('get_members', connectionId);
  const samples = usePublicationSamples('hh');
  const create = useCreatePublication(vacancyId);
  const update = useUpdatePublication(publication?.id ?? 0);
  const saveSample = useSaveSample();
  const [edited, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const v = vacancy.data;
  // The vacancy's own fields until the user changes one.
  const initial: Form | null = v
    ? {
        name: v.position,
        area_id: '',
        professional_role_id: '',
        experience_id: null,
        employment_id: null,
        schedule_id: null,
        salary_from: v.salary_from != null ? String(v.salary_from) : '',
        salary_to: v.salary_to != null ? String(v.salary_to) : '',
        currency: 'RUR',
        salary_gross: true,
        address_id: null,
        manager_id: null,
        billing_type_id: 'standard',
        vacancy_type_id: 'open',
        description: [v.body, v.requirements, v.conditions].map(text).filter(Boolean).join('\n'),
      }
    : null;
  // A publication being edited starts from its own fields.
  const form = edited ?? (publication ? formOf(publication) : initial);

  // The page keeps its title while it loads or cannot go on, so the screen says where one is.
  const title = publication ? 'Изменение публикации на hh.ru' : 'Публикация на hh.ru';
  const framed = (body: ReactNode) => (
    <section className="flex flex-col gap-6">
      <PageHeader title={title} />
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
        title="hh.ru не подключён"
        description="Подключите аккаунт работодателя, чтобы публиковать вакансии."
        action={<Link to="/hh">Подключить hh.ru</Link>}
      />,
    );
  }
  if (!form) return framed(<Spinner label="Загружаем форму" />);

  const dict = (dictionaries.data?.result ?? {}) as Record<string, unknown>;
  const areas = leafAreas(dict.areas);
  const roles = (
    ((dict.professional_roles as { categories?: { roles?: unknown[] }[] } | undefined)
      ?.categories ?? []) as { roles?: unknown[] }[]
  ).flatMap((c) => itemsOf(c.roles));
  const addressItems = (
    ((addresses.data?.result as { items?: { id: string; raw?: string }[] } | null)?.items ??
      []) as { id: string; raw?: string }[]
  ).map((a) => ({ id: String(a.id), name: a.raw ?? String(a.id) }));
  const memberItems = (
    ((
      members.data?.result as {
        items?: { id: string; first_name?: string; last_name?: string }[];
      } | null
    )?.items ?? []) as { id: string; first_name?: string; last_name?: string }[]
  ).map((m) => ({ id: String(m.id), name: [m.last_name, m.first_name].filter(Boolean).join(' ') }));

  const set = (patch: Partial<Form>) => setForm((f) => ({ ...(f ?? form), ...patch }));
  const fields = (): TPublicationFieldsInput => ({
    ...form,
    salary_from: form.salary_from ? Number(form.salary_from) : null,
    salary_to: form.salary_to ? Number(form.salary_to) : null,
  });

  const picker = (
    key: keyof Form,
    label: string,
    items: Item[],
    options: { required?: boolean; loading?: boolean } = {},
  ) => (
    <Field label={label} required={options.required} error={errors[key]}>
      {(control) => (
        <Select
          {...control}
          value={(form[key] as string | null) ?? ''}
          onChange={(e) => set({ [key]: e.target.value || null } as Partial<Form>)}
          disabled={options.loading}
        >
          <option value="">{options.loading ? 'Загружаем…' : 'Не выбрано'}</option>
          {items.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    try {
      if (publication) await update.mutateAsync({ fields: fields() });
      else await create.mutateAsync({ connection_id: connection.id, fields: fields() });
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
        setFormError(
          publication ? 'Не удалось сохранить публикацию' : 'Не удалось опубликовать вакансию',
        );
      }
    }
  };

  const loading = dictionaries.isPending;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          publication
            ? `Изменения вакансии «${vacancy.data.position}» сохранятся на hh.ru.`
            : `Вакансия «${vacancy.data.position}» уйдёт на модерацию hh.ru.`
        }
      />
      {dictionaries.data && dictionaries.data.result === null && (
        <p role="alert" className="text-sm text-red-700">
          hh.ru не отдал справочники: попробуйте позже.
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
                if (sample) {
                  const f = sample.fields as Partial<TPublicationFieldsInput>;
                  set({
                    ...(f as Partial<Form>),
                    salary_from: f.salary_from != null ? String(f.salary_from) : '',
                    salary_to: f.salary_to != null ? String(f.salary_to) : '',
                  });
                }
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
          <Field label="Название" required error={errors.name} className="md:col-span-2">
            {(control) => (
              <Input
                {...control}
                value={form.name}
                onChange={(e) => set({ name: e.target.value })}
              />
            )}
          </Field>
          {picker('area_id', 'Регион', areas, { required: true, loading })}
          {picker('professional_role_id', 'Профессиональная роль', roles, {
            required: true,
            loading,
          })}
          {picker('experience_id', 'Опыт работы', itemsOf(dict.experience), { loading })}
          {picker('employment_id', 'Занятость', itemsOf(dict.employment), { loading })}
          {picker('schedule_id', 'График', itemsOf(dict.schedule), { loading })}
          {picker('billing_type_id', 'Тип публикации', itemsOf(dict.vacancy_billing_type), {
            required: true,
            loading,
          })}
          <Field label="Зарплата от" error={errors.salary_from}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={form.salary_from}
                onChange={(e) => set({ salary_from: e.target.value.replace(/\D/g, '') })}
              />
            )}
          </Field>
          <Field label="Зарплата до" error={errors.salary_to}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={form.salary_to}
                onChange={(e) => set({ salary_to: e.target.value.replace(/\D/g, '') })}
              />
            )}
          </Field>
          <Field label="Зарплата указана">
            {(control) => (
              <Select
                {...control}
                value={form.salary_gross ? 'gross' : 'net'}
                onChange={(e) => set({ salary_gross: e.target.value === 'gross' })}
              >
                <option value="gross">До вычета налогов</option>
                <option value="net">На руки</option>
              </Select>
            )}
          </Field>
          {picker('address_id', 'Адрес', addressItems, { loading: addresses.isPending })}
          {picker('manager_id', 'Менеджер', memberItems, { loading: members.isPending })}
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
            <Button type="submit" disabled={create.isPending || update.isPending}>
              {publication ? 'Сохранить' : 'Опубликовать'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={saveSample.isPending}
              onClick={() =>
                void saveSample
                  .mutateAsync({ site: 'hh', name: form.name, fields: fields() })
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
