import { Button } from '@ats/ui/button';
import { Spinner } from '@ats/ui/spinner';
import { useState } from 'react';
import { useTariffCatalogue, usePayTariff } from './billing.queries';

export const BILLING_OFF_TEXT =
  'Оплата в этой установке не подключена: тариф не ограничен ни сроком, ни числом пользователей.';

const rub = (value: string) => `${new Intl.NumberFormat('ru-RU').format(Number(value))} ₽`;

/**
 * The paid tariffs with their users and prices, each paid for a month or a year through YooKassa;
 * on an install without YooKassa, the note that there is nothing to pay.
 */
export function TariffPlans({
  canPay,
  quietWhenOff = false,
}: {
  canPay: boolean;
  quietWhenOff?: boolean;
}) {
  const catalogue = useTariffCatalogue();
  const pay = usePayTariff();
  const [chosen, setChosen] = useState<string | null>(null);

  if (catalogue.isPending) return <Spinner className="text-zinc-400" label="Загрузка тарифов" />;
  if (catalogue.isError) {
    return <p className="text-sm text-red-600">Не удалось загрузить тарифы</p>;
  }
  if (!catalogue.data.billing_enabled) {
    if (quietWhenOff) return null;
    return <p className="text-sm text-zinc-600">{BILLING_OFF_TEXT}</p>;
  }
  const paid = catalogue.data.tariffs.filter((t) => t.price_month !== null);
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Тарифы">
      {paid.map((tariff) => (
        <li
          key={tariff.name}
          aria-label={`Тариф «${tariff.title}»`}
          className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-4 text-left"
        >
          <div>
            <h3 className="text-base font-semibold text-zinc-900">«{tariff.title}»</h3>
            <p className="text-sm text-zinc-500">До {tariff.users} пользователей</p>
          </div>
          <p className="text-sm text-zinc-700">
            {rub(tariff.price_month!)} в месяц · {rub(tariff.price_year!)} в год
          </p>
          {canPay ? (
            <div className="flex flex-wrap gap-2">
              {(['month', 'year'] as const).map((period) => (
                <Button
                  key={period}
                  size="sm"
                  variant={period === 'month' ? 'primary' : 'secondary'}
                  loading={pay.isPending && chosen === `${tariff.name}:${period}`}
                  disabled={pay.isPending}
                  onClick={() => {
                    setChosen(`${tariff.name}:${period}`);
                    pay.mutate({ tariff_name: tariff.name, period });
                  }}
                >
                  {period === 'month' ? 'Оплатить месяц' : 'Оплатить год'}
                </Button>
              ))}
            </div>
          ) : (
            <p className="text-xs text-zinc-500">Оплатить тариф может администратор.</p>
          )}
        </li>
      ))}
    </ul>
  );
}
