import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Sector } from '@rdv/sectors';
import { unwrap } from '@rdv/api-client';
import { browserApi } from '../lib/browser-api';
import { paths, type NearestCity } from '../lib/directory';

type Status = 'idle' | 'locating' | 'denied' | 'failed';

/**
 * "Un avocat près de chez vous": the nearest city with professionals, first from the visitor's IP
 * (server loader), then, on request, from the browser's geolocation through the API
 * (GET /api/v1/geo/nearest-city?lat=&lng= via the gateway). The button appears once JavaScript runs.
 */
export function NearYou({ sector, initial }: { sector: Sector; initial: NearestCity | null }) {
  const [city, setCity] = useState<NearestCity | null>(initial);
  const [status, setStatus] = useState<Status>('idle');
  const [canLocate, setCanLocate] = useState(false);
  const to = paths(sector.routes);
  const { words } = sector;
  const title = `${words.indefinite.charAt(0).toUpperCase()}${words.indefinite.slice(1)} près de chez vous`;

  useEffect(() => setCanLocate(typeof navigator !== 'undefined' && 'geolocation' in navigator), []);

  function locate() {
    setStatus('locating');
    navigator.geolocation.getCurrentPosition(
      async (position) => {
        try {
          const { latitude, longitude } = position.coords;
          // Rounded to about 10 m: enough to find the nearest city, no more precise than needed.
          const near = await unwrap(
            browserApi().GET('/api/v1/geo/nearest-city', {
              params: { query: { lat: Number(latitude.toFixed(4)), lng: Number(longitude.toFixed(4)) } },
            }),
          );
          setCity(near);
          setStatus('idle');
        } catch {
          setStatus('failed');
        }
      },
      () => setStatus('denied'),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  }

  const located = city && !city.fallback;
  return (
    <section className="card near-you" aria-labelledby="near-title">
      <h2 id="near-title">{title}</h2>
      <div aria-live="polite">
        {city ? (
          <>
            <p>
              {located
                ? city.source === 'coordinates'
                  ? `Près de votre position${city.distanceKm > 0 ? ` (à ${city.distanceKm.toLocaleString('fr-FR')} km)` : ''} :`
                  : 'Près de chez vous :'
                : 'Nous n’avons pas pu vous situer. Par exemple :'}
            </p>
            <p className="near-you__city">
              <Link to={to.city(city.cityUri)} className="near-you__link">
                <span className="near-you__name">
                  {words.plural.charAt(0).toUpperCase() + words.plural.slice(1)} à {city.name}
                </span>
                <span className="near-you__count">
                  {city.count} {city.count > 1 ? words.plural : words.singular} · {city.departmentName} (
                  {city.departmentCode})
                </span>
              </Link>
            </p>
          </>
        ) : (
          <p>
            Indiquez votre ville dans la recherche : nous vous montrons les {words.plural} qui prennent
            rendez-vous en ligne près de chez vous.
          </p>
        )}
        {status === 'locating' && <p className="muted">Recherche de votre position…</p>}
        {status === 'denied' && (
          <p className="muted">
            Votre position n’est pas disponible : indiquez votre ville dans la recherche.
          </p>
        )}
        {status === 'failed' && <p className="muted">La recherche a échoué, veuillez réessayer.</p>}
      </div>
      {canLocate && (
        <p>
          <button
            type="button"
            className="button button--secondary"
            onClick={locate}
            disabled={status === 'locating'}
          >
            <svg
              viewBox="0 0 24 24"
              width="18"
              height="18"
              aria-hidden="true"
              focusable="false"
              className="button__icon"
            >
              <path
                d="M12 2v3M12 19v3M2 12h3M19 12h3M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Utiliser ma position
          </button>
        </p>
      )}
    </section>
  );
}
