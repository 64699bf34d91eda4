import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { availabilityApi, type HolidayCountry } from '../../api/availability';
import { formatMonth } from '../../dates';

/**
 * The public holidays of one year (browsable), the months the professional works them, and the country
 * whose calendar applies. `onNotice` tells the page what changed.
 */
export function usePublicHolidays(userId: string, onNotice: (text: string) => void) {
  const queryClient = useQueryClient();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const key = ['public-holidays', userId, year];
  const data = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => availabilityApi.publicHolidays(userId, year, signal),
  });
  const setWorked = useMutation({
    mutationFn: ({ month, worked }: { month: string; worked: boolean }) =>
      availabilityApi.setWorkedMonth(userId, month, worked),
    onSuccess: async ({ month, worked }) => {
      await queryClient.invalidateQueries({ queryKey: key });
      onNotice(
        worked
          ? `Jours fériés de ${formatMonth(month)} travaillés`
          : `Jours fériés de ${formatMonth(month)} fermés`,
      );
    },
  });
  const country = useMutation({
    mutationFn: (value: HolidayCountry | null) =>
      availabilityApi.updateSettings(userId, { holidayCountry: value }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(['availability-settings', userId], settings);
      await queryClient.invalidateQueries({ queryKey: ['public-holidays', userId] });
    },
  });

  const months = new Map<string, { date: string; name: string }[]>();
  for (const h of data.data?.holidays ?? []) months.set(h.month, [...(months.get(h.month) ?? []), h]);
  const worked = new Set(data.data?.workedMonths ?? []);
  return { year, setYear, data, setWorked, country, months, worked };
}
