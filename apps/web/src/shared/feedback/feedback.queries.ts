import { useMutation } from '@tanstack/react-query';
import type { TFeedbackRequest } from '@ats/contracts/feedbacks';
import { apiCall } from '../api-client';

export function useSendFeedback() {
  return useMutation({
    // The dialog decides between success and warning toasts itself (SPEC.md §8).
    mutationFn: (body: TFeedbackRequest) =>
      apiCall<string>('/feedbacks', { method: 'POST', body, errorToast: false }),
  });
}
