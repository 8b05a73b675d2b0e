import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PAID_TARIFFS,
  SELF_HOSTED_TARIFF,
  TRIAL_TARIFF,
  ZAffiliate,
  ZPayment,
  ZTariffCatalogue,
  type TPayment,
} from '@ats/contracts/tariffs';
import { apiCall, ApiError } from '../api-client';
import { sessionKeys } from '../session/session.queries';

export const billingKeys = {
  catalogue: ['billing', 'catalogue'] as const,
  payments: ['billing', 'payments'] as const,
  payment: (id: number) => ['billing', 'payment', id] as const,
};

/** The tariff's name as people read it (the header, the settings, the payment pages). */
export function tariffTitle(name: string) {
  if (name === TRIAL_TARIFF.name) return 'Пробный';
  if (name === SELF_HOSTED_TARIFF.name) return SELF_HOSTED_TARIFF.title;
  return PAID_TARIFFS.find((t) => t.name === name)?.title ?? name;
}

const unwrap = async <T>(call: Promise<Awaited<ReturnType<typeof apiCall<T>>>>) => {
  const result = await call;
  if (!result.ok) throw new ApiError(result.code, result.message, result.errors);
  return result.data;
};

export function useTariffCatalogue() {
  return useQuery({
    queryKey: billingKeys.catalogue,
    queryFn: () => unwrap(apiCall('/tariffs', { schema: ZTariffCatalogue, errorToast: false })),
    staleTime: 10 * 60_000,
  });
}

export function usePayments(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.payments,
    queryFn: () => unwrap(apiCall('/payments', { schema: z.array(ZPayment), errorToast: false })),
    enabled,
  });
}

const OPEN: TPayment['status'][] = ['pending', 'waiting_for_capture'];

/** The payment the browser returned from; asked again every 2 s while YooKassa has not settled it. */
export function usePayment(id: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: billingKeys.payment(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const payment = await unwrap(
        apiCall(`/payments/${id}`, { schema: ZPayment, errorToast: false }),
      );
      if (payment.status === 'succeeded') {
        // The tariff changed: the header and the settings read it again.
        await client.invalidateQueries({ queryKey: sessionKeys.me });
        await client.invalidateQueries({ queryKey: sessionKeys.account });
      }
      return payment;
    },
    refetchInterval: (query) =>
      query.state.data && OPEN.includes(query.state.data.status) ? 2000 : false,
  });
}

/** Creates the payment and sends the browser to YooKassa's confirmation page. */
export function usePayTariff() {
  return useMutation({
    mutationFn: async (input: { tariff_name: string; period: 'month' | 'year' }) => {
      const result = await apiCall('/tariffs/activate_tariff', {
        method: 'POST',
        body: input,
        schema: ZPayment,
      });
      if (result.ok && result.data.confirmation_url) {
        window.location.assign(result.data.confirmation_url);
      }
      return result;
    },
  });
}

/** The referral link and the companies signed up through it (admins; the affiliate page). */
export function useAffiliate(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'affiliate'] as const,
    queryFn: () => unwrap(apiCall('/affiliate', { schema: ZAffiliate, errorToast: false })),
    enabled,
  });
}
