import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ZStage, type TStage } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { apiCall } from '../../shared/api-client';
import { IconField } from '../../shared/icons/icon-field';
import { iconOrNull, type IconName } from '../../shared/icons/icon-list';
import { boardKeys } from '../../shared/query-keys';

/** The stage's icon (SPEC.md §3), picked from the 98 and saved to the vacancy's stage. */
export function StageIconDialog({
  vacancyId,
  stage,
  onClose,
}: {
  vacancyId: number;
  stage: Pick<TStage, 'id' | 'name' | 'icon'>;
  onClose: () => void;
}) {
  const [icon, setIcon] = useState<IconName | null>(iconOrNull(stage.icon));
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      apiCall(`/statuses/${stage.id}`, {
        method: 'PATCH',
        body: { icon },
        schema: ZStage,
        successToast: 'Иконка этапа сохранена',
      }),
    onSuccess: async (result) => {
      if (!result.ok) return;
      await queryClient.invalidateQueries({ queryKey: boardKeys.columns(vacancyId) });
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} title={`Иконка этапа «${stage.name}»`}>
      <div className="flex flex-col gap-4">
        <IconField label="Иконка этапа" value={icon} onChange={setIcon} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Сохранить
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
