import { useQueries } from '@tanstack/react-query';
import { ZMsgChannelList } from '@ats/contracts/messaging';
import { apiRequest } from '../api-client';

// «Канал» of a letter or message sent later (a delayed task, a stage-automation rule; issue 15):
// e-mail, or Telegram when the company (or the user) has a bot. The task falls back to e-mail for
// an applicant whose chat with the bot is not linked, and says so here.

export type TLetterChannel = 'email' | 'telegram';

export const CHANNEL_TEXTS = {
  legend: 'Канал',
  email: 'E-mail',
  telegram: 'Telegram',
  noBot: 'Telegram-бот не подключён: подключите его в «Настройки → Сервисы»',
  fallback: 'Кандидатам, у которых нет привязанного чата с ботом, сообщение уйдёт по e-mail.',
} as const;

const channelsOf = (path: string) => ({
  queryKey: ['messaging', 'channels', path],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    apiRequest(`/msg_integrations/${path}`, {
      schema: ZMsgChannelList,
      signal,
      errorToast: false,
    }),
  staleTime: 60_000,
});

/** Whether any active Telegram bot is there to write through: the company's or the user's own. */
function useHasTelegramBot() {
  const [mine, company] = useQueries({
    queries: [channelsOf('msg_channels'), channelsOf('msg_channels/account')],
  });
  return {
    loading: mine.isPending || company.isPending,
    has: [...(mine.data ?? []), ...(company.data ?? [])].some(
      (c) => c.kind === 'telegram' && c.state !== 'disabled',
    ),
  };
}

export function ChannelPicker({
  value,
  onChange,
  name,
}: {
  value: TLetterChannel;
  onChange: (channel: TLetterChannel) => void;
  /** The radio group's name (unique on the page). */
  name: string;
}) {
  const bot = useHasTelegramBot();
  const telegramOff = !bot.has;
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-zinc-900">{CHANNEL_TEXTS.legend}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={value === 'email'}
            onChange={() => onChange('email')}
          />
          {CHANNEL_TEXTS.email}
        </label>
        <label
          className={
            telegramOff ? 'flex items-center gap-2 text-zinc-400' : 'flex items-center gap-2'
          }
        >
          <input
            type="radio"
            name={name}
            checked={value === 'telegram'}
            disabled={telegramOff}
            aria-describedby={telegramOff ? `${name}-hint` : `${name}-fallback`}
            onChange={() => onChange('telegram')}
          />
          {CHANNEL_TEXTS.telegram}
        </label>
      </div>
      {telegramOff && !bot.loading ? (
        <p id={`${name}-hint`} className="text-xs text-zinc-500">
          {CHANNEL_TEXTS.noBot}
        </p>
      ) : value === 'telegram' ? (
        <p id={`${name}-fallback`} className="text-xs text-zinc-500">
          {CHANNEL_TEXTS.fallback}
        </p>
      ) : null}
    </fieldset>
  );
}
