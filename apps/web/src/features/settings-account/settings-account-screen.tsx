import { Card } from '@ats/ui/card';
import { useAccountState, useCurrentUser } from '../../shared/session/session.queries';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { settingsRights } from '../../shared/settings/settings-rights';
import { CompanyForm } from './company-form';
import { LogoCard } from './logo-card';
import { TariffPlans } from '../../shared/billing/tariff-plans';
import { PaymentsCard } from './payments-card';
import { TariffCard } from './tariff-card';

const READ_ONLY = 'Изменять данные компании может только администратор.';

export function SettingsAccountScreen() {
  const me = useCurrentUser();
  const canEdit = settingsRights(me).account;
  const state = useAccountState();
  const account = state.data?.state === 'active' ? state.data.account : null;

  return (
    <SettingsPage
      title="Аккаунт"
      description="Название компании, ИНН, часовой пояс, логотип и тариф."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      {account ? (
        <>
          <Card className="p-6">
            <h2 className="mb-4 text-base font-semibold text-zinc-900">Компания</h2>
            <CompanyForm key={account.id} account={account} canEdit={canEdit} />
          </Card>
          <Card className="p-6">
            <h2 className="mb-4 text-base font-semibold text-zinc-900">Логотип</h2>
            <LogoCard account={account} canEdit={canEdit} />
          </Card>
          <Card className="p-6">
            <h2 className="mb-4 text-base font-semibold text-zinc-900">Тариф</h2>
            <TariffCard account={account} />
          </Card>
          <Card className="p-6">
            <h2 className="mb-4 text-base font-semibold text-zinc-900">Оплата тарифа</h2>
            <TariffPlans canPay={me.is_admin} />
          </Card>
          {me.is_admin && (
            <Card className="p-6">
              <h2 className="mb-4 text-base font-semibold text-zinc-900">Счета и платежи</h2>
              <PaymentsCard />
            </Card>
          )}
        </>
      ) : (
        <LoadState
          isError={state.isError || state.data?.state === 'unknown'}
          loadingLabel="Загрузка данных компании"
          errorText="Не удалось загрузить данные компании"
          onRetry={() => void state.refetch()}
        />
      )}
    </SettingsPage>
  );
}
