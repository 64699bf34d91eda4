import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { getSector } from '@rdv/sectors';

// Route words belong to the sector (`/avocats` for lawyers, `/notaires` for notaries...).
// The route table is fixed at build time: build with the same SECTOR the server runs with.
const sector = getSector(process.env.SECTOR);

export default [
  index('routes/home.tsx'),
  route(sector.routes.directory, 'routes/directory.tsx'),
  route('domaines-de-competences', 'routes/specialities.tsx'),
  route('demande-inscription', 'routes/registration-request.tsx'),
  route('cgu', 'routes/legal/terms-of-use.tsx'),
  route('cgv', 'routes/legal/terms-of-sale.tsx'),
  route('mentions-legales', 'routes/legal/legal-notice.tsx'),
  route('politique-de-confidentialite', 'routes/legal/privacy-policy.tsx'),
  route('favicon.svg', 'routes/favicon.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Directory: city listings, profiles, offices, guide, reviews, sitemaps.
  route(`${sector.routes.directory}/departement/:code`, 'routes/department.tsx'),
  route(`${sector.routes.directory}/:cityUri/:speciality?`, 'routes/city-listing.tsx'),
  route(`${sector.routes.profile}/:userUri`, 'routes/profile.tsx'),
  route(`${sector.routes.office}/:teamUri/:speciality?`, 'routes/office.tsx'),
  route(sector.routes.guide, 'routes/guide.tsx'),
  route(`${sector.routes.guide}/:articleId`, 'routes/article.tsx'),
  route('service-avis', 'routes/reviews.tsx'),
  route('avis', 'routes/review.tsx'),
  route('alertes/arreter', 'routes/slot-alert-stop.tsx'),
  route('alertes/confirmer', 'routes/slot-alert-confirm.tsx'),
  route('paiement/retour', 'routes/payment-return.tsx'),
  route('sitemap.xml', 'routes/sitemap-index.ts'),
  route('sitemaps/:file', 'routes/sitemap.ts'),
  // Attendee space, booking dialog back end and the attendee's appointment pages.
  route('participant/connexion', 'routes/participant/sign-in.tsx'),
  route('participant/mot-de-passe-oublie', 'routes/participant/forgot-password.tsx'),
  route('participant/reinitialiser-mot-de-passe', 'routes/participant/reset-password.tsx'),
  route('participant/confirmer-email', 'routes/participant/confirm-email.tsx'),
  route('participant/deconnexion', 'routes/participant/sign-out.ts'),
  route('participant/reservation', 'routes/participant/booking-api.ts'),
  route('participant/mes-donnees', 'routes/participant/data-export.ts'),
  route('participant/documents/:folderId/:documentId', 'routes/participant/document-download.ts'),
  route('documents/envoi', 'routes/document-upload.ts'),
  layout('routes/participant/space.tsx', [
    route('participant/mes-rdvs', 'routes/participant/appointments.tsx'),
    route('participant/profil', 'routes/participant/profile.tsx'),
  ]),
  route('appointments/:refAppointment', 'routes/appointment.tsx'),
  route('appointments/:refAppointment/convention-honoraires.pdf', 'routes/appointment-fee-agreement.ts'),
  route('events-responses/:id_event', 'routes/events-responses.tsx'),
  // Anything else is a 404 rendered by the root error boundary.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
