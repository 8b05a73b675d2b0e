import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@heroicons/react/24/outline';
import { Link, Navigate, useSearchParams } from 'react-router';
import { buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Spinner } from '@ats/ui/spinner';
import { usePayment, useTariffCatalogue } from '../../shared/billing/billing.queries';
import { formatDate, formatMoney } from '../../shared/billing/payment-status';
import { BILLING_OFF_TEXT } from '../../shared/billing/tariff-plans';
import { useDocumentTitle } from '../../shared/use-document-title';

const paymentIdOf = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /payment/success and /payment/fail: the result of the payment named by `?payment=`, as YooKassa
 * reports it to the server (the return itself carries no result). A page reached with the other
 * outcome moves to the right one.
 */
export function PaymentResultScreen({ success }: { success: boolean }) {
  const [params] = useSearchParams();
  const id = paymentIdOf(params.get('payment'));
  const payment = usePayment(id);
  const catalogue = useTariffCatalogue();
  const status = payment.data?.status;
  const settled = status === 'succeeded' || status === 'canceled';
  const title =
    !settled && id !== null && !payment.isError
      ? 'Платёж обрабатывается'
      : (status ? status === 'succeeded' : success)
        ? 'Оплата прошла успешно'
        : 'Оплата не прошла';
  useDocumentTitle(title);

  if (id !== null && status === 'succeeded' && !success) {
    return <Navigate to={`/payment/success?payment=${id}`} replace />;
  }
  if (id !== null && status === 'canceled' && success) {
    return <Navigate to={`/payment/fail?payment=${id}`} replace />;
  }
  if (catalogue.data && !catalogue.data.billing_enabled) {
    return <EmptyState title="Оплата не подключена" description={BILLING_OFF_TEXT} />;
  }
  if (id !== null && payment.isPending) {
    return <Spinner className="m-auto text-zinc-400" label="Проверяем платёж" />;
  }
  if (id !== null && !settled && !payment.isError) {
    return (
      <EmptyState
        icon={<ClockIcon className="text-amber-500" />}
        title={title}
        description="ЮKassa ещё не подтвердила платёж. Страница обновится сама, как только придёт ответ."
      />
    );
  }

  const ok = status ? status === 'succeeded' : success;
  const p = payment.data;
  const description = p
    ? ok
      ? `Тариф «${p.tariff_title}» оплачен${p.paid_at ? ` ${formatDate(p.paid_at)}` : ''}: ${formatMoney(p.amount)} за ${p.period === 'year' ? 'год' : 'месяц'}.`
      : `Платёж за тариф «${p.tariff_title}» на ${formatMoney(p.amount)} отменён. Деньги не списаны, тариф не изменился.`
    : payment.isError
      ? payment.error.message
      : ok
        ? 'Спасибо! Тариф обновится в течение нескольких минут.'
        : 'Платёж отклонён или отменён. Деньги не списаны — попробуйте ещё раз или выберите другой способ оплаты.';
  return (
    <EmptyState
      icon={
        ok ? (
          <CheckCircleIcon className="text-emerald-500" />
        ) : (
          <XCircleIcon className="text-red-500" />
        )
      }
      title={title}
      description={description}
      action={
        <Link to={ok ? '/' : '/settings/account'} className={buttonClassName('primary')}>
          {ok ? 'К вакансиям' : 'Вернуться к оплате'}
        </Link>
      }
    />
  );
}
