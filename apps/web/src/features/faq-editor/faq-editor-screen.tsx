import { ArrowDownIcon, ArrowUpIcon, PhotoIcon } from '@heroicons/react/20/solid';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TInstructionSection, TInstructionWrite } from '@ats/contracts/instructions';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { Textarea } from '@ats/ui/textarea';
import { ApiError } from '../../shared/api-client';
import { Markdown } from '../../shared/faq/markdown';
import { notify } from '../../shared/toasts';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  isRefused,
  useCreateSection,
  useDeleteArticle,
  useDeleteSection,
  useEditorArticle,
  useEditorSections,
  useReorder,
  useSaveArticle,
} from './faq-editor.queries';

const IMAGE_LIMIT = 1024 * 1024;

type Draft = {
  title: string;
  slug: string;
  section_id: number;
  body: string;
  is_published: boolean;
  related: string;
};

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

const orderOf = (sections: TInstructionSection[]) => ({
  sections: sections.map((s) => ({ id: s.id, instruction_ids: s.instructions.map((i) => i.id) })),
});

function SectionForm() {
  const create = useCreateSection();
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <form
      aria-label="Новый раздел"
      className="flex flex-col gap-2 rounded-xl bg-white p-4 ring-1 ring-zinc-200"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate(
          { title, slug },
          {
            onSuccess: () => {
              setTitle('');
              setSlug('');
              setErrors({});
            },
            onError: (error) => {
              if (error instanceof ApiError) {
                setErrors(error.errors ?? {});
                notify.warning(error.message);
              }
            },
          },
        );
      }}
    >
      <Field label="Название раздела" error={errors.title}>
        {(c) => <Input {...c} value={title} onChange={(e) => setTitle(e.target.value)} />}
      </Field>
      <Field label="Адрес раздела" error={errors.slug} hint="Латиница, цифры и дефис">
        {(c) => <Input {...c} value={slug} onChange={(e) => setSlug(e.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" loading={create.isPending}>
        Добавить раздел
      </Button>
    </form>
  );
}

function ArticleForm(props: {
  sections: TInstructionSection[];
  id: number | null;
  onSaved: (id: number) => void;
  onDeleted: () => void;
}) {
  const { data: article, isPending } = useEditorArticle(props.id);
  if (props.id !== null && isPending) return <Spinner label="Загружаем статью" />;
  const initial: Draft = article
    ? {
        title: article.title,
        slug: article.slug,
        section_id: article.section_id,
        body: article.body,
        is_published: article.is_published,
        related: article.related_slugs.join(', '),
      }
    : {
        title: '',
        slug: '',
        section_id: props.sections[0]?.id ?? 0,
        body: '',
        is_published: false,
        related: '',
      };
  return <ArticleFields {...props} initial={initial} />;
}

function ArticleFields({
  sections,
  id,
  onSaved,
  onDeleted,
  initial,
}: {
  sections: TInstructionSection[];
  id: number | null;
  onSaved: (id: number) => void;
  onDeleted: () => void;
  initial: Draft;
}) {
  const save = useSaveArticle();
  const remove = useDeleteArticle();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<Draft>(initial);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const insertImage = (file: File) => {
    if (!/^image\/(png|jpeg|gif|webp)$/.test(file.type)) {
      notify.warning('Изображение: PNG, JPEG, GIF или WebP');
      return;
    }
    if (file.size > IMAGE_LIMIT) {
      notify.warning('Изображение больше 1 МБ: уменьшите его');
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const at = bodyRef.current?.selectionStart ?? draft.body.length;
      const alt = file.name.replace(/\.[^.]+$/, '').replace(/[[\]]/g, '');
      const image = `\n![${alt}](${String(reader.result)})\n`;
      set({ body: draft.body.slice(0, at) + image + draft.body.slice(at) });
    };
    reader.readAsDataURL(file);
  };

  const submit = () => {
    const body: TInstructionWrite = {
      title: draft.title,
      slug: draft.slug,
      section_id: draft.section_id,
      body: draft.body,
      is_published: draft.is_published,
      related_slugs: draft.related
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          setErrors({});
          onSaved(saved.id);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            setErrors(error.errors ?? {});
            notify.warning(error.message);
          }
        },
      },
    );
  };

  return (
    <form
      aria-label={id ? 'Статья' : 'Новая статья'}
      noValidate
      className="flex flex-col gap-4 rounded-xl bg-white p-5 ring-1 ring-zinc-200"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="text-base font-semibold text-zinc-900">
        {id ? 'Редактирование статьи' : 'Новая статья'}
      </h2>
      <Field label="Заголовок" required error={errors.title}>
        {(c) => (
          <Input {...c} value={draft.title} onChange={(e) => set({ title: e.target.value })} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Адрес" required error={errors.slug} hint="/static/faq/адрес">
          {(c) => (
            <Input {...c} value={draft.slug} onChange={(e) => set({ slug: e.target.value })} />
          )}
        </Field>
        <Field label="Раздел" required error={errors.section_id}>
          {(c) => (
            <Select
              {...c}
              value={draft.section_id}
              onChange={(e) => set({ section_id: Number(e.target.value) })}
            >
              {sections.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <div role="tablist" aria-label="Текст статьи" className="flex gap-2">
        <Button
          role="tab"
          aria-selected={tab === 'edit'}
          variant={tab === 'edit' ? 'primary' : 'ghost'}
          size="sm"
          onClick={() => setTab('edit')}
        >
          Текст
        </Button>
        <Button
          role="tab"
          aria-selected={tab === 'preview'}
          variant={tab === 'preview' ? 'primary' : 'ghost'}
          size="sm"
          onClick={() => setTab('preview')}
        >
          Предпросмотр
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="ml-auto"
          onClick={() => fileRef.current?.click()}
        >
          <PhotoIcon className="size-4" aria-hidden="true" />
          Вставить изображение
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="hidden"
          aria-label="Файл изображения"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) insertImage(file);
            e.target.value = '';
          }}
        />
      </div>
      {tab === 'edit' ? (
        <Field
          label="Текст (Markdown)"
          error={errors.body}
          hint="## Заголовок, **жирный**, - список, [ссылка](/static/faq/адрес), ![подпись](картинка)"
        >
          {(c) => (
            <Textarea
              {...c}
              ref={bodyRef}
              rows={16}
              className="font-mono text-sm"
              value={draft.body}
              onChange={(e) => set({ body: e.target.value })}
            />
          )}
        </Field>
      ) : (
        <section
          aria-label="Предпросмотр"
          className="rounded-lg bg-zinc-50 p-4 ring-1 ring-zinc-200"
        >
          <h1 className="mb-3 text-2xl font-semibold text-zinc-900">{draft.title}</h1>
          <Markdown source={draft.body} />
        </section>
      )}
      <Field label="Связанные статьи" error={errors.related_slugs} hint="Адреса через запятую">
        {(c) => (
          <Input {...c} value={draft.related} onChange={(e) => set({ related: e.target.value })} />
        )}
      </Field>
      <label className="flex items-center gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          checked={draft.is_published}
          onChange={(e) => set({ is_published: e.target.checked })}
        />
        Опубликована (без отметки — черновик, виден только здесь)
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={save.isPending}>
          Сохранить
        </Button>
        {id !== null && draft.is_published && (
          <Link to={`/static/faq/${draft.slug}`} className="self-center text-sm text-indigo-600">
            Открыть на сайте
          </Link>
        )}
        {id !== null && (
          <Button
            variant="danger"
            className="ml-auto"
            loading={remove.isPending}
            onClick={() => {
              if (window.confirm('Удалить статью?')) remove.mutate(id, { onSuccess: onDeleted });
            }}
          >
            Удалить
          </Button>
        )}
      </div>
    </form>
  );
}

export function FaqEditorScreen() {
  useDocumentTitle('Статьи базы знаний');
  const { data: sections, isPending, error } = useEditorSections();
  const reorder = useReorder();
  const removeSection = useDeleteSection();
  const [selected, setSelected] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);

  if (isPending) return <Spinner label="Загружаем статьи" />;
  if (isRefused(error)) {
    return (
      <EmptyState
        title="Нет доступа"
        description="Редактировать базу знаний может только её редактор"
        action={
          <Link to="/" className="text-sm text-indigo-600">
            На главную
          </Link>
        }
      />
    );
  }
  if (!sections) {
    return <EmptyState title="Не удалось загрузить статьи" description="Обновите страницу." />;
  }

  const moveSection = (from: number, to: number) =>
    reorder.mutate(orderOf(move(sections, from, to)));
  const moveArticle = (s: number, from: number, to: number) =>
    reorder.mutate(
      orderOf(
        sections.map((section, i) =>
          i === s ? { ...section, instructions: move(section.instructions, from, to) } : section,
        ),
      ),
    );
  const open = (id: number | null) => {
    setSelected(id);
    setFormKey((k) => k + 1);
  };

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Статьи базы знаний"
        description="Разделы и статьи справки «Помощь»: черновики, порядок, предпросмотр."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <div className="flex flex-col gap-4">
          <Button onClick={() => open(null)}>Новая статья</Button>
          <ol aria-label="Разделы" className="flex flex-col gap-3">
            {sections.map((section, s) => (
              <li key={section.id} className="rounded-xl bg-white p-3 ring-1 ring-zinc-200">
                <div className="flex items-center gap-1">
                  <h2 className="flex-1 text-sm font-semibold text-zinc-900">{section.title}</h2>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Раздел «${section.title}» выше`}
                    disabled={s === 0}
                    onClick={() => moveSection(s, s - 1)}
                  >
                    <ArrowUpIcon className="size-4" aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Раздел «${section.title}» ниже`}
                    disabled={s === sections.length - 1}
                    onClick={() => moveSection(s, s + 1)}
                  >
                    <ArrowDownIcon className="size-4" aria-hidden="true" />
                  </Button>
                  {section.instructions.length === 0 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => removeSection.mutate(section.id)}
                    >
                      Удалить
                    </Button>
                  )}
                </div>
                <ul className="mt-2 flex flex-col gap-1">
                  {section.instructions.map((article, a) => (
                    <li
                      key={article.id}
                      draggable
                      onDragStart={(e) => e.dataTransfer.setData('text/plain', `${s}:${a}`)}
                      onDragOver={(e) => e.preventDefault()}
                      onDrop={(e) => {
                        e.preventDefault();
                        const [fromS, fromA] = e.dataTransfer.getData('text/plain').split(':');
                        if (Number(fromS) === s) moveArticle(s, Number(fromA), a);
                      }}
                      className="flex items-center gap-1"
                    >
                      <button
                        type="button"
                        onClick={() => open(article.id)}
                        aria-current={selected === article.id ? 'true' : undefined}
                        className={
                          'flex-1 truncate rounded px-2 py-1 text-left text-sm ' +
                          (selected === article.id
                            ? 'bg-indigo-50 text-indigo-700'
                            : 'text-zinc-700 hover:bg-zinc-50')
                        }
                      >
                        {article.title}
                        {!article.is_published && (
                          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">
                            Черновик
                          </span>
                        )}
                      </button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`«${article.title}» выше`}
                        disabled={a === 0}
                        onClick={() => moveArticle(s, a, a - 1)}
                      >
                        <ArrowUpIcon className="size-4" aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`«${article.title}» ниже`}
                        disabled={a === section.instructions.length - 1}
                        onClick={() => moveArticle(s, a, a + 1)}
                      >
                        <ArrowDownIcon className="size-4" aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <SectionForm />
        </div>
        {sections.length === 0 ? (
          <EmptyState title="Разделов нет" description="Добавьте раздел, затем статьи в него." />
        ) : (
          <ArticleForm
            key={formKey}
            sections={sections}
            id={selected}
            onSaved={(id) => setSelected(id)}
            onDeleted={() => open(null)}
          />
        )}
      </div>
    </section>
  );
}
