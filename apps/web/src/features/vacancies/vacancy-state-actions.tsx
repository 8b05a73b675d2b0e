import { useState } from 'react';
import { Button } from '@ats/ui/button';
import type { TVacancy } from '@ats/contracts/vacancies';
import { StateReasonDialog, type CloseAction } from './state-reason-dialog';
import { useChangeVacancyState } from './vacancies.queries';

/** Закрыть / Приостановить (each asks a reason) for an open vacancy; Возобновить otherwise. */
export function VacancyStateActions({ vacancy }: { vacancy: TVacancy }) {
  const change = useChangeVacancyState(vacancy.id);
  const [asking, setAsking] = useState<CloseAction | null>(null);

  return (
    <>
      {vacancy.state === 'open' ? (
        <>
          <Button variant="secondary" onClick={() => setAsking('hold')}>
            Приостановить
          </Button>
          <Button variant="secondary" onClick={() => setAsking('close')}>
            Закрыть
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          loading={change.isPending && change.variables?.action === 'reopen'}
          onClick={() => change.mutate({ action: 'reopen' })}
        >
          Возобновить
        </Button>
      )}
      <StateReasonDialog
        action={asking}
        pending={change.isPending}
        onClose={() => setAsking(null)}
        onConfirm={async ({ reason_id, comment }) => {
          if (!asking) return;
          const result = await change.mutateAsync({ action: asking, reason_id, comment });
          if (result.ok) setAsking(null);
        }}
      />
    </>
  );
}
