import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../shared/api-client';

/** Extension request; the screen toasts the server's text as success on 200, else as error. */
export function useRequestTariffExtension() {
  return useMutation({
    mutationFn: () =>
      apiCall<string>('/tariffs/send_letter_about_extension_tariff', {
        method: 'POST',
        errorToast: false,
      }),
  });
}

/** Mails the sign-up confirmation link again; the banner says the server's text either way. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: () =>
      apiCall<string>('/auth/confirm_email/resend', { method: 'POST', errorToast: false }),
  });
}
