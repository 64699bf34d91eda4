import { useQuery } from '@tanstack/react-query';
import { accountApi } from '../../api/account';

/** The time zones the API accepts; they never change while the app runs. */
export function useTimezones() {
  return useQuery({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => accountApi.timezones(signal),
    staleTime: Infinity,
  });
}
