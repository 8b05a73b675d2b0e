import { useRef, useState, type ReactNode } from 'react';
import {
  REQUEST_STATE_LABELS,
  STEP_STATE_LABELS,
  ZPublicDecision,
  type TPublicApproval,
} from '@ats/contracts/vacancy-applications';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Field } from '@ats/ui/field';
import { Spinner } from '@ats/ui/spinner';
import { Textarea } from '@ats/ui/textarea';
import { THROWN_ERROR_CODE } from '../../shared/api-client';
import { FormAlert } from '../../shared/auth-card';
import { currencySymbol } from '../../shared/format/currency';
import { formatIsoDate } from '../../shared/format/applicant-format';
import { isBlankRichText } from '../../shared/rich-text/rich-text-sanitize';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useDecideApproval, usePublicApproval } from './request-approval.queries';
import { FocusedHeading, PublicSheet } from '../../shared/public-sheet';

type Request = TPublicApproval['request'];
type Decision = 'approve' | 'reject';

const SECTIONS = [
  { name: 'body', label: 'Описание' },
  { name: 'requirements', label: 'Требования' },
  { name: 'conditions', label: 'Условия' },
  { name: 'information', label: 'Дополнительная информация' },
] as const;

const money = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });

/** «200 000 – 300 000 ₽», «от 200 000 ₽», or the free-form salary old clients sent. */
function salaryOf(request: Request): string | null {
  const symbol = currencySymbol(request.currency || 'RUB');
  const { salary_from: from, salary_to: to } = request;
  if (from != null && to != null) {
    return from === to
      ? `${money.format(from)} ${symbol}`
      : `${money.format(from)} – ${money.format(to)} ${symbol}`;
  }
  if (from != null) return `от ${money.format(from)} ${symbol}`;
  if (to != null) return `до ${money.format(to)} ${symbol}`;
  return request.salary?.trim() || null;
}

/**
 * What the API answers for a link that no longer works (unknown or another request's 404, out of
 * turn 403, used 409, expired 410): its own message, nothing to retry.
 */
const REFUSED_LINK = new Set([403, 404, 409, 410]);
const isRefusedLink = (code: number) => REFUSED_LINK.has(code);

/** A link that does not work (used, expired, unknown) or an API that did not answer. */
function Failure({
  code,
  message,
  onRetry,
}: {
  code: number;
  message: string;
  onRetry: () => void;
}) {
  if (isRefusedLink(code)) {
    return (
      <PublicSheet>
        <FocusedHeading>{message}</FocusedHeading>
        <p className="mt-3 text-sm text-zinc-700">
          По этой ссылке решение принять нельзя. Если оно ещё нужно, попросите автора заявки
          прислать новую ссылку.
        </p>
      </PublicSheet>
    );
  }
  return (
    <PublicSheet>
      <FocusedHeading>Не удалось открыть заявку</FocusedHeading>
      <p className="mt-3 text-sm text-zinc-700">{message}</p>
      <p className="mt-1 text-sm text-zinc-700">
        {code === THROWN_ERROR_CODE
          ? 'Проверьте подключение к интернету и попробуйте ещё раз.'
          : 'Попробуйте ещё раз чуть позже.'}
      </p>
      <Button className="mt-5" onClick={onRetry}>
        Повторить
      </Button>
    </PublicSheet>
  );
}

function Done({ decision }: { decision: Decision }) {
  return (
    <PublicSheet>
      <FocusedHeading>Спасибо, решение принято</FocusedHeading>
      <p className="mt-3 text-sm text-zinc-700">
        {decision === 'approve'
          ? 'Вы согласовали заявку. Автор заявки увидит ваше решение.'
          : 'Вы отклонили заявку. Автор заявки увидит ваше решение и комментарий.'}
      </p>
      <p className="mt-2 text-sm text-zinc-500">Страницу можно закрыть: ссылка больше не нужна.</p>
    </PublicSheet>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-zinc-500">{label}</dt>
      <dd className="text-sm break-words text-zinc-900 sm:text-right">{children}</dd>
    </div>
  );
}

const stepTone: Record<Request['steps'][number]['state'], string> = {
  waiting: 'bg-zinc-100 text-zinc-600',
  pending: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
  approved: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-red-700',
  returned: 'bg-orange-50 text-orange-800',
};

function Route({ steps, current }: { steps: Request['steps']; current: number }) {
  if (steps.length === 0) return null;
  return (
    <section aria-labelledby="approval-route" className="mt-6">
      <h2 id="approval-route" className="text-sm font-semibold text-zinc-500">
        Маршрут согласования
      </h2>
      <ol className="mt-2 flex flex-col gap-2">
        {steps.map((step) => (
          <li
            key={step.index}
            aria-current={step.index === current ? 'step' : undefined}
            className={cx(
              'flex flex-wrap items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm',
              step.index === current ? 'ring-2 ring-indigo-500' : 'ring-1 ring-zinc-200',
            )}
          >
            <span className="text-zinc-900">
              {step.index + 1}. {step.name}
              {step.index === current && <span className="text-zinc-500"> — ваш шаг</span>}
            </span>
            <span className={cx('rounded-full px-2 py-0.5 text-xs', stepTone[step.state])}>
              {STEP_STATE_LABELS[step.state]}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function DecisionForm({
  token,
  onDone,
  onLinkRefused,
}: {
  token: string;
  onDone: (decision: Decision) => void;
  onLinkRefused: (failure: { code: number; message: string }) => void;
}) {
  const decide = useDecideApproval(token);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [sending, setSending] = useState<Decision | null>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  const send = async (decision: Decision) => {
    setAlert(undefined);
    const parsed = ZPublicDecision.safeParse({ decision, comment: comment.trim() || null });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      commentRef.current?.focus();
      return;
    }
    setError(undefined);
    setSending(decision);
    const result = await decide.mutateAsync(parsed.data);
    setSending(null);
    if (result.ok) return onDone(decision);
    const fieldError = result.errors?.comment;
    if (fieldError) {
      setError(fieldError);
      commentRef.current?.focus();
      return;
    }
    // The link stopped working meanwhile (used in another tab, expired): its own screen.
    if (isRefusedLink(result.code)) return onLinkRefused(result);
    setAlert(
      result.code === THROWN_ERROR_CODE
        ? `${result.message}. Проверьте подключение к интернету и попробуйте ещё раз.`
        : result.message,
    );
  };

  return (
    <form
      noValidate
      aria-label="Решение по заявке"
      className="mt-6 flex flex-col gap-4 border-t border-zinc-200 pt-6"
      onSubmit={(event) => {
        event.preventDefault();
        void send('approve');
      }}
    >
      <FormAlert message={alert} />
      <Field
        label="Комментарий"
        hint="Необязателен при согласовании, обязателен при отклонении"
        error={error}
      >
        {({ invalid, ...control }) => (
          <Textarea
            {...control}
            ref={commentRef}
            invalid={invalid}
            rows={3}
            maxLength={5000}
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              if (error) setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="danger"
          loading={sending === 'reject'}
          disabled={sending !== null}
          className="w-full sm:w-auto"
          onClick={() => void send('reject')}
        >
          Отклонить
        </Button>
        <Button
          type="submit"
          loading={sending === 'approve'}
          disabled={sending !== null}
          className="w-full sm:w-auto"
        >
          Согласовать
        </Button>
      </div>
    </form>
  );
}

function Approval({
  token,
  approval,
  onDone,
  onLinkRefused,
}: {
  token: string;
  approval: TPublicApproval;
  onDone: (decision: Decision) => void;
  onLinkRefused: (failure: { code: number; message: string }) => void;
}) {
  const { request, step, approver, company } = approval;
  const salary = salaryOf(request);
  const sections = SECTIONS.filter((section) => !isBlankRichText(request[section.name]));
  return (
    <PublicSheet label="Заявка на подбор">
      <p className="text-sm text-zinc-500">{company} · заявка на подбор</p>
      <FocusedHeading>{request.position}</FocusedHeading>
      <p className="mt-2 text-sm text-zinc-700">
        {approver.name}, {request.author} просит вас согласовать заявку на шаге «{step.name}».
      </p>

      <dl className="mt-4 divide-y divide-zinc-100">
        <Row label="Состояние">{REQUEST_STATE_LABELS[request.state]}</Row>
        {salary && <Row label="Зарплата">{salary}</Row>}
        <Row label="Сколько нужно нанять">{request.needed}</Row>
        {request.date_will_close && (
          <Row label="Закрыть до">{formatIsoDate(request.date_will_close)}</Row>
        )}
        {request.account_division && <Row label="Подразделение">{request.account_division}</Row>}
        <Row label="Автор">{request.author}</Row>
        {request.template_values.map((field, i) => (
          <Row key={`${i}-${field.name}`} label={field.name}>
            {field.value || '—'}
          </Row>
        ))}
      </dl>

      {sections.map((section) => (
        <section key={section.name} aria-label={section.label} className="mt-5">
          <h2 className="mb-1 text-sm font-semibold text-zinc-500">{section.label}</h2>
          <RichTextView html={request[section.name] ?? ''} />
        </section>
      ))}

      <Route steps={request.steps} current={step.index} />

      <DecisionForm token={token} onDone={onDone} onLinkRefused={onLinkRefused} />
      <p className="mt-4 text-xs text-zinc-500">
        Вы согласуете как {approver.name} ({approver.email}). Ссылка действует один раз.
      </p>
    </PublicSheet>
  );
}

/**
 * `/request-approval/{token}`: an approver without an account decides on a hiring request from
 * the link in their letter — no sign-in, works for a signed-in visitor too.
 */
export function RequestApprovalScreen({ token }: { token: string }) {
  useDocumentTitle('Согласование заявки');
  const approval = usePublicApproval(token);
  const [decided, setDecided] = useState<Decision | null>(null);
  const [refused, setRefused] = useState<{ code: number; message: string } | null>(null);

  if (decided) return <Done decision={decided} />;
  if (refused) return <Failure {...refused} onRetry={() => setRefused(null)} />;
  if (approval.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загружаем заявку" />
      </div>
    );
  }
  if (approval.isError) {
    const { error } = approval;
    const code = 'code' in error && typeof error.code === 'number' ? error.code : 0;
    return <Failure code={code} message={error.message} onRetry={() => void approval.refetch()} />;
  }
  return (
    <Approval
      token={token}
      approval={approval.data}
      onDone={setDecided}
      onLinkRefused={setRefused}
    />
  );
}
