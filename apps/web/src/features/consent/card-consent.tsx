import { ShieldCheckIcon } from '@heroicons/react/24/outline';
import type { TApplicant } from '@ats/contracts/applicants';
import { CONSENT_STATE_LABELS, type TApplicantConsent } from '@ats/contracts/consent';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useApplicantConsent, useRequestConsent } from './consent.queries';

const TONE: Record<TApplicantConsent['state'], string> = {
  not_asked: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
  asked: 'bg-amber-50 text-amber-800 ring-amber-200',
  given: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  refused: 'bg-red-50 text-red-800 ring-red-200',
  withdrawn: 'bg-red-50 text-red-800 ring-red-200',
};

/** «Дано: версия 2, 27.11.2026 10:15». */
export function consentSummary(consent: TApplicantConsent) {
  const label = CONSENT_STATE_LABELS[consent.state];
  if (consent.state === 'not_asked') return label;
  const parts = [
    consent.version ? `версия ${consent.version}` : null,
    consent.at ? formatDateTime(consent.at) : null,
  ].filter(Boolean);
  return parts.length ? `${label}: ${parts.join(', ')}` : label;
}

/**
 * The card's consent to personal data (152-FZ): the state with its version and time, and the
 * request letter — not offered again once the applicant consented to the current text.
 */
export function CardConsent({ applicant }: { applicant: TApplicant }) {
  const consent = useApplicantConsent(applicant.id);
  const request = useRequestConsent(applicant.id);
  if (!consent.data) return null;
  const data = consent.data;
  const consentedToCurrent = data.state === 'given' && data.version === data.current_version;
  const canAsk = data.current_version > 0 && !consentedToCurrent && !!applicant.email;
  const hint =
    data.current_version === 0
      ? 'Текст согласия не задан: Настройки → Согласие на обработку данных'
      : !applicant.email
        ? 'У кандидата не указан e-mail'
        : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="card-consent">
      <span
        className={cx(
          'inline-flex min-h-8 items-center gap-1 rounded-lg px-2 text-xs font-medium ring-1',
          TONE[data.state],
        )}
        title={hint}
      >
        <ShieldCheckIcon className="size-4" aria-hidden="true" />
        <span>
          <span className="sr-only">Согласие на обработку персональных данных: </span>
          <span aria-hidden="true">ПДн: </span>
          {consentSummary(data)}
        </span>
      </span>
      {canAsk && (
        <Button
          variant="secondary"
          size="sm"
          loading={request.isPending}
          disabled={request.isPending}
          onClick={() => request.mutate()}
        >
          {data.state === 'not_asked' ? 'Запросить согласие' : 'Запросить согласие снова'}
        </Button>
      )}
    </div>
  );
}
