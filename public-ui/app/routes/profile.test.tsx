import { configure, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ProfilePage, { meta } from './profile';
import { rootData } from '../test-support';
import { card, profile } from '../test-directory-fixtures';
import type { Profile } from '../lib/directory';
import { pageWindow } from '../components/Pagination';

// The dev machines are shared and often loaded: give renders time instead of failing at 1 s / 5 s.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

function renderProfile(p: Profile) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => rootData(),
      HydrateFallback: () => null,
      children: [
        {
          path: 'avocat/:userUri',
          Component: ProfilePage as never,
          loader: () => ({ profile: p, selectedSlot: null }),
        },
      ],
    },
  ]);
  return render(<Stub initialEntries={[`/avocat/${p.userUri}`]} />);
}

const metaOf = (p: Profile) =>
  meta({
    matches: [{ id: 'root', loaderData: rootData() }],
    loaderData: { profile: p, selectedSlot: null },
  } as unknown as Parameters<typeof meta>[0]);

describe('profile page', () => {
  it('shows name, title, office address, specialities, languages and modes', async () => {
    renderProfile(profile());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Marie Martin');
    expect(screen.getByText('Avocate au barreau de Lyon')).toBeTruthy();
    expect(document.querySelector('address')?.textContent).toContain('12 rue de la République69002 Lyon');
    expect(screen.getByText('français, anglais')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Droit pénal' }).getAttribute('href')).toBe(
      '/avocats/lyon/droit-penal',
    );
    expect(screen.getByRole('button', { name: 'Afficher le numéro' })).toBeTruthy();
  });

  it('shows the practice address of a professional without an office, and their fees', async () => {
    renderProfile(
      profile({
        office: null,
        address: {
          street: '3 boulevard Paoli',
          postalCode: '20200',
          city: { cityUri: 'bastia', name: 'Bastia', departmentCode: '2B' },
        },
        feesInfo: 'Première consultation : 80 € TTC',
      }),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('address')?.textContent).toBe('3 boulevard Paoli20200 Bastia');
    expect(screen.getByText('Honoraires')).toBeTruthy();
    expect(screen.getByText('Première consultation : 80 € TTC')).toBeTruthy();
  });

  it('lists the motives with the price TTC of those paid at booking, none for a free one', async () => {
    renderProfile(
      profile({
        motives: [
          { title: 'Première consultation', paymentRule: 'at_booking', priceCents: 8000 },
          { title: 'Suivi de dossier', paymentRule: 'free', priceCents: null },
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'Motifs de rendez-vous' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Première consultation80\u00a0€ TTC · payé à la réservation', 'Suivi de dossier']);
  });

  it('has a visible booking section with the next slots and the "Prendre rendez-vous" entry', async () => {
    renderProfile(profile());
    const section = await screen.findByRole('region', { name: 'Prendre rendez-vous' });
    expect(section.id).toBe('prendre-rendez-vous');
    expect(within(section).getAllByRole('link', { name: /^Réserver le / })).toHaveLength(2);
    expect(within(section).getByRole('link', { name: 'Prendre rendez-vous' }).getAttribute('href')).toBe(
      '/avocat/marie-martin?rdv=1#prendre-rendez-vous',
    );
  });

  it('without online booking: the spec message, a link to the city’s professionals who take it, and some of them', async () => {
    renderProfile(
      profile({
        accepts_online_booking: false,
        nextSlots: [],
        otherOnlineInCity: {
          count: 7,
          city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
          items: [card({ _id: 'x', userUri: 'paul-roux', first_name: 'Paul', last_name: 'Roux' })],
        },
      }),
    );
    expect(
      await screen.findByText(
        /L'avocate ne prend pas encore de rendez-vous en ligne, mais d'autres avocats de la ville le font/,
      ),
    ).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Voir les avocats de Lyon qui prennent rendez-vous en ligne' })
        .getAttribute('href'),
    ).toBe('/avocats/lyon');
    expect(screen.getByRole('link', { name: 'Paul Roux' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Prendre rendez-vous' })).toBeNull();
  });
});

describe('profile words, agreed with the professional’s civility', () => {
  const withoutBooking = {
    accepts_online_booking: false,
    nextSlots: [],
    presentation_title: null,
    otherOnlineInCity: {
      count: 3,
      city: { cityUri: 'lyon', name: 'Lyon', departmentCode: '69' },
      items: [card({ _id: 'x', userUri: 'paul-roux', first_name: 'Paul', last_name: 'Roux' })],
    },
  };

  it('names Madame in the feminine: "Avocate", "L’avocate ne prend pas…", "avocate à Lyon" in the title', async () => {
    const mme = profile({ ...withoutBooking, civility: 'Mme' });
    renderProfile(mme);
    expect(await screen.findByText(/^L'avocate ne prend pas encore de rendez-vous en ligne/)).toBeTruthy();
    expect(screen.getByText('Avocate', { selector: '.profile__title' })).toBeTruthy();
    expect(metaOf(mme)).toContainEqual({ title: expect.stringMatching(/^Marie Martin, avocate à Lyon/) });
  });

  it('keeps the usual words for Monsieur and for Maître, which says nothing of the person', async () => {
    for (const civility of ['M.', 'Me']) {
      const { unmount } = renderProfile(profile({ ...withoutBooking, civility }));
      expect(await screen.findByText(/^L'avocat ne prend pas encore de rendez-vous en ligne/)).toBeTruthy();
      expect(screen.getByText('Avocat', { selector: '.profile__title' })).toBeTruthy();
      unmount();
    }
  });
});

describe('profile meta', () => {
  it('is indexable with a canonical URL, LegalService and BreadcrumbList JSON-LD', () => {
    const tags = metaOf(profile());
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://rdv.example/avocat/marie-martin',
    });
    expect(tags).not.toContainEqual({ name: 'robots', content: 'noindex' });
    const types = tags
      .filter((t) => 'script:ld+json' in t)
      .map((t) => (t as { 'script:ld+json': { '@type': string } })['script:ld+json']['@type']);
    expect(types).toEqual(['LegalService', 'BreadcrumbList']);
    const ld = tags.find((t) => 'script:ld+json' in t) as { 'script:ld+json': object };
    expect(ld['script:ld+json']).not.toHaveProperty('aggregateRating');
  });

  it('is noindex when the professional opted out of indexing', () => {
    expect(metaOf(profile({ indexable: false }))).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});

describe('pagination window', () => {
  it('shows first, last and two pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});
