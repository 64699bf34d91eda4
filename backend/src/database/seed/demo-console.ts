import { sql } from 'drizzle-orm';
import type { Database } from '../database.types';
import { completeSiret, getSector, officeIdentifierOf, type SectorKey } from '@rdv/sectors';
import { registrationRequests, siteConfig } from '../schema';

/**
 * Clearly fictitious company identity and contact links for the demo: the legal pages and the
 * footer render from them (no placeholder left). Existing values are kept (an admin's edit wins).
 */
export const DEMO_COMPANY = {
  name: 'Société Fictive de Démonstration SAS',
  legal_form: 'SAS (société fictive)',
  share_capital: '1 000',
  rcs_city: 'Exempleville',
  registration_number: 'RCS Exempleville 000 000 000 (fictif)',
  vat_number: 'FR00 000000000 (fictif)',
  address: '1 rue de l’Exemple, 00000 Exempleville',
  city: 'Exempleville',
  publication_director: 'Camille Exemple',
  publication_director_role: 'présidente (fictive)',
  host_name: 'Hébergeur Fictif SARL',
  host_address: '2 avenue du Serveur, 00000 Exempleville',
  host_phone: '+33 1 99 00 00 01',
  mediator:
    'Médiateur Fictif de la Consommation, 3 place de la Médiation, 00000 Exempleville – mediateur.example.org',
  dpo_email: 'dpo@example.org',
};

export const DEMO_CONTACT = {
  phone: '+33 1 99 00 00 00',
  email: 'contact@example.org',
  social: {
    facebook: 'https://www.facebook.com/example',
    linkedin: 'https://www.linkedin.com/company/example',
    x: null,
    instagram: null,
  },
};

/**
 * Two pending requests. Lucie's gives an office with its number (fictitious, outside the demo offices' range):
 * accepting it shows the office created for her and her commune and phone carried to the sign-up.
 */
const demoRequests = (sector: SectorKey) => [
  {
    id: '00000000-0000-4000-8000-00000000d001',
    civility: 'Me',
    firstName: 'Lucie',
    lastName: 'Démo-Martin',
    email: 'lucie.demo-martin@example.org',
    phone: '+33199000101',
    officeName: 'Cabinet Démo-Martin (fictif)',
    officeNumber:
      officeIdentifierOf(getSector(sector)).kind === 'crpcen' ? '98001' : completeSiret('7770000000101'),
    city: 'Lyon',
    message: 'Je souhaite proposer la prise de rendez-vous en ligne à mes clients.',
  },
  {
    id: '00000000-0000-4000-8000-00000000d002',
    civility: 'M.',
    firstName: 'Paul',
    lastName: 'Exemple',
    email: 'paul.exemple@example.org',
    phone: '+33199000102',
    officeName: null,
    officeNumber: null,
    city: 'Bordeaux',
    message: null,
  },
];

/** The console's demo: company identity + contact (kept when already filled) and two pending registration requests. */
export async function seedDemoConsole(db: Database, sector: SectorKey): Promise<void> {
  for (const [key, value] of [
    ['company', DEMO_COMPANY],
    ['contact', DEMO_CONTACT],
  ] as const) {
    await db
      .insert(siteConfig)
      .values({ key, value })
      .onConflictDoUpdate({
        target: siteConfig.key,
        // stored values win; empty / null ones take the demo's
        set: { value: sql`excluded.value || jsonb_strip_nulls(${siteConfig.value})` },
      });
  }
  await db.insert(registrationRequests).values(demoRequests(sector)).onConflictDoNothing();
  // The demo and the e2e stack run with NODE_ENV=production, where administrators must use a second factor
  // unless the site says otherwise: the demo admin signs in with a password (an admin turns it on from the API).
  await db
    .insert(siteConfig)
    .values({ key: 'admin_second_factor_required', value: false })
    .onConflictDoNothing({ target: siteConfig.key });
}
