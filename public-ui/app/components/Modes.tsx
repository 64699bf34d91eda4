import type { Sector } from '@rdv/sectors';
import type { Modes as ModesFlags } from '../lib/directory';

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
        // The icon is app.css's, by the item's mode: a listing repeats these in every card.
        <li key={key} data-mode={key === 'in_person' ? 'in-person' : key}>
          {label}
        </li>
      ))}
    </ul>
  );
}
