import { LinkIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { ZTelegramLinks } from '@ats/contracts/messaging-telegram';
import { Button } from '@ats/ui/button';
import { apiRequest } from '../../shared/api-client';
import { notify } from '../../shared/toasts';
import { messagingKeys } from './messaging.queries';

type Props = {
  applicantId: number;
  /** Puts the link into the message being written (to send it by e-mail, for one). */
  onInsert: (url: string) => void;
};

const useTelegramLinks = (applicantId: number) =>
  useQuery({
    queryKey: messagingKeys.telegramLinks(applicantId),
    queryFn: ({ signal }) =>
      apiRequest(`/msg_integrations/chats/applicant_chats/${applicantId}/telegram_links`, {
        schema: ZTelegramLinks,
        signal,
        errorToast: false,
      }),
  });

/**
 * The applicant's personal links to the company's Telegram bots: once they press «Start» by it,
 * their chat is tied to this card. Shown until the chat is tied; copied or put into a letter.
 */
export function TelegramLinks({ applicantId, onInsert }: Props) {
  const links = useTelegramLinks(applicantId);
  const open = (links.data?.items ?? []).filter((link) => !link.linked);
  if (open.length === 0) return null;
  return (
    <section
      aria-label="Ссылки на Telegram-ботов"
      className="flex flex-col gap-2 rounded-xl bg-sky-50 p-3 text-sm text-sky-950"
    >
      <p>
        Кандидат ещё не писал боту. Отправьте ему личную ссылку: после «Start» переписка в Telegram
        появится здесь.
      </p>
      <ul className="flex flex-col gap-2">
        {open.map((link) => (
          <li key={link.channel_id} className="flex flex-wrap items-center gap-2">
            <LinkIcon className="size-4 shrink-0" aria-hidden="true" />
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 font-medium break-all underline"
            >
              {link.url}
            </a>
            <span className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => onInsert(link.url)}>
                Вставить в сообщение
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(link.url)
                    .then(() => notify.success('Ссылка скопирована'))
                    .catch(() => notify.error('Не удалось скопировать ссылку'))
                }
              >
                Копировать
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
