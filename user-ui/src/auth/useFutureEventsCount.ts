import { useQuery } from '@tanstack/react-query';
import { futureEventsCountOf, usersApi } from '../api/auth';

/** Number of upcoming appointments of the signed-in professional (menu badge, dashboard card). */
export function useFutureEventsCount(userId: string | undefined) {
  return useQuery({
    queryKey: ['events-futur-count', userId],
    queryFn: ({ signal }) => usersApi.futureEventsCount(userId as string, signal),
    enabled: Boolean(userId),
    select: (answer) => futureEventsCountOf(answer, userId as string),
    retry: false,
    staleTime: 60_000,
  });
}
