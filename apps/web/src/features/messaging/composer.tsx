import { PaperAirplaneIcon, PaperClipIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ZRenderedLetter } from '@ats/contracts/mail-templates';
import { Button, iconButton } from '@ats/ui/button';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { apiCall } from '../../shared/api-client';
import { fileOversize, formatFileSize } from '../../shared/format/upload-size';
import {
  useApplicantChatChannels,
  useMessageTemplates,
  useSendMessage,
  useWritableChannels,
} from './messaging.queries';
import { TelegramLinks } from './telegram-links';
import {
  MSG_CHANNEL_KIND_NAMES,
  MSG_MAX_ATTACHMENT_BYTES,
  MSG_MAX_ATTACHMENTS,
  MSG_SITE_CHANNEL_KINDS,
  type TMsgChannel,
} from '@ats/contracts/messaging';

type Props = { applicantId: number };

/** Ctrl+Enter (⌘+Enter on a Mac) sends; Enter alone is a new line. */
export const isSendShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey);

/**
 * Writing to the applicant: which channel, a template (rendered for this applicant into the
 * text, which stays editable), files up to 15 MB each, and «Отправить» or Ctrl+Enter.
 */
export function Composer({ applicantId }: Props) {
  const channels = useWritableChannels();
  // A job site's channel (hh.ru) only for an applicant with a negotiation there.
  const chats = useApplicantChatChannels(applicantId);
  const chatted = new Set((chats.data?.items ?? []).map((item) => item.channel_id));
  const usable = channels.channels.filter(
    (channel) =>
      channel.state !== 'disabled' &&
      (!MSG_SITE_CHANNEL_KINDS.includes(channel.kind) || chatted.has(channel.id)),
  );
  const [channelId, setChannelId] = useState<number | null>(null);
  const channel = usable.find((c) => c.id === channelId) ?? usable[0];

  if (channels.isPending && !channels.error) {
    return <p className="text-sm text-zinc-600">Загружаем каналы…</p>;
  }
  if (channels.error) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Не удалось загрузить каналы: {channels.error.message}{' '}
        <button type="button" className="underline" onClick={() => void channels.refetch()}>
          Повторить
        </button>
      </p>
    );
  }
  if (!channel) {
    return (
      <p role="note" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
        Нет подключённых каналов.{' '}
        <Link to="/settings/services" className="font-medium underline">
          Подключите Telegram-бота или почтовый ящик
        </Link>
        , чтобы писать кандидату из карточки.
      </p>
    );
  }
  return (
    <ComposerForm
      applicantId={applicantId}
      channels={usable}
      channel={channel}
      onChannel={setChannelId}
    />
  );
}

function ComposerForm({
  applicantId,
  channels,
  channel,
  onChannel,
}: Props & { channels: TMsgChannel[]; channel: TMsgChannel; onChannel: (id: number) => void }) {
  const id = useId();
  const send = useSendMessage(applicantId);
  const templates = useMessageTemplates();
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [templateId, setTemplateId] = useState<number | null>(null);
  // The template as rendered for this applicant: sent by its id (the server renders it for the
  // channel) unless the recruiter changed the text.
  const [rendered, setRendered] = useState<{ text: string; subject: string } | null>(null);
  const email = channel.kind === 'email';
  // A job site's chat carries text only.
  const textOnly = MSG_SITE_CHANNEL_KINDS.includes(channel.kind);
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);

  const pickTemplate = async (value: string) => {
    const templateIdPicked = Number(value) || null;
    setTemplateId(templateIdPicked);
    setRendered(null);
    if (!templateIdPicked) return;
    setRendering(true);
    const letter = await apiCall('/get_letter_by_template', {
      query: { template_id: templateIdPicked, applicant_id: applicantId },
      schema: ZRenderedLetter,
    });
    setRendering(false);
    if (letter.ok) {
      setText(letter.data.body_text);
      setSubject(letter.data.subject);
      setRendered({ text: letter.data.body_text, subject: letter.data.subject });
      textArea.current?.focus();
    }
  };

  const addFiles = (picked: FileList | null) => {
    if (!picked) return;
    const accepted: File[] = [];
    for (const file of picked) {
      if (files.length + accepted.length >= MSG_MAX_ATTACHMENTS) {
        setError(`Не больше ${MSG_MAX_ATTACHMENTS} вложений в одном сообщении`);
        break;
      }
      // The server refuses it too; this saves sending 15 MB to hear so.
      const oversize = fileOversize(`Файл «${file.name}»`, file, MSG_MAX_ATTACHMENT_BYTES);
      if (oversize) {
        setError(oversize);
        continue;
      }
      accepted.push(file);
    }
    if (accepted.length > 0) {
      setFiles((current) => [...current, ...accepted]);
      if (accepted.length === picked.length) setError(null);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    if (!text.trim() && (textOnly || files.length === 0)) {
      setError('Напишите сообщение или приложите файл');
      textArea.current?.focus();
      return;
    }
    setError(null);
    const asTemplate =
      templateId !== null && rendered?.text === text && (!email || rendered.subject === subject);
    const result = await send.mutateAsync({
      channel_id: channel.id,
      ...(asTemplate ? { template_id: templateId } : { text }),
      ...(email && subject.trim() && !asTemplate ? { subject } : {}),
      files: textOnly ? [] : files,
    });
    if (result.ok) {
      setText('');
      setSubject('');
      setFiles([]);
      setTemplateId(null);
      setRendered(null);
      textArea.current?.focus();
    } else {
      setError(result.errors ? Object.values(result.errors).join('. ') : result.message);
    }
  };

  const insert = (snippet: string) => {
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${snippet}` : snippet));
    textArea.current?.focus();
  };

  return (
    <>
      <TelegramLinks applicantId={applicantId} onInsert={insert} />
      <form
        aria-label="Новое сообщение"
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-3"
      >
        <div className="flex flex-wrap items-end gap-3">
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="sr-only">Канал</legend>
            {channels.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-1.5 rounded-lg px-2 py-1 text-sm text-zinc-800 ring-1 ring-zinc-300 has-checked:bg-indigo-50 has-checked:ring-indigo-500 has-focus-visible:outline-2 has-focus-visible:outline-indigo-600"
              >
                <input
                  type="radio"
                  name={`${id}-channel`}
                  value={option.id}
                  checked={option.id === channel.id}
                  onChange={() => onChannel(option.id)}
                  className="sr-only"
                />
                {MSG_CHANNEL_KIND_NAMES[option.kind]}
                {option.address && <span className="text-zinc-600">· {option.address}</span>}
              </label>
            ))}
          </fieldset>
          <div className="ml-auto w-56">
            <Select
              aria-label="Шаблон"
              value={templateId ?? ''}
              disabled={rendering || templates.isPending}
              onChange={(event) => void pickTemplate(event.target.value)}
            >
              <option value="">
                {templates.isError ? 'Шаблоны не загрузились' : 'Без шаблона'}
              </option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {email && (
          <Input
            aria-label="Тема письма"
            placeholder="Тема письма"
            value={subject}
            maxLength={500}
            onChange={(event) => setSubject(event.target.value)}
          />
        )}
        <Textarea
          ref={textArea}
          aria-label="Текст сообщения"
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (isSendShortcut(event)) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        {files.length > 0 && !textOnly && (
          <ul aria-label="Вложения" className="flex flex-wrap gap-2">
            {files.map((file, index) => (
              <li
                key={`${file.name}-${index}`}
                className="flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-3 text-xs text-zinc-800"
              >
                {file.name} ({formatFileSize(file.size / 1024)})
                <button
                  type="button"
                  aria-label={`Убрать файл ${file.name}`}
                  className={iconButton}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                >
                  <XMarkIcon className="size-4" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {!textOnly && (
            <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              <PaperClipIcon className="size-4" aria-hidden="true" />
              Приложить файл
            </Button>
          )}
          <input
            ref={fileInput}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Файлы для отправки"
            onChange={(event) => {
              addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <p id={`${id}-hint`} className="text-xs text-zinc-600">
            {textOnly
              ? `Ctrl+Enter — отправить. Через ${MSG_CHANNEL_KIND_NAMES[channel.kind]} уходит только текст.`
              : 'Ctrl+Enter — отправить. Файлы до 15 МБ.'}
          </p>
          <Button type="submit" className="ml-auto" loading={send.isPending}>
            {!send.isPending && <PaperAirplaneIcon className="size-4" aria-hidden="true" />}
            Отправить
          </Button>
        </div>
      </form>
    </>
  );
}
