import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSector } from '@rdv/sectors';
import { SiteShell } from './SiteShell';
import { CONSENT_COOKIE } from '../lib/consent';

const lawyer = getSector('lawyer');

function renderShell(path = '/cgu') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SiteShell sector={lawyer}>
        <h1>Contenu</h1>
      </SiteShell>
    </MemoryRouter>,
  );
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('footer timing', () => {
  it('is hidden before 3 s and shown after', () => {
    renderShell();
    act(() => vi.advanceTimersByTime(2_999));
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mentions légales' }).getAttribute('href')).toBe(
      '/mentions-legales',
    );
  });
});

describe('cookie card', () => {
  it('appears after 10 s, not before', () => {
    renderShell();
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.queryByRole('region', { name: 'Vos choix en matière de cookies' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('region', { name: 'Vos choix en matière de cookies' })).toBeTruthy();
  });

  it('refuses in one click, as visible as accepting, and remembers it in a cookie', () => {
    renderShell();
    act(() => vi.advanceTimersByTime(10_000));
    const refuse = screen.getByRole('button', { name: 'Tout refuser' });
    const accept = screen.getByRole('button', { name: 'Tout accepter' });
    expect(refuse.className).toBe(accept.className);
    fireEvent.click(refuse);
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=refused`);
    expect(screen.queryByRole('region', { name: 'Vos choix en matière de cookies' })).toBeNull();
  });

  it('tells consent mode when the visitor accepts', () => {
    const dataLayer: unknown[][] = [];
    const win = window as unknown as { gtag?: (...args: unknown[]) => void };
    win.gtag = (...args: unknown[]) => dataLayer.push(args);
    try {
      renderShell();
      act(() => vi.advanceTimersByTime(10_000));
      fireEvent.click(screen.getByRole('button', { name: 'Tout accepter' }));
      expect(document.cookie).toContain(`${CONSENT_COOKIE}=accepted`);
      expect(dataLayer).toContainEqual([
        'consent',
        'update',
        expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted' }),
      ]);
    } finally {
      delete win.gtag;
    }
  });

  it('does not come back once the visitor has chosen', () => {
    document.cookie = `${CONSENT_COOKIE}=refused; Path=/`;
    renderShell();
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByRole('region', { name: 'Vos choix en matière de cookies' })).toBeNull();
  });

  it('reopens from the footer’s "Gérer les cookies" button', () => {
    document.cookie = `${CONSENT_COOKIE}=refused; Path=/`;
    renderShell();
    act(() => vi.advanceTimersByTime(3_000));
    fireEvent.click(screen.getByRole('button', { name: 'Gérer les cookies' }));
    expect(screen.getByRole('region', { name: 'Vos choix en matière de cookies' })).toBeTruthy();
  });
});

describe('header', () => {
  it('is hidden on the cities list', () => {
    renderShell('/avocats');
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('is shown on a content page', () => {
    renderShell('/cgu');
    expect(screen.getByRole('banner')).toBeTruthy();
  });
});

describe('footer contact from the site configuration', () => {
  it('shows the contact phone, email, social links and company name an admin saved', () => {
    render(
      <MemoryRouter initialEntries={['/cgu']}>
        <SiteShell
          sector={lawyer}
          siteConfig={
            {
              contact: {
                phone: '+33 1 99 00 00 00',
                email: 'contact@example.org',
                social: { linkedin: 'https://www.linkedin.com/company/example', facebook: null },
              },
              company: { name: 'Société Fictive SAS' },
            } as never
          }
        >
          <h1>Contenu</h1>
        </SiteShell>
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(3_000));
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('a[href="mailto:contact@example.org"]')?.textContent).toBe(
      'contact@example.org',
    );
    expect(footer.querySelector('a[href="tel:+33199000000"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'LinkedIn' }).getAttribute('href')).toBe(
      'https://www.linkedin.com/company/example',
    );
    expect(screen.queryByRole('link', { name: 'Facebook' })).toBeNull();
    expect(footer.textContent).toContain('Société Fictive SAS');
  });
});
