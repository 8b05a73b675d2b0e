import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZChangelogList } from '@ats/contracts/changelogs';
import { apiRequest } from '../../shared/api-client';

export const changelogKeys = { list: ['changelogs'] as const };

export const changelogListQuery = queryOptions({
  queryKey: changelogKeys.list,
  // Public page: a visitor without a session must not be sent to the login page from here.
  queryFn: () => apiRequest('/changelogs', { schema: ZChangelogList, sessionHandling: false }),
  staleTime: 10 * 60_000,
});

export const useChangelogs = () => useQuery(changelogListQuery);
