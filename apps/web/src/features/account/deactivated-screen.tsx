import { useState } from 'react';
import { Button } from '@ats/ui/button';
import { API_TOAST_MS, notify } from '../../shared/toasts';
import { useDocumentTitle } from '../../shared/use-document-title';
import { FeedbackDialog } from '../../shared/feedback/feedback-dialog';
import { TariffPlans } from '../../shared/billing/tariff-plans';
import { useMe } from '../../shared/session/session.queries';
import { useRequestTariffExtension } from './account.queries';
import { DeactivatedAnimation } from './deactivated-animation';

/** Replaces the whole app while the account is deactivated (SPEC.md §2, §4). */
export function DeactivatedScreen() {
  useDocumentTitle('Продлите тариф');
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const extension = useRequestTariffExtension();
  const { data: me } = useMe();

  const requestExtension = () =>
    extension.mutate(undefined, {
      onSuccess: (result) =>
        result.ok
          ? notify.success(result.data, API_TOAST_MS)
          : notify.error(result.message, API_TOAST_MS),
    });

  return (
    <div className="flex max-w-xl flex-col items-center gap-6 text-center">
      <DeactivatedAnimation />
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">
          Продлите тариф, чтобы продолжить работу
        </h1>
        <p className="mt-2 text-sm text-zinc-500">
          Срок действия тарифа закончился, и аккаунт временно не активен. Все вакансии и кандидаты
          сохранены — они снова станут доступны сразу после продления.
        </p>
      </div>
      <div className="flex flex-col items-center gap-3">
        <Button size="lg" loading={extension.isPending} onClick={requestExtension}>
          Запросить продление тарифа
        </Button>
        <button
          type="button"
          onClick={() => setFeedbackOpen(true)}
          className="text-sm font-medium text-indigo-600 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Связаться с нами
        </button>
      </div>
      <section className="w-full" aria-label="Оплата тарифа">
        <TariffPlans canPay={Boolean(me?.is_admin)} quietWhenOff />
      </section>
      <FeedbackDialog open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </div>
  );
}
