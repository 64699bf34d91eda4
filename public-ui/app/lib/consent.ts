/**
 * Cookie consent (docs/product.md §7/§9): Google consent mode starts with everything denied and
 * waits 1000 ms for an update; the visitor's choice lives in a first-party cookie for 365 days.
 */
export const CONSENT_COOKIE = 'rdv_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const COOKIE_CARD_DELAY_MS = 10_000;
export const FOOTER_DELAY_MS = 3_000;
/** Dispatched on window by the footer's "Gérer les cookies" button to show the card again. */
export const OPEN_CONSENT_EVENT = 'rdv:open-consent';

export type ConsentChoice = 'accepted' | 'refused';

export function readConsent(cookieHeader: string | null | undefined): ConsentChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === CONSENT_COOKIE) {
      const value = rest.join('=');
      return value === 'accepted' || value === 'refused' ? value : null;
    }
  }
  return null;
}

export function consentCookie(choice: ConsentChoice, secure = false): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const CONSENT_KEYS = ['ad_storage', 'analytics_storage', 'ad_user_data', 'ad_personalization'] as const;

function consentState(value: 'granted' | 'denied'): Record<string, string> {
  return Object.fromEntries(CONSENT_KEYS.map((key) => [key, value]));
}

/**
 * Inline script placed first in <head>: it must run before any tag that could read or write
 * cookies. A returning visitor's stored choice is applied at once. It loads nothing external.
 */
export const CONSENT_DEFAULTS_SCRIPT = [
  'window.dataLayer=window.dataLayer||[];',
  'function gtag(){dataLayer.push(arguments);}',
  `gtag('consent','default',${JSON.stringify({ ...consentState('denied'), wait_for_update: 1000 })});`,
  `if(/(?:^|;\\s*)${CONSENT_COOKIE}=accepted(?:;|$)/.test(document.cookie)){gtag('consent','update',${JSON.stringify(consentState('granted'))});}`,
].join('');

type Gtag = (...args: unknown[]) => void;

/** Stores the choice and tells consent mode about it. */
export function saveConsent(choice: ConsentChoice): void {
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  const gtag = (window as unknown as { gtag?: Gtag }).gtag;
  if (typeof gtag === 'function') {
    gtag('consent', 'update', consentState(choice === 'accepted' ? 'granted' : 'denied'));
  }
}
