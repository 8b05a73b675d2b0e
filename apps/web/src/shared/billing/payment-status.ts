import type { TPayment } from '@ats/contracts/tariffs';

export const PAYMENT_STATUS_LABELS: Record<TPayment['status'], string> = {
  pending: 'Ожидает оплаты',
  waiting_for_capture: 'Ожидает подтверждения',
  succeeded: 'Оплачен',
  canceled: 'Отменён',
};

export const formatMoney = (amount: string) =>
  `${new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2 }).format(Number(amount))} ₽`;

export const formatDate = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
