import type { APIRequestContext } from '@playwright/test';

/** Real URLs of every kind of public page, picked from the seeded data through the API. */
export async function publicPages(request: APIRequestContext): Promise<string[]> {
  const grouped = await (await request.get('/api/v1/cities?withProfessionals=true')).json();
  const groups: Array<{ cities: Array<{ cityUri: string; count: number }> }> = Array.isArray(grouped)
    ? grouped
    : (grouped.items ?? grouped.departments ?? []);
  const cities = groups.flatMap((g) => g.cities).sort((a, b) => b.count - a.count);
  const city = cities[0];
  const search = await (await request.get(`/api/v1/search?cityUri=${city.cityUri}&page=1&perPage=20`)).json();
  const professional = search.items.find((p: { team: unknown }) => p.team) ?? search.items[0];
  // An office page: the busiest city may hold only professionals without an office (journeys add some), so the
  // next cities are asked too.
  let team = professional.team as { teamUri: string } | null;
  for (const other of cities.slice(1, 10)) {
    if (team) break;
    const found = await (
      await request.get(`/api/v1/search?cityUri=${other.cityUri}&page=1&perPage=20`)
    ).json();
    team = found.items.find((p: { team: unknown }) => p.team)?.team ?? null;
  }
  const speciality = professional.specialities[0].slug;
  const articles = await (await request.get('/api/v1/articles')).json();
  const article = (articles.items ?? articles)[0];
  return [
    '/',
    '/avocats',
    `/avocats/${city.cityUri}`,
    `/avocats/${city.cityUri}/${speciality}`,
    `/avocat/${professional.userUri}`,
    ...(team ? [`/etude/${team.teamUri}`] : []),
    '/domaines-de-competences',
    '/guide-des-demarches-aupres-de-votre-avocat',
    `/guide-des-demarches-aupres-de-votre-avocat/${article.slug ?? article._id ?? article.id}`,
    '/service-avis',
    '/demande-inscription',
    '/cgu',
    '/cgv',
    '/mentions-legales',
    '/politique-de-confidentialite',
    '/participant/connexion',
    '/une-page-qui-n-existe-pas',
  ];
}
