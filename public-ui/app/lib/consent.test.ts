import { describe, expect, it } from 'vitest';
import { CONSENT_DEFAULTS_SCRIPT, consentCookie, readConsent } from './consent';

describe('consent', () => {
  it('starts consent mode with the four storages denied and waits 1000 ms', () => {
    const calls: unknown[][] = [];
    const fakeWindow: { dataLayer?: unknown[] } = {};
    new Function(
      'window',
      'document',
      'dataLayer',
      CONSENT_DEFAULTS_SCRIPT.replace('window.dataLayer=window.dataLayer||[];', ''),
    )(fakeWindow, { cookie: '' }, { push: (args: IArguments) => calls.push([...args]) });
    expect(calls).toEqual([
      [
        'consent',
        'default',
        {
          ad_storage: 'denied',
          analytics_storage: 'denied',
          ad_user_data: 'denied',
          ad_personalization: 'denied',
          wait_for_update: 1000,
        },
      ],
    ]);
  });

  it('keeps the choice for 365 days on the whole site', () => {
    expect(consentCookie('refused')).toBe('rdv_consent=refused; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  it('reads the choice back from a Cookie header', () => {
    expect(readConsent('a=1; rdv_consent=accepted; b=2')).toBe('accepted');
    expect(readConsent('a=1')).toBeNull();
    expect(readConsent('rdv_consent=maybe')).toBeNull();
  });
});
