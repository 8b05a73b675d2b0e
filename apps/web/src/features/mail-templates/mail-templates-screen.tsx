import { EnvelopeIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAIL_TEMPLATE_ACTION_LABELS, type TMailTemplate } from '@ats/contracts/mail-templates';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { MailTemplateDialog } from './mail-template-dialog';
import { useDeleteMailTemplate, useMailTemplates } from './mail-templates.queries';

type Editing = { template: TMailTemplate | null } | null;

/** `/settings/mail-templates`: the team's shared templates and the user's personal ones. */
export function MailTemplatesScreen() {
  useDocumentTitle('Настройки — Шаблоны писем');
  const me = useCurrentUser();
  const canShare =
    me.is_admin || me.admin_user_setting.permissions_actions.can_manage_template_mail;
  const templates = useMailTemplates();
  const remove = useDeleteMailTemplate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TMailTemplate | null>(null);

  const all = templates.data ?? [];
  const groups = [
    { title: 'Общие шаблоны', items: all.filter((t) => t.is_shared) },
    { title: 'Личные шаблоны', items: all.filter((t) => !t.is_shared) },
  ];

  return (
    <section>
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        Все настройки
      </Link>
      <PageHeader
        title="Настройки — Шаблоны писем"
        description="Письма кандидатам с переменными: имя, вакансия, компания, дата."
        actions={<Button onClick={() => setEditing({ template: null })}>Создать шаблон</Button>}
      />
      {templates.isPending && (
        <div className="flex justify-center py-16">
          <Spinner label="Загрузка шаблонов" />
        </div>
      )}
      {templates.isError && (
        <EmptyState title="Не удалось загрузить шаблоны" description={templates.error.message} />
      )}
      {templates.isSuccess && all.length === 0 && (
        <EmptyState
          icon={<EnvelopeIcon />}
          title="Шаблонов пока нет"
          description="Создайте первый: приглашение на интервью, отказ или оффер."
        />
      )}
      {all.length > 0 &&
        groups.map(
          (group) =>
            group.items.length > 0 && (
              <section key={group.title} aria-label={group.title} className="mb-6">
                <h2 className="mb-2 text-sm font-semibold text-zinc-700">{group.title}</h2>
                <ul className="divide-y divide-zinc-100 rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
                  {group.items.map((template) => (
                    <li key={template.id} className="flex items-center gap-3 px-4 py-3">
                      <div className="min-w-0 flex-1">
                        <p className="truncate text-sm font-medium text-zinc-900">
                          {template.name}
                        </p>
                        <p className="truncate text-sm text-zinc-500">
                          {MAIL_TEMPLATE_ACTION_LABELS[template.action_type]}
                          {template.title && ` · ${template.title}`}
                          {template.is_shared &&
                            template.author_name &&
                            ` · ${template.author_name}`}
                        </p>
                      </div>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`${template.can_edit ? 'Изменить' : 'Открыть'} шаблон «${template.name}»`}
                        onClick={() => setEditing({ template })}
                      >
                        <PencilSquareIcon className="size-4" aria-hidden="true" />
                        {template.can_edit ? 'Изменить' : 'Открыть'}
                      </Button>
                      {template.can_edit && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Удалить шаблон «${template.name}»`}
                          onClick={() => setDeleting(template)}
                        >
                          <TrashIcon className="size-4" aria-hidden="true" />
                        </Button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ),
        )}
      {editing && (
        <MailTemplateDialog
          template={editing.template}
          canShare={canShare}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Удалить шаблон?"
        description={
          deleting
            ? `Шаблон «${deleting.name}» будет удалён без возможности восстановления.`
            : undefined
        }
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          if (result.ok) setDeleting(null);
        }}
      />
    </section>
  );
}
