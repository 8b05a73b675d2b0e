import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZBookedSlot,
  ZBooking,
  ZCreatedBooking,
  ZPublicBooking,
  type TBookSlotRequest,
  type TCreateBookingRequest,
} from '@ats/contracts/event-booking';
import { apiCall, apiRequest, ApiError } from '../../shared/api-client';

// The applicant has no session: the public calls raise no session events and no toasts, the page
// shows every failure itself.
const quiet = { errorToast: false, sessionHandling: false } as const;

const publicPath = (token: string) => `/public/bookings/${encodeURIComponent(token)}`;

export const bookingKeys = {
  all: ['event-bookings'] as const,
  ofApplicant: (applicantId: number) => ['event-bookings', 'applicant', applicantId] as const,
  page: (token: string) => ['event-booking-page', token] as const,
};

/** `GET /api/public/bookings/{token}`: what the applicant books, and the slots free now. */
export const usePublicBooking = (token: string) =>
  useQuery({
    queryKey: bookingKeys.page(token),
    queryFn: async ({ signal }) => {
      const result = await apiCall(publicPath(token), { schema: ZPublicBooking, signal, ...quiet });
      if (result.ok) return result.data;
      throw new ApiError(result.code, result.message, result.errors);
    },
    retry: false,
    // After the booking the link is used up: a refetch on focus would replace the confirmation.
    refetchOnWindowFocus: false,
  });

/** `POST /api/public/bookings/{token}/book`: answers the result, never throws. */
export const useBookSlot = (token: string) =>
  useMutation({
    mutationFn: (body: TBookSlotRequest) =>
      apiCall(`${publicPath(token)}/book`, {
        method: 'POST',
        body,
        schema: ZBookedSlot,
        ...quiet,
      }),
  });

/** The applicant's booking links, newest first. */
export const useApplicantBookings = (applicantId: number, enabled: boolean) =>
  useQuery({
    queryKey: bookingKeys.ofApplicant(applicantId),
    queryFn: ({ signal }) =>
      apiRequest('/event_bookings', {
        query: { applicant_id: applicantId },
        schema: z.array(ZBooking),
        signal,
      }),
    enabled,
    // The applicant books from elsewhere: each opening of the dialog asks again.
    staleTime: 0,
  });

export const useCreateBooking = (applicantId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateBookingRequest) =>
      apiCall('/event_bookings', { method: 'POST', body, schema: ZCreatedBooking }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.ofApplicant(applicantId) }),
  });
};

export const useRevokeBooking = (applicantId: number) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/event_bookings/${id}`, {
        method: 'DELETE',
        schema: ZBooking,
        successToast: 'Ссылка отозвана',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: bookingKeys.ofApplicant(applicantId) }),
  });
};
