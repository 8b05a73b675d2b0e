import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { BuildingOffice2Icon, PlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TDivision } from '@ats/contracts/divisions';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { useCurrentUser } from '../../shared/session/session.queries';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { DivisionNameDialog, type NameDialogTarget } from './division-name-dialog';
import { DivisionRow, TopLevelDropZone } from './division-row';
import { descendantCount } from './division-tree';
import { MoveDivisionDialog } from './move-division-dialog';
import {
  useDeleteDivision,
  useDivisionTree,
  useUpdateDivision,
} from './settings-divisions.queries';

const READ_ONLY = 'Изменять структуру компании может только администратор.';

const DRAG_TEXTS = {
  screenReaderInstructions: {
    draggable:
      'Нажмите пробел, чтобы взять подразделение, стрелками выберите новое место, пробелом отпустите, Escape — отмена. Без перетаскивания: кнопка «Переместить в…».',
  },
  announcements: {
    onDragStart: () => 'Подразделение взято',
    onDragOver: () => 'Подразделение над новым местом',
    onDragEnd: () => 'Подразделение отпущено',
    onDragCancel: () => 'Перемещение отменено',
  },
};

export function SettingsDivisionsScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).divisions;
  const tree = useDivisionTree();
  const move = useUpdateDivision('Подразделение перемещено');
  const remove = useDeleteDivision();
  const [naming, setNaming] = useState<NameDialogTarget | null>(null);
  const [moving, setMoving] = useState<TDivision | null>(null);
  const [deleting, setDeleting] = useState<TDivision | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const division = active.data.current?.division as TDivision | undefined;
    if (!division || !over) return;
    const parentId = (over.data.current?.parentId ?? null) as number | null;
    // Dropping on itself or where it already is changes nothing; inside its own subtree the
    // server refuses (a cycle) and its message is shown.
    if (parentId === division.parent_id || parentId === division.id) return;
    move.mutate({ id: division.id, changes: { parent_id: parentId } });
  };

  const actions = {
    onAddChild: (division: TDivision) => setNaming({ mode: 'create', parent: division }),
    onRename: (division: TDivision) => setNaming({ mode: 'rename', division }),
    onMove: setMoving,
    onDelete: setDeleting,
  };

  const roots = tree.data ?? [];
  return (
    <SettingsPage
      title="Отделы"
      description="Структура компании: вакансии и аналитика группируются по подразделениям."
      readOnlyNote={canEdit ? null : READ_ONLY}
      actions={
        canEdit && (
          <Button onClick={() => setNaming({ mode: 'create', parent: null })}>
            <PlusIcon className="size-4" aria-hidden="true" />
            Добавить подразделение
          </Button>
        )
      }
    >
      {!tree.data ? (
        <LoadState
          isError={tree.isError}
          loadingLabel="Загрузка подразделений"
          errorText="Не удалось загрузить подразделения"
          onRetry={() => void tree.refetch()}
        />
      ) : roots.length === 0 ? (
        <EmptyState
          icon={<BuildingOffice2Icon />}
          title="Подразделений пока нет"
          description="Добавьте отделы компании, чтобы распределять по ним вакансии."
        />
      ) : (
        <Card className="p-4">
          <DndContext sensors={sensors} onDragEnd={onDragEnd} accessibility={DRAG_TEXTS}>
            <ul aria-label="Дерево подразделений" className="flex flex-col gap-0.5">
              {roots.map((division) => (
                <DivisionRow
                  key={division.id}
                  division={division}
                  canEdit={canEdit}
                  actions={actions}
                />
              ))}
            </ul>
            {canEdit && (
              <div className="mt-4">
                <TopLevelDropZone />
              </div>
            )}
          </DndContext>
        </Card>
      )}

      {naming && <DivisionNameDialog target={naming} onClose={() => setNaming(null)} />}
      {moving && (
        <MoveDivisionDialog roots={roots} division={moving} onClose={() => setMoving(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const result = await remove.mutateAsync(deleting.id);
          if (result.ok) setDeleting(null);
        }}
        title={`Удалить «${deleting?.name ?? ''}»?`}
        description={
          deleting && descendantCount(deleting) > 0
            ? `Вместе с ним удалятся вложенные подразделения: ${descendantCount(deleting)}. Вакансии останутся, но без подразделения.`
            : 'Вакансии подразделения останутся, но без подразделения.'
        }
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
      />
    </SettingsPage>
  );
}
