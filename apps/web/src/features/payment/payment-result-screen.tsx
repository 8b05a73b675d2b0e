import { CheckCircleIcon, XCircleIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { useDocumentTitle } from '../../shared/use-document-title';

export function PaymentResultScreen({ success }: { success: boolean }) {
  const title = success ? 'Оплата прошла успешно' : 'Оплата не прошла';
  useDocumentTitle(title);
  return (
    <EmptyState
      icon={
        success ? (
          <CheckCircleIcon className="text-emerald-500" />
        ) : (
          <XCircleIcon className="text-red-500" />
        )
      }
      title={title}
      description={
        success
          ? 'Спасибо! Тариф обновится в течение нескольких минут.'
          : 'Платёж отклонён или отменён. Деньги не списаны — попробуйте ещё раз или выберите другой способ оплаты.'
      }
      action={
        <Link to={success ? '/' : '/settings/account'} className={buttonClassName('primary')}>
          {success ? 'К вакансиям' : 'Вернуться к оплате'}
        </Link>
      }
    />
  );
}
