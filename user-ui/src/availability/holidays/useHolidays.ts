import { useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityApi } from '../../api/availability';
import type { HolidayFormValues } from '../validation';

/** The professional's holidays, and the writes that refresh the list. */
export function useHolidays(userId: string) {
  const queryClient = useQueryClient();
  const key = ['holidays', userId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.holidays(userId, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  return {
    list,
    add: (values: HolidayFormValues) =>
      availabilityApi.createHoliday(userId, {
        startsOn: values.startsOn,
        endsOn: values.endsOn,
        ...(values.label ? { label: values.label } : {}),
      }),
    remove: (id: string) => availabilityApi.deleteHoliday(userId, id),
    refresh,
  };
}
