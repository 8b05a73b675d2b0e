import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAuditEventList, type TAuditAction } from '@ats/contracts/audit';
import { apiRequest } from '../../shared/api-client';

/** What the page filters by; empty strings are "any". */
export type AuditFilters = {
  action: TAuditAction | '';
  actorId: string;
  from: string;
  to: string;
  q: string;
  page: number;
};

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actorId: '',
  from: '',
  to: '',
  q: '',
  page: 1,
};

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, filters] as const,
};

export const useAuditEvents = (filters: AuditFilters) =>
  useQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest('/audit_events', {
        schema: ZAuditEventList,
        signal,
        errorToast: false,
        query: {
          page: filters.page,
          action: filters.action || undefined,
          actor_id: filters.actorId || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          q: filters.q.trim() || undefined,
        },
      }),
    // The table stays while the next page or filter loads, instead of blinking empty.
    placeholderData: keepPreviousData,
  });
