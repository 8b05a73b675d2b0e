import { useMutation } from '@tanstack/react-query';
import type { TErrorReportRequest } from '@ats/contracts/error-reports';
import { apiRequest } from '../../shared/api-client';

export function useSendErrorReport() {
  return useMutation({
    mutationFn: (body: TErrorReportRequest) =>
      apiRequest<string>('/error_reports', { method: 'POST', body }),
  });
}
