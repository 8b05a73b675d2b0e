import type { TAccount } from '@ats/contracts/account';
import { tariffTitle } from '../../shared/billing/billing.queries';
import { pluralize } from '../../shared/format/plurals';

const date = (iso: string) =>
  iso
    ? new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(iso),
      )
    : '—';

const USER_FORMS = { one: 'пользователь', few: 'пользователя', many: 'пользователей' };

/** The tariff as /api/account tells it: name, period, whether it runs, seats used. */
export function TariffCard({ account }: { account: TAccount }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-zinc-500">Тариф</dt>
        <dd className="mt-1 font-medium text-zinc-900">
          {account.tariff_name ? tariffTitle(account.tariff_name) : '—'}{' '}
          <span className={account.tariff_is_active ? 'text-emerald-700' : 'text-red-600'}>
            ({account.tariff_is_active ? 'активен' : 'не активен'})
          </span>
        </dd>
      </div>
      <div>
        <dt className="text-zinc-500">Период</dt>
        <dd className="mt-1 font-medium text-zinc-900">
          {account.tariff_end_at
            ? `${date(account.tariff_start_at)} — ${date(account.tariff_end_at)}`
            : `с ${date(account.tariff_start_at)}, без срока`}
        </dd>
      </div>
      <div>
        <dt className="text-zinc-500">Пользователи</dt>
        <dd className="mt-1 font-medium text-zinc-900">
          {account.tariff_users
            ? `${account.users_count} из ${pluralize(account.tariff_users, USER_FORMS)}`
            : `${pluralize(account.users_count, USER_FORMS)}, без ограничения`}
        </dd>
      </div>
    </dl>
  );
}
