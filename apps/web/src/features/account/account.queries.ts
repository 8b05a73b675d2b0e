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
