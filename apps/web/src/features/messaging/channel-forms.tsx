import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { useCreateChannel } from './messaging.queries';
import {
  ZCreateMsgChannelRequest,
  type TMsgChannelScope,
  type TMsgChannelKind,
} from '@ats/contracts/messaging';

type Props = { kind: 'telegram' | 'email'; open: boolean; onClose: () => void; isAdmin: boolean };

const TITLES: Record<Props['kind'], string> = {
  telegram: 'Подключить Telegram-бота',
  email: 'Подключить почтовый ящик',
};

/** Connecting a channel, in a dialog: a bot by its token, a mailbox by its IMAP/SMTP settings. */
export function ConnectChannelDialog({ kind, open, onClose, isAdmin }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={TITLES[kind]}
      description={
        kind === 'telegram'
          ? 'Создайте бота у @BotFather в Telegram и вставьте выданный им токен. Кандидаты будут писать этому боту, а ответы придут в карточку.'
          : 'Письма кандидатам уходят с этого адреса, а ответы забираются по IMAP и попадают в переписку на карточке.'
      }
      className="max-w-xl"
    >
      {open &&
        (kind === 'telegram' ? (
          <TelegramForm onDone={onClose} isAdmin={isAdmin} />
        ) : (
          <MailboxForm onDone={onClose} isAdmin={isAdmin} />
        ))}
    </Dialog>
  );
}

type FormProps = { onDone: () => void; isAdmin: boolean };

function ScopeField({
  value,
  onChange,
}: {
  value: TMsgChannelScope;
  onChange: (scope: TMsgChannelScope) => void;
}) {
  return (
    <Field label="Кто пишет через канал" hint="Канал компании доступен всем рекрутерам аккаунта.">
      {(control) => (
        <Select
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value as TMsgChannelScope)}
        >
          <option value="user">Только я</option>
          <option value="account">Вся компания</option>
        </Select>
      )}
    </Field>
  );
}

const ZTelegramForm = z.object({
  name: z.string().max(200, { error: 'Название канала длиннее 200 символов' }),
  token: z
    .string()
    .trim()
    .min(1, { error: 'Укажите токен бота' })
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, {
      error: 'Токен бота выглядит как 123456789:AA… (его выдаёт @BotFather)',
    }),
});
type TelegramValues = z.infer<typeof ZTelegramForm>;

function TelegramForm({ onDone, isAdmin }: FormProps) {
  const create = useCreateChannel();
  const [scope, setScope] = useState<TMsgChannelScope>(isAdmin ? 'account' : 'user');
  const { register, handleSubmit, setError, formState } = useForm<TelegramValues>({
    resolver: zodResolver(ZTelegramForm),
    defaultValues: { name: '', token: '' },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const body = ZCreateMsgChannelRequest.parse({
      kind: 'telegram',
      token: values.token,
      scope,
      ...(values.name.trim() ? { name: values.name.trim() } : {}),
    });
    const result = await create.mutateAsync(body);
    if (result.ok) return onDone();
    if (!applyServerErrors(setError, result.errors, ['token', 'name'])) {
      setFormError(result.message);
    }
  });
  const { errors, isSubmitting } = formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label="Токен бота" required error={errors.token?.message}>
        {(control) => (
          <Input
            {...control}
            {...register('token')}
            type="password"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <Field label="Название" hint="Как канал называть в списке; по умолчанию — имя бота.">
        {(control) => <Input {...control} {...register('name')} />}
      </Field>
      {isAdmin && <ScopeField value={scope} onChange={setScope} />}
      <FormFooter error={formError} pending={isSubmitting} onCancel={onDone} />
    </form>
  );
}

const ZPort = z.number({ error: 'Порт — число от 1 до 65535' }).int().min(1).max(65535, {
  error: 'Порт — число от 1 до 65535',
});
const ZMailboxForm = z.object({
  name: z.string().max(200, { error: 'Название канала длиннее 200 символов' }),
  email: z.email({ error: 'Некорректный адрес электронной почты' }),
  imap_host: z.string().trim().min(1, { error: 'Укажите адрес сервера' }),
  imap_port: ZPort,
  imap_secure: z.boolean(),
  imap_user: z.string(),
  imap_password: z.string().min(1, { error: 'Укажите пароль почтового ящика' }),
  own_smtp: z.boolean(),
  smtp_host: z.string(),
  smtp_port: ZPort,
  smtp_secure: z.boolean(),
  smtp_user: z.string(),
  smtp_password: z.string(),
});
type MailboxValues = z.infer<typeof ZMailboxForm>;
const MAILBOX_FIELDS: Path<MailboxValues>[] = [
  'name',
  'email',
  'imap_host',
  'imap_port',
  'imap_user',
  'imap_password',
  'smtp_host',
  'smtp_port',
  'smtp_user',
  'smtp_password',
];

function MailboxForm({ onDone, isAdmin }: FormProps) {
  const create = useCreateChannel();
  const [scope, setScope] = useState<TMsgChannelScope>(isAdmin ? 'account' : 'user');
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, control, formState } = useForm<MailboxValues>({
    resolver: zodResolver(ZMailboxForm),
    defaultValues: {
      name: '',
      email: '',
      imap_host: '',
      imap_port: 993,
      imap_secure: true,
      imap_user: '',
      imap_password: '',
      own_smtp: false,
      smtp_host: '',
      smtp_port: 465,
      smtp_secure: true,
      smtp_user: '',
      smtp_password: '',
    },
  });
  const ownSmtp = useWatch({ control, name: 'own_smtp' });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const optional = (value: string) => (value.trim() ? value.trim() : undefined);
    const result = await create.mutateAsync({
      kind: 'email',
      scope,
      name: optional(values.name),
      email: values.email,
      imap_host: values.imap_host,
      imap_port: values.imap_port,
      imap_secure: values.imap_secure,
      imap_user: optional(values.imap_user),
      imap_password: values.imap_password,
      ...(values.own_smtp
        ? {
            smtp_host: optional(values.smtp_host),
            smtp_port: values.smtp_port,
            smtp_secure: values.smtp_secure,
            smtp_user: optional(values.smtp_user),
            smtp_password: values.smtp_password || undefined,
          }
        : {}),
    });
    if (result.ok) return onDone();
    if (!applyServerErrors(setError, result.errors, MAILBOX_FIELDS)) setFormError(result.message);
  });
  const { errors, isSubmitting } = formState;
  const text = (name: Path<MailboxValues>, label: string, extra: object = {}) => (
    <Field label={label} error={errors[name as keyof MailboxValues]?.message}>
      {(control) => <Input {...control} {...register(name)} {...extra} />}
    </Field>
  );
  const port = (name: 'imap_port' | 'smtp_port') => (
    <Field label="Порт" error={errors[name]?.message}>
      {(control) => (
        <Input {...control} {...register(name, { valueAsNumber: true })} inputMode="numeric" />
      )}
    </Field>
  );
  const checkbox = (name: 'imap_secure' | 'smtp_secure' | 'own_smtp', label: string) => (
    <label className="flex items-center gap-2 text-sm text-zinc-800">
      <input type="checkbox" {...register(name)} className="size-4 rounded border-zinc-300" />
      {label}
    </label>
  );
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {text('email', 'Адрес ящика', { type: 'email', autoComplete: 'off' })}
      <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3">
        <legend className="px-1 text-sm font-medium text-zinc-800">Входящие (IMAP)</legend>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          {text('imap_host', 'Сервер IMAP', { placeholder: 'imap.example.ru' })}
          {port('imap_port')}
        </div>
        {checkbox('imap_secure', 'Шифрование TLS')}
        {text('imap_user', 'Логин (если не совпадает с адресом)', { autoComplete: 'off' })}
        {text('imap_password', 'Пароль', { type: 'password', autoComplete: 'new-password' })}
      </fieldset>
      {checkbox('own_smtp', 'Отправлять через свой SMTP-сервер')}
      {ownSmtp && (
        <fieldset className="flex flex-col gap-3 rounded-lg border border-zinc-200 p-3">
          <legend className="px-1 text-sm font-medium text-zinc-800">Исходящие (SMTP)</legend>
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
            {text('smtp_host', 'Сервер SMTP', { placeholder: 'smtp.example.ru' })}
            {port('smtp_port')}
          </div>
          {checkbox('smtp_secure', 'Шифрование TLS')}
          {text('smtp_user', 'Логин SMTP', { autoComplete: 'off' })}
          {text('smtp_password', 'Пароль SMTP', { type: 'password', autoComplete: 'new-password' })}
        </fieldset>
      )}
      {text('name', 'Название')}
      {isAdmin && <ScopeField value={scope} onChange={setScope} />}
      <FormFooter error={formError} pending={isSubmitting} onCancel={onDone} />
    </form>
  );
}

function FormFooter({
  error,
  pending,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" loading={pending}>
          Подключить
        </Button>
      </div>
    </>
  );
}

export type ConnectableKind = Extract<TMsgChannelKind, 'telegram' | 'email'>;
