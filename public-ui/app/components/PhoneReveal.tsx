import { useFetcher } from 'react-router';
import { formatPhone } from '../lib/directory';

export interface PhoneRevealResult {
  telephone?: string;
  error?: string;
}

/**
 * Click-to-reveal phone number. The button posts to the profile route's action, which calls
 * POST /api/v1/professionals/{userUri}/phone-reveal (that counts a call) with the visitor's
 * address; with JavaScript it happens in place, without it the page is posted and re-rendered.
 */
export function PhoneReveal({ revealed }: { revealed?: PhoneRevealResult | null }) {
  const fetcher = useFetcher<PhoneRevealResult>();
  const result = fetcher.data ?? revealed ?? null;
  if (result?.telephone) {
    return (
      <p className="phone-reveal">
        <a className="button button--secondary phone-reveal__number" href={`tel:${result.telephone}`}>
          <PhoneIcon />
          {formatPhone(result.telephone)}
        </a>
      </p>
    );
  }
  return (
    <fetcher.Form method="post" className="phone-reveal">
      <input type="hidden" name="intent" value="reveal-phone" />
      <button type="submit" className="button button--secondary" disabled={fetcher.state !== 'idle'}>
        <PhoneIcon />
        Afficher le numéro
      </button>
      {result?.error && (
        <p className="field__error" role="alert">
          {result.error}
        </p>
      )}
    </fetcher.Form>
  );
}

function PhoneIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className="button__icon"
    >
      <path
        d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
