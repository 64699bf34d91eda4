import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { filterQuery, positionParam, type ListingFilters } from '../lib/listing-filters';

/**
 * "Autour de moi": with the visitor's consent, the browser's position orders the listing nearest first
 * (`?tri=proches&autour=lat,lng`, rounded to about 100 m). Shown once JavaScript runs and the browser can
 * locate; without it, "Les plus proches" orders from the commune's centre.
 */
export function AroundMeButton({
  basePath,
  filters,
  keep,
}: {
  basePath: string;
  filters: ListingFilters;
  keep: Record<string, string>;
}) {
  const navigate = useNavigate();
  const [canLocate, setCanLocate] = useState(false);
  const [status, setStatus] = useState<'idle' | 'locating' | 'denied'>('idle');
  useEffect(() => setCanLocate(typeof navigator !== 'undefined' && 'geolocation' in navigator), []);
  if (!canLocate) return null;

  function locate() {
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setStatus('idle');
        const autour = positionParam(position.coords.latitude, position.coords.longitude);
        void navigate(`${basePath}${filterQuery({ ...filters, tri: 'proches', autour }, keep)}`);
      },
      () => setStatus('denied'),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  }

  return (
    <>
      <li>
        <button
          type="button"
          className="chip chip--link"
          onClick={locate}
          disabled={status === 'locating'}
          aria-pressed={filters.autour ? 'true' : 'false'}
        >
          {status === 'locating' ? 'Localisation…' : 'Autour de moi'}
        </button>
      </li>
      {status === 'denied' && (
        <li role="status" className="listing-filters__note">
          Position indisponible : les résultats restent triés depuis le centre de la commune.
        </li>
      )}
    </>
  );
}
