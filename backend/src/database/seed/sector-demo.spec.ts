import { demoMeetingMode, workdayFrom } from './demo-activity';
import { specialitiesFor, type SectorKey } from '@rdv/sectors';
import { JitsiVisioLinks } from '../../modules/notifications/visio-links';
import { buildDemoPlan } from './demo-data';
import { defaultSiteConfig } from './reference-data';
import { demoContentFor } from './sector-demo-content';
import { slugify } from './slug';

const planFor = (sector: SectorKey) => buildDemoPlan(sector, specialitiesFor(sector).map(slugify));

describe('demo data per sector', () => {
  it('keeps the lawyers’ demo as it was: cabinets, addresses at demo.rdv-avocat.fr', () => {
    const { teamPlans, professionals } = planFor('lawyer');
    expect(teamPlans.every((team) => team.name.startsWith('Cabinet '))).toBe(true);
    expect(professionals).toHaveLength(60);
    expect(professionals[0]).toMatchObject({
      username: 'avocat.demo',
      specialitySlugs: ['droit-de-la-famille-des-personnes-et-de-leur-patrimoine', 'droit-du-travail'],
    });
    expect(professionals.slice(1).every((p) => p.email.endsWith('@demo.rdv-avocat.fr'))).toBe(true);
  });

  it('gives notaries études, notarial specialities and their own mail domain', () => {
    const { teamPlans, professionals } = planFor('notary');
    expect(teamPlans.every((team) => team.name.startsWith('Étude '))).toBe(true);
    expect(teamPlans[0].teamUri).toMatch(/^etude-[a-z-]+-paris$/);
    expect(professionals[0].specialitySlugs).toEqual(['droit-de-la-famille', 'successions-et-donations']);
    const notarial = new Set(specialitiesFor('notary').map(slugify));
    expect(professionals.flatMap((p) => p.specialitySlugs).every((slug) => notarial.has(slug))).toBe(true);
    expect(professionals.slice(1).every((p) => p.email.endsWith('@demo.rdv-notaire.fr'))).toBe(true);
  });

  it('gives every demo groomer a salon and at least one animal beside its services', () => {
    const { teamPlans, professionals } = planFor('groomer');
    expect(teamPlans.every((team) => team.name.startsWith('Salon '))).toBe(true);
    const animals = new Set(['chiens', 'chats', 'nac-lapins-cochons-d-inde-furets']);
    for (const professional of professionals.slice(1)) {
      expect(professional.specialitySlugs.some((slug) => animals.has(slug))).toBe(true);
      expect(professional.specialitySlugs.some((slug) => !animals.has(slug))).toBe(true);
    }
  });

  it('says what each profession says: titles, reasons, fees, reviews', () => {
    expect(demoContentFor('lawyer').presentationTitle(demoContentFor('lawyer').title('Mme'), 'Lyon')).toBe(
      'Avocate au barreau de Lyon',
    );
    expect(demoContentFor('notary').presentationTitle(demoContentFor('notary').title('Mme'), 'Lyon')).toBe(
      'Notaire à Lyon',
    );
    expect(demoContentFor('groomer').title('Mme')).toBe('Toiletteuse');
    expect(demoContentFor('bailiff').motives.map((m) => m.title)).toContain('Demande de constat');
    // A groomer's reasons are all in the salon: no visio or phone appointment for a dog's bath.
    expect(demoContentFor('groomer').motives.every((m) => m.inPerson && !m.visio && !m.phone)).toBe(true);
    for (const sector of ['notary', 'bailiff', 'groomer'] as const) {
      const content = demoContentFor(sector);
      const text = [
        ...content.fees,
        ...content.reviewComments,
        ...content.mixedReviewComments,
        ...content.closers,
      ].join(' ');
      expect(text).not.toMatch(/avocat|barreau|aide juridictionnelle/i);
    }
  });

  it('puts the sector’s contact address in the site configuration', () => {
    expect(defaultSiteConfig('lawyer').contact).toMatchObject({ email: 'contact@demo.rdv-avocat.fr' });
    expect(defaultSiteConfig('bailiff').contact).toMatchObject({
      email: 'contact@demo.rdv-commissaire-de-justice.fr',
    });
  });
});

describe(JitsiVisioLinks.name, () => {
  it('names the meeting room after the product: RdvAvocat-…, RdvNotaire-…', () => {
    expect(new JitsiVisioLinks('https://meet.jit.si/').newMeetingUrl()).toMatch(
      /^https:\/\/meet\.jit\.si\/RdvAvocat-[A-Za-z0-9]{20}$/,
    );
    expect(new JitsiVisioLinks('https://meet.jit.si', 'RDV Notaire').newMeetingUrl()).toMatch(
      /^https:\/\/meet\.jit\.si\/RdvNotaire-[A-Za-z0-9]{20}$/,
    );
    expect(new JitsiVisioLinks('https://meet.jit.si', 'RDV Commissaire de justice').newMeetingUrl()).toMatch(
      /\/RdvCommissaireDeJustice-/,
    );
  });

  // The demo meetings carry fixed references (shared by every sector's demo), so this is checked here rather than
  // against a database another suite may have seeded first.
  it('puts the groomer demo’s meetings at the salon and keeps the other sectors’ visio and phone ones', () => {
    expect(['in_person', 'visio', 'phone'].map((mode) => demoMeetingMode(mode, 'groomer'))).toEqual([
      'in_person',
      'in_person',
      'in_person',
    ]);
    expect(['visio', 'phone'].map((mode) => demoMeetingMode(mode, 'notary'))).toEqual(['visio', 'phone']);
  });
});

describe(workdayFrom.name, () => {
  it('counts Monday to Friday only, both ways, so a demo week never falls on a weekend', () => {
    // Friday 27 November 2026
    expect(workdayFrom('2026-11-27', 1)).toBe('2026-11-30');
    expect(workdayFrom('2026-11-27', 5)).toBe('2026-12-04');
    expect(workdayFrom('2026-11-30', -1)).toBe('2026-11-27');
    // from a Sunday: the next working day is Monday, the previous one Friday
    expect(workdayFrom('2026-11-29', 1)).toBe('2026-11-30');
    expect(workdayFrom('2026-11-29', -1)).toBe('2026-11-27');
    for (let offset = -12; offset <= 12; offset++) {
      const weekday = new Date(`${workdayFrom('2026-11-28', offset)}T12:00:00Z`).getUTCDay();
      if (offset !== 0) expect([0, 6]).not.toContain(weekday);
    }
  });
});
