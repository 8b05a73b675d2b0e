import { useState, type FormEvent } from 'react';
import { MAX_CONSENT_TEXT, type TPrivacyLetterSettings } from '@ats/contracts/consent';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { FormAlert } from '../../shared/auth-card';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useCurrentUser } from '../../shared/session/session.queries';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { usePrivacySettings, useUpdatePrivacySettings } from './consent.queries';

const READ_ONLY = 'Изменять текст согласия и настройки запроса может только администратор.';

function PrivacyForm({
  settings,
  canEdit,
}: {
  settings: TPrivacyLetterSettings;
  canEdit: boolean;
}) {
  const [text, setText] = useState(settings.text);
  const [autoSend, setAutoSend] = useState(settings.auto_send);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const update = useUpdatePrivacySettings();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    setAlert(null);
    const result = await update.mutateAsync({ text, auto_send: autoSend, channel: 'email' });
    if (result.ok) {
      setText(result.data.text);
      return;
    }
    setErrors(result.errors ?? {});
    if (!result.errors || Object.keys(result.errors).length === 0) setAlert(result.message);
  }

  return (
    <form className="flex flex-col gap-5" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-sm text-zinc-600">
        {settings.version > 0
          ? `Текущая версия текста: ${settings.version}${
              settings.updated_at ? `, изменена ${formatDateTime(settings.updated_at)}` : ''
            }. Изменённый текст сохранится как новая версия; согласия, данные раньше, остаются со своей версией.`
          : 'Текст ещё не задан: без него запрос согласия отправить нельзя.'}
      </p>
      <Field
        label="Текст согласия на обработку персональных данных"
        error={errors.text}
        hint={`До ${MAX_CONSENT_TEXT.toLocaleString('ru-RU')} символов. Кандидат прочитает его на странице по ссылке из письма.`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={12}
            value={text}
            readOnly={!canEdit}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      <label className="flex items-start gap-2 text-sm text-zinc-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-zinc-300"
          checked={autoSend}
          disabled={!canEdit}
          onChange={(e) => setAutoSend(e.target.checked)}
        />
        <span>
          Отправлять запрос автоматически новым кандидатам
          <span className="block text-xs text-zinc-500">
            Письмо уходит сразу после добавления кандидата, если у него указан e-mail.
          </span>
        </span>
      </label>
      {errors.auto_send && (
        <p role="alert" className="text-xs text-red-600">
          {errors.auto_send}
        </p>
      )}
      <Field label="Канал отправки" className="max-w-xs">
        {(control) => (
          <Select {...control} value="email" disabled={!canEdit} onChange={() => undefined}>
            <option value="email">E-mail</option>
          </Select>
        )}
      </Field>
      <FormAlert message={alert ?? undefined} />
      {canEdit && (
        <div>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            Сохранить
          </Button>
        </div>
      )}
    </form>
  );
}

/** `/settings/privacy`: the company's consent text (versioned) and how the request is sent. */
export function SettingsPrivacyScreen() {
  const me = useCurrentUser();
  // The server's rule (consent.policy): an admin recruiter changes, everyone reads.
  const canEdit = me.member_type === 'owner' && me.is_admin;
  const settings = usePrivacySettings();
  return (
    <SettingsPage
      title="Согласие на обработку данных"
      description="Текст согласия по 152-ФЗ, который кандидат получает по ссылке, и отправка запроса."
      readOnlyNote={canEdit ? null : READ_ONLY}
    >
      <Card className="p-6">
        {settings.data ? (
          <PrivacyForm key={settings.data.version} settings={settings.data} canEdit={canEdit} />
        ) : (
          <LoadState
            isError={settings.isError}
            loadingLabel="Загрузка настроек согласия"
            errorText="Не удалось загрузить настройки согласия"
            onRetry={() => void settings.refetch()}
          />
        )}
      </Card>
    </SettingsPage>
  );
}
