import { ArrowUturnLeftIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TMerge } from '@ats/contracts/duplicates';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { formatDateTime } from '../format/applicant-format';
import { useUndoMerge } from './doubles.queries';

/** «Отменить объединение» in the card's history, while the merge can still be undone. */
export function MergeUndoButton({ merge }: { merge: TMerge }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoMerge();
  if (!merge.can_undo) return null;
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        className="mt-1"
        onClick={() => setConfirming(true)}
        title={`Можно отменить до ${formatDateTime(merge.undo_until)}`}
      >
        <ArrowUturnLeftIcon className="size-4" aria-hidden="true" />
        Отменить объединение
      </Button>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Отменить объединение?"
        description={`Карточка «${merge.secondary_name}» вернётся, а эта станет такой, какой была до объединения. Изменения, сделанные после объединения, в полях, которые оно затронуло, будут потеряны.`}
        confirmLabel="Отменить объединение"
        pending={undo.isPending}
        onConfirm={() =>
          undo.mutate(merge.id, {
            onSuccess: (result) => {
              if (result.ok) setConfirming(false);
            },
          })
        }
      />
    </>
  );
}
