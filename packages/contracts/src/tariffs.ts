import { z } from 'zod';

export const TRIAL_TARIFF = { name: 'trial', days: 14, users: 5 } as const;
export const SUBSCRIBER_TARIFF_NAME = 'subscriber';
export const EXTENSION_REQUEST_SENT = 'Заявка на продление тарифа отправлена';

export const ZActivateTariffRequest = z.object({ tariff_name: z.literal(SUBSCRIBER_TARIFF_NAME) });
