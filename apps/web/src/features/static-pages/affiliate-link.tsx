import { useMe } from '../../shared/session/session.queries';
import { useAffiliate } from '../../shared/billing/billing.queries';
import { formatDate, formatMoney } from '../../shared/billing/payment-status';

/** For a signed-in admin: the company's referral link and who signed up through it. */
export function AffiliateLink() {
  const { data: me } = useMe();
  const affiliate = useAffiliate(Boolean(me?.is_admin));
  if (!me) {
    return (
      <p className="mt-6 text-sm text-zinc-600">
        Войдите в аккаунт, чтобы получить партнёрскую ссылку своей компании.
      </p>
    );
  }
  if (!me.is_admin) {
    return (
      <p className="mt-6 text-sm text-zinc-600">
        Партнёрскую ссылку компании видит администратор аккаунта.
      </p>
    );
  }
  if (!affiliate.data) return null;
  const { referral_link, referrals } = affiliate.data;
  return (
    <section className="mt-8 rounded-xl bg-white p-5 ring-1 ring-zinc-200" aria-label="Ваша ссылка">
      <h2 className="font-semibold text-zinc-900">Ваша партнёрская ссылка</h2>
      <input
        readOnly
        aria-label="Партнёрская ссылка"
        value={referral_link}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-2 w-full rounded-md border border-zinc-300 px-3 py-2 font-mono text-sm"
      />
      <h3 className="mt-6 font-semibold text-zinc-900">Приглашённые компании</h3>
      {referrals.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">По ссылке ещё никто не зарегистрировался.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm" aria-label="Приглашённые компании">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-2 font-medium">Компания</th>
              <th className="py-2 font-medium">Регистрация</th>
              <th className="py-2 font-medium">Оплат</th>
              <th className="py-2 font-medium">Оплачено</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {referrals.map((r) => (
              <tr key={`${r.company}-${r.signed_up_at}`}>
                <td className="py-2">{r.company}</td>
                <td className="py-2">{formatDate(r.signed_up_at)}</td>
                <td className="py-2">{r.payments_count}</td>
                <td className="py-2">{formatMoney(r.paid_total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
