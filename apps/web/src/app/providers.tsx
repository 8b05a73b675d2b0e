import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DEFAULT_MS, TOAST_GAP_PX } from '../shared/toasts';

export function Providers({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-right"
        duration={TOAST_DEFAULT_MS}
        gap={TOAST_GAP_PX}
        richColors
        closeButton
        containerAriaLabel="Уведомления"
      />
    </QueryClientProvider>
  );
}
