import type { CallPeriod, CallStats } from '../api/calls';

const DAY = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('fr-FR', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A bucket's label on the axis: "23 nov.", "sem. du 16 nov.", "nov. 26". */
export function bucketLabel(period: CallPeriod, start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (period === 'month') return MONTH.format(date);
  if (period === 'week') return `sem. du ${DAY.format(date)}`;
  return DAY.format(date);
}

export const WINDOW_LABEL: Record<CallPeriod, { window: string; previous: string; versus: string }> = {
  day: {
    window: 'ces 30 derniers jours',
    previous: 'les 30 jours précédents',
    versus: 'aux 30 jours précédents',
  },
  week: {
    window: 'ces 12 dernières semaines',
    previous: 'les 12 semaines précédentes',
    versus: 'aux 12 semaines précédentes',
  },
  month: {
    window: 'ces 12 derniers mois',
    previous: 'les 12 mois précédents',
    versus: 'aux 12 mois précédents',
  },
};

/** "+25 % par rapport aux 30 jours précédents", or what to say when there is nothing to compare with. */
export function comparison(stats: CallStats): string {
  const { previous, versus } = WINDOW_LABEL[stats.period];
  if (stats.previousTotal === 0)
    return stats.total === 0 ? `Aucun appel non plus sur ${previous}.` : `Aucun appel sur ${previous}.`;
  const change = Math.round(((stats.total - stats.previousTotal) / stats.previousTotal) * 100);
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${Math.abs(change)} % par rapport ${versus} (${stats.previousTotal}).`;
}

export const callsCount = (n: number) => `${n} appel${n > 1 ? 's' : ''}`;
