import { PencilSquareIcon } from '@heroicons/react/24/outline';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { useCardEditing } from './card-access';

type Props = {
  title: string;
  children: ReactNode;
  /** When given, the section has «Изменить» and shows this form instead of its content. */
  renderForm?: (done: () => void) => ReactNode;
  actions?: ReactNode;
  className?: string;
};

/** One block of the card; edits happen in place, in the block itself. */
export function CardSection({ title, children, renderForm, actions, className }: Props) {
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const editable = useCardEditing() && renderForm !== undefined;
  return (
    <Card className={`p-5 ${className ?? ''}`}>
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          <div className="flex items-center gap-1">
            {actions}
            {editable && !editing && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setEditing(true)}
                aria-label={`Изменить: ${title}`}
              >
                <PencilSquareIcon className="size-4" aria-hidden="true" />
                Изменить
              </Button>
            )}
          </div>
        </div>
        {editing && editable ? renderForm(() => setEditing(false)) : children}
      </section>
    </Card>
  );
}

export function Muted({ children }: { children: ReactNode }) {
  return <p className="text-sm text-zinc-500">{children}</p>;
}

/** A label–value list; rows without a value are left out. */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return <Muted>Не указано</Muted>;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500">{label}</dt>
          <dd className="min-w-0 break-words text-zinc-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <div className="mt-4 flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onCancel}>
        Отмена
      </Button>
      <Button size="sm" type="submit" loading={saving}>
        Сохранить
      </Button>
    </div>
  );
}
