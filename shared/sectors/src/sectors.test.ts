import { describe, expect, it } from 'vitest';
import { SECTORS, getSector, pageTitle, frenchMessageFor, MESSAGES_FR, wordsFor } from './index.js';

describe('getSector', () => {
  it('defaults to lawyers with a red primary colour and /avocats routes', () => {
    const sector = getSector(undefined);
    expect(sector.key).toBe('lawyer');
    expect(sector.routes.directory).toBe('avocats');
    expect(sector.routes.profile).toBe('avocat');
  });

  it('gives each sector the colour family of the spec', () => {
    expect(SECTORS.bailiff.primaryColor).toBe('#1b6e3a');
    expect(SECTORS.notary.routes.directory).toBe('notaires');
    expect(SECTORS.groomer.schemaType).toBe('LocalBusiness');
  });

  it('refuses an unknown sector with a message naming SECTOR', () => {
    expect(() => getSector('plumber')).toThrow(/SECTOR must be one of lawyer, bailiff, notary, groomer/);
  });
});

describe('pageTitle', () => {
  it('appends the product name to a short title', () => {
    expect(pageTitle('Avocats à Lyon', 'RDV Avocat')).toBe('Avocats à Lyon | RDV Avocat');
  });
  it('keeps a title of 55 characters or more as is', () => {
    const long = 'A'.repeat(55);
    expect(pageTitle(long, 'RDV Avocat')).toBe(long);
  });
  it('does not repeat the product name', () => {
    expect(pageTitle('RDV Avocat : accueil', 'RDV Avocat')).toBe('RDV Avocat : accueil');
  });
});

describe('frenchMessageFor', () => {
  it('maps contract server texts to French', () => {
    expect(frenchMessageFor('email must be an email')).toBe(MESSAGES_FR.invalidEmail);
    expect(frenchMessageFor('Password are not the same')).toBe('Les mots de passe sont différents');
    expect(frenchMessageFor('Email already exists')).toBe(MESSAGES_FR.emailAlreadyExists);
  });
  it('shows other messages as the server wrote them', () => {
    expect(frenchMessageFor('Le créneau est déjà pris')).toBe('Le créneau est déjà pris');
  });
});

describe('noProfessionalFound', () => {
  it('reads right for every sector, including the multi-word ones', () => {
    expect(MESSAGES_FR.noProfessionalFound(SECTORS.lawyer.words.singular)).toBe(
      'Aucun avocat trouvé pour votre recherche',
    );
    expect(MESSAGES_FR.noProfessionalFound(SECTORS.bailiff.words.singular)).toBe(
      'Aucun commissaire de justice trouvé pour votre recherche',
    );
  });
});

describe('widenedRadius', () => {
  it('says how far a thin region’s listing went, in each sector’s words', () => {
    const radius = { fromKm: 50, toKm: 100, foundWithinFrom: 0, found: 3 };
    expect(MESSAGES_FR.widenedRadius(SECTORS.lawyer.words, radius)).toBe(
      'Aucun avocat à moins de 50 km : voici ceux à moins de 100 km',
    );
    expect(MESSAGES_FR.widenedRadius(SECTORS.lawyer.words, { ...radius, foundWithinFrom: 2 })).toBe(
      'Peu d’avocats à moins de 50 km : voici ceux à moins de 100 km',
    );
    expect(
      MESSAGES_FR.widenedRadius(SECTORS.notary.words, { ...radius, foundWithinFrom: 1, toKm: 200 }),
    ).toBe('Peu de notaires à moins de 50 km : voici ceux à moins de 200 km');
    expect(MESSAGES_FR.widenedRadius(SECTORS.bailiff.words, { ...radius, toKm: 200, found: 0 })).toBe(
      'Aucun commissaire de justice à moins de 200 km',
    );
  });
});

describe('wordsFor (one known professional, agreed with their civility)', () => {
  it('names a woman in her feminine words in every sector', () => {
    expect(MESSAGES_FR.noOnlineBooking(wordsFor(SECTORS.lawyer, 'Mme').definite, 'avocats')).toBe(
      "L'avocate ne prend pas encore de rendez-vous en ligne, mais d'autres avocats de la ville le font",
    );
    expect(wordsFor(SECTORS.notary, 'Mme')).toMatchObject({
      definite: 'la notaire',
      indefinite: 'une notaire',
    });
    expect(wordsFor(SECTORS.bailiff, 'Mme')).toMatchObject({
      singular: 'commissaire de justice',
      definite: 'la commissaire de justice',
    });
    expect(wordsFor(SECTORS.groomer, 'Mme')).toMatchObject({
      singular: 'toiletteuse',
      yours: 'votre toiletteuse',
    });
    const notary = wordsFor(SECTORS.notary, 'Mme');
    expect(MESSAGES_FR.appointmentCancelled(notary.definite, notary.e)).toBe(
      'Le rendez-vous a bien été annulé et la notaire a été informée',
    );
  });

  it('keeps the sector’s usual words for "M.", for "Maître" (neutral) and for an unknown civility', () => {
    for (const civility of ['M.', 'Me', null, undefined]) {
      const words = wordsFor(SECTORS.lawyer, civility);
      expect(words).toEqual({
        singular: 'avocat',
        indefinite: 'un avocat',
        definite: "l'avocat",
        yours: 'votre avocat',
        e: '',
      });
      expect(MESSAGES_FR.appointmentCancelled(words.definite, words.e)).toBe(
        "Le rendez-vous a bien été annulé et l'avocat a été informé",
      );
    }
    expect(wordsFor(SECTORS.groomer, 'M.').singular).toBe('toiletteur');
  });
});
