import { useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityApi } from '../../api/availability';
import { zonedToIso } from '../../dates';
import type { UnavailabilityFormValues } from '../validation';

/** The professional's one-off unavailabilities (entered in `timezone`), their calendars, and the writes. */
export function useUnavailabilities(userId: string, timezone: string) {
  const queryClient = useQueryClient();
  const key = ['unavailabilities', userId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.unavailabilities(userId, signal),
  });
  const calendars = useQuery({
    queryKey: ['calendars', userId],
    queryFn: ({ signal }) => availabilityApi.calendars(userId, signal),
  });
  return {
    list,
    calendars,
    add: (values: UnavailabilityFormValues) =>
      availabilityApi.createUnavailability(userId, {
        startsAt: zonedToIso(values.startDate, values.startTime, timezone),
        endsAt: zonedToIso(values.endDate, values.endTime, timezone),
        ...(values.calendarId ? { calendarId: values.calendarId } : {}),
        ...(values.reason ? { reason: values.reason } : {}),
      }),
    remove: (id: string) => availabilityApi.deleteUnavailability(userId, id),
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}
