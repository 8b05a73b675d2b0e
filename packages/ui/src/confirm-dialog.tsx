import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description?: string | undefined;
  confirmLabel: string;
  /** Destructive actions are red; reversible ones (archive) keep the primary colour. */
  destructive?: boolean;
  pending?: boolean;
};

/** A question with 'Отмена' and one action, for anything the user should not do by accident. */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  destructive = false,
  pending = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button
          {...(destructive ? { variant: 'danger' as const } : {})}
          loading={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
