import { TransportError, type Transport } from '../transports.ts';

// A placeholder until the Telegram transport (engineer B) replaces this file: channels of this
// kind cannot be connected and send nothing.
const NOT_READY = 'Подключение Telegram-бота пока недоступно';

export const telegramTransport: Transport = {
  kind: 'telegram',
  connect: async () => {
    throw new TransportError(NOT_READY, { permanent: true });
  },
  send: async () => {
    throw new TransportError(NOT_READY, { permanent: true });
  },
};
