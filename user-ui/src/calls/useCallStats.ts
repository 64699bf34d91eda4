import { useQuery } from '@tanstack/react-query';
import { callsApi, type CallPeriod } from '../api/calls';

export function useCallStats(userId: string | undefined, period: CallPeriod) {
  return useQuery({
    queryKey: ['calls', userId, period],
    queryFn: ({ signal }) => callsApi.stats(userId as string, period, signal),
    enabled: Boolean(userId),
  });
}
