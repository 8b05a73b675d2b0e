import { emailTransport } from './email/email.transport.ts';
import { telegramTransport } from './telegram/telegram.transport.ts';
import { registerTransport, transportOf } from './transports.ts';

/**
 * The transports of this build, registered once per process (the API and the worker). A kind
 * already registered (a test's stand-in) is left as it is.
 */
export function registerBuiltInTransports() {
  for (const transport of [telegramTransport, emailTransport]) {
    if (!transportOf(transport.kind)) registerTransport(transport);
  }
}
