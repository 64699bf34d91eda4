import type { Sector } from '@rdv/sectors';
import type { Modes as ModesFlags } from '../lib/directory';

const ICONS = {
  in_person: 'M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6',
  visio: 'M3 7h12v10H3zM15 11l6-4v10l-6-4',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
};

/** The appointment modes a professional offers: au cabinet / en visio / par téléphone. */
export function Modes({ modes, sector }: { modes: ModesFlags; sector: Sector }) {
  const labels: Array<[keyof ModesFlags, string]> = [
    ['in_person', sector.words.office.charAt(0).toUpperCase() + sector.words.office.slice(1)],
    ['visio', 'Visio'],
    ['phone', 'Téléphone'],
  ];
  const offered = labels.filter(([key]) => modes[key]);
  if (offered.length === 0) return null;
  return (
    <ul className="modes" aria-label="Rendez-vous possibles">
      {offered.map(([key, label]) => (
        <li key={key} className="modes__item">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d={ICONS[key]}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {label}
        </li>
      ))}
    </ul>
  );
}
