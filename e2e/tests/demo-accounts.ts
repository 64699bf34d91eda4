/** The demo accounts the seed creates (listed in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.rdv-avocat.fr', password: 'DemoAdmin2026!' },
  professional: { username: 'avocat.demo', email: 'avocat@demo.rdv-avocat.fr', password: 'DemoAvocat2026!' },
  attendee: { email: 'client@demo.rdv-avocat.fr', password: 'DemoClient2026!' },
} as const;
