import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ZDisableTwoFactorRequest,
  ZTotpCode,
  type TDisableTwoFactorRequest,
  type TTwoFactorSetup,
} from '@ats/contracts/safety';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import type { ApiResult } from '../../shared/api-client';
import { applyServerErrors } from '../../shared/form-errors';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactorStatus,
} from './safety.queries';

const ZConfirmForm = z.object({ code: ZTotpCode });

/** Enrolment, step two: scan or type the secret, then prove it with a code. */
function EnrolForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TTwoFactorSetup;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZConfirmForm),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    const result = await confirm.mutateAsync(code);
    if (result.ok) return onDone(result.data.recovery_codes);
    if (!applyServerErrors(setError, result.errors, ['code'])) {
      setError('code', { message: result.message });
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Подключение приложения"
      className="mt-4 flex flex-col gap-4"
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-zinc-700">
        <li>Откройте приложение-аутентификатор (Яндекс Ключ, Google Authenticator и др.).</li>
        <li>Отсканируйте QR-код или введите ключ вручную.</li>
        <li>Введите 6-значный код, который покажет приложение.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-6">
        <img
          src={setup.qr_code}
          alt="QR-код для приложения-аутентификатора"
          className="size-44 rounded-lg ring-1 ring-zinc-200"
        />
        <div className="text-sm">
          <p className="text-zinc-500">Ключ для ручного ввода</p>
          <code
            data-testid="two-factor-secret"
            className="mt-1 block font-mono text-base tracking-wider break-all text-zinc-900"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <Field label="Код из приложения" error={formState.errors.code?.message}>
        {(c) => (
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            className="max-w-40"
            {...c}
            {...register('code')}
          />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" loading={formState.isSubmitting}>
          Подтвердить
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <div className="mt-4 rounded-lg bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm font-medium text-amber-900">
        Сохраните резервные коды — они показываются один раз
      </p>
      <p className="mt-1 text-sm text-amber-800">
        Каждый код подходит для одного входа, если телефона с приложением не будет под рукой.
      </p>
      <ul
        aria-label="Резервные коды"
        className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm text-zinc-900 sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button className="mt-4" variant="secondary" onClick={onClose}>
        Я сохранил коды
      </Button>
    </div>
  );
}

type PasswordAndCodeProps<T> = {
  label: string;
  submitLabel: string;
  danger?: boolean;
  /** Sends the password and code; the answer's field errors go under the fields. */
  send: (values: TDisableTwoFactorRequest) => Promise<ApiResult<T>>;
  onDone: (data: T) => void;
  onCancel: () => void;
};

/** The password and a code of the app (or a recovery code): proof before a change to 2FA. */
function PasswordAndCodeForm<T>({
  label,
  submitLabel,
  danger = false,
  send,
  onDone,
  onCancel,
}: PasswordAndCodeProps<T>) {
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZDisableTwoFactorRequest),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await send(values);
    if (result.ok) return onDone(result.data);
    if (!applyServerErrors(setError, result.errors, ['password', 'code'])) {
      setError('code', { message: result.message });
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={label}
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      <Field label="Пароль" error={formState.errors.password?.message}>
        {(c) => (
          <Input type="password" autoComplete="current-password" {...c} {...register('password')} />
        )}
      </Field>
      <Field label="Код из приложения или резервный код" error={formState.errors.code?.message}>
        {(c) => <Input autoComplete="one-time-code" {...c} {...register('code')} />}
      </Field>
      <div className="flex gap-2 sm:col-span-2">
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          loading={formState.isSubmitting}
        >
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
      </div>
    </form>
  );
}

type Stage =
  | { name: 'idle' }
  | { name: 'enrolling'; setup: TTwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disabling' }
  | { name: 'renewing' };

export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const start = useStartTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const enabled = status.data?.enabled ?? false;
  const idle = () => setStage({ name: 'idle' });

  const begin = async () => {
    const result = await start.mutateAsync();
    if (result.ok) setStage({ name: 'enrolling', setup: result.data });
  };

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-zinc-900">Двухфакторный вход</h2>
          <p className="mt-1 text-sm text-zinc-500">
            {enabled
              ? `Включён. При входе после пароля спрашиваем код из приложения. Резервных кодов осталось: ${status.data?.recovery_codes_left ?? 0}.`
              : 'Выключен. Включите, чтобы для входа кроме пароля нужен был код из приложения на телефоне.'}
          </p>
        </div>
        {stage.name === 'idle' && status.isSuccess && (
          <div className="flex flex-wrap gap-2">
            {enabled && (
              <Button variant="secondary" onClick={() => setStage({ name: 'renewing' })}>
                Новые резервные коды
              </Button>
            )}
            <Button
              variant={enabled ? 'secondary' : 'primary'}
              loading={start.isPending}
              onClick={enabled ? () => setStage({ name: 'disabling' }) : begin}
            >
              {enabled ? 'Отключить' : 'Включить'}
            </Button>
          </div>
        )}
      </div>
      {stage.name === 'enrolling' && (
        <EnrolForm
          setup={stage.setup}
          onDone={(codes) => setStage({ name: 'codes', codes })}
          onCancel={idle}
        />
      )}
      {stage.name === 'codes' && <RecoveryCodes codes={stage.codes} onClose={idle} />}
      {stage.name === 'disabling' && (
        <PasswordAndCodeForm
          label="Отключение двухфакторного входа"
          submitLabel="Отключить"
          danger
          send={(values) => disable.mutateAsync(values)}
          onDone={idle}
          onCancel={idle}
        />
      )}
      {stage.name === 'renewing' && (
        <PasswordAndCodeForm
          label="Новые резервные коды"
          submitLabel="Создать новые коды"
          send={(values) => renew.mutateAsync(values)}
          onDone={(data) => setStage({ name: 'codes', codes: data.recovery_codes })}
          onCancel={idle}
        />
      )}
    </Card>
  );
}
