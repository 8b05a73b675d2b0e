import { Spinner } from '@ats/ui/spinner';
import { usePayments } from '../../shared/billing/billing.queries';
import {
  PAYMENT_STATUS_LABELS,
  formatDate,
  formatMoney,
} from '../../shared/billing/payment-status';

/** The company's invoices and payments, newest first (admins). */
export function PaymentsCard() {
  const payments = usePayments(true);
  if (payments.isPending) return <Spinner className="text-zinc-400" label="Загрузка платежей" />;
  if (payments.isError) return <p className="text-sm text-red-600">Не удалось загрузить платежи</p>;
  if (payments.data.length === 0) {
    return <p className="text-sm text-zinc-500">Платежей пока нет.</p>;
  }
  return (
    <table className="w-full text-left text-sm" aria-label="Платежи">
      <thead className="text-zinc-500">
        <tr>
          <th className="py-2 font-medium">Дата</th>
          <th className="py-2 font-medium">Тариф</th>
          <th className="py-2 font-medium">Период</th>
          <th className="py-2 font-medium">Сумма</th>
          <th className="py-2 font-medium">Статус</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100">
        {payments.data.map((p) => (
          <tr key={p.id}>
            <td className="py-2">{formatDate(p.created_at)}</td>
            <td className="py-2">«{p.tariff_title}»</td>
            <td className="py-2">{p.period === 'year' ? 'год' : 'месяц'}</td>
            <td className="py-2">{formatMoney(p.amount)}</td>
            <td className="py-2">{PAYMENT_STATUS_LABELS[p.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
