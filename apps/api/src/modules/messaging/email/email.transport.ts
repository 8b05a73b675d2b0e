import { TransportError, type Transport } from '../transports.ts';

// A placeholder until the e-mail transport (engineer C) replaces this file: mailboxes cannot be
// connected and send nothing.
const NOT_READY = 'Подключение почтового ящика пока недоступно';

export const emailTransport: Transport = {
  kind: 'email',
  connect: async () => {
    throw new TransportError(NOT_READY, { permanent: true });
  },
  send: async () => {
    throw new TransportError(NOT_READY, { permanent: true });
  },
};
