import { MESSAGES } from '@ats/contracts/envelope';
import type { TErrorReportRequest } from '@ats/contracts/error-reports';
import type { AppDeps } from '../../platform/deps.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import * as repo from './error-reports.repository.ts';

/** Stored in every case; posted to the support chat when one is configured. */
export async function submitErrorReport(
  deps: AppDeps,
  input: TErrorReportRequest,
  reporter: Tenant | null,
) {
  const who = reporter
    ? await reporter.transaction((tx) => repo.findReporter(tx, reporter.accountId, reporter.userId))
    : null;
  const createdAt = new Date();
  const id = await repo.insertErrorReportAcrossAccounts(deps.database.system, {
    accountId: reporter?.accountId ?? null,
    userId: reporter?.userId ?? null,
    email: who?.email ?? null,
    tariffName: who?.tariff_name ?? null,
    message: input.message,
    code: input.code ?? null,
    path: input.path ?? null,
    createdAt,
  });
  if (deps.errorReportChat.isConfigured) {
    const lines = [
      `Сообщение об ошибке №${id}`,
      input.message,
      `Время: ${createdAt.toISOString()}`,
      ...(input.code ? [`Код: ${input.code}`] : []),
      ...(input.path ? [`Страница: ${input.path}`] : []),
      ...(reporter
        ? [
            `Пользователь: id ${reporter.userId}, ${who?.email ?? '—'}, тариф ${who?.tariff_name ?? '—'}`,
          ]
        : []),
    ];
    const sent = await deps.errorReportChat.sendText(lines.join('\n'));
    await repo.markErrorReportDeliveryAcrossAccounts(
      deps.database.system,
      id,
      sent.ok ? null : (sent.error ?? 'ошибка'),
    );
    if (!sent.ok) {
      deps.log.warn({ errorReportId: id, err: sent.error }, 'error report not posted to chat');
    }
  }
  return MESSAGES.errorReportThanks;
}
