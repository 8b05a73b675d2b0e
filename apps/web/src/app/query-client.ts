import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will not change on retry; only network hiccups and 5xx deserve another try.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.code >= 400 && error.code < 500),
      refetchOnWindowFocus: false,
    },
  },
});
