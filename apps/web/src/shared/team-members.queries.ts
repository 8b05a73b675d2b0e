import { useQuery } from '@tanstack/react-query';
import { ZTeamMemberList } from '@ats/contracts/users';
import { apiRequest } from './api-client';
import { teamKeys } from './query-keys';

/** The account's users with their status: the team screen's table, the audit log's filter. */
export const useTeam = () =>
  useQuery({
    queryKey: teamKeys.list(),
    queryFn: ({ signal }) => apiRequest('/users', { schema: ZTeamMemberList, signal }),
  });
