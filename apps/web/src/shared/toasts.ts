import { toast } from 'sonner';
import { MESSAGES } from '@ats/contracts/envelope';

// Durations from SPEC.md §9.
export const TOAST_DEFAULT_MS = 4500;
export const TOAST_GAP_PX = 16;
export const API_TOAST_MS = 5000;
export const ACCOUNT_INACTIVE_TOAST_MS = 60_000;
const ACCOUNT_INACTIVE_TOAST_ID = 'account-inactive';

/** Our one door to the toast library, so screens never depend on sonner directly. */
export const notify = {
  success: (message: string, duration = TOAST_DEFAULT_MS) => toast.success(message, { duration }),
  error: (message: string, duration = TOAST_DEFAULT_MS) => toast.error(message, { duration }),
  info: (message: string, duration = TOAST_DEFAULT_MS) => toast.info(message, { duration }),
  warning: (message: string, duration = TOAST_DEFAULT_MS) => toast.warning(message, { duration }),
  action: (message: string, label: string, onClick: () => void, id: string) =>
    toast(message, { id, duration: Infinity, action: { label, onClick } }),
  /** A fixed id makes repeated 419s update one toast instead of stacking new ones. */
  accountInactive: () =>
    toast.error(MESSAGES.accountInactive, {
      id: ACCOUNT_INACTIVE_TOAST_ID,
      duration: ACCOUNT_INACTIVE_TOAST_MS,
    }),
};
