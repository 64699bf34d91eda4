import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth';
import { NotFoundPage, RouteErrorPage } from './pages/ErrorPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { PlaceholderPage } from './pages/PlaceholderPage';

// The login pages load first and alone; the signed-in space and the sign-up form (phone
// metadata) are fetched when needed.
const lazyUserLayout = async () => ({ Component: (await import('./layout/UserLayout')).UserLayout });
const lazyDashboard = async () => ({ Component: (await import('./pages/DashboardPage')).DashboardPage });
const lazyRegistration = async () => ({
  Component: (await import('./pages/CompleteRegistrationPage')).CompleteRegistrationPage,
});
import { ResetPasswordPage } from './pages/ResetPasswordPage';

/** Served under the `/user` basename by the gateway (vite `base: '/user/'`). */
export const BASENAME = '/user';

const placeholder = (path: string, title: string, description: string): RouteObject => ({
  path,
  element: <PlaceholderPage title={title} description={description} />,
});

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      // Public pages of the professional's space.
      { path: 'connexion', element: <LoginPage /> },
      { path: 'mot-de-passe-oublie', element: <ForgotPasswordPage /> },
      { path: 'reinitialiser-mot-de-passe', element: <ResetPasswordPage /> },
      { path: 'inscription/:userId', lazy: lazyRegistration },
      // Everything else needs a session (spec §6).
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyUserLayout,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: 'dashboard', lazy: lazyDashboard },
              placeholder('setting', 'Mon profil', 'Vos informations personnelles, votre photo, vos langues et votre présentation.'),
              placeholder('calendriers', 'Synchronisation des calendriers', 'Connectez Google, Apple, Outlook.com, Office 365 ou Exchange à votre agenda.'),
              placeholder('calendrier/:id', 'Calendrier', 'Le détail d’un calendrier et ses disponibilités.'),
              placeholder('periodes-de-vacances', 'Périodes de vacances', 'Déclarez vos congés : aucun rendez-vous ne sera proposé pendant ces périodes.'),
              placeholder('motifs', 'Motifs de rendez-vous', 'Vos motifs, leurs durées et leurs règles de réservation.'),
              placeholder('events', 'Rendez-vous', 'Vos rendez-vous passés, à valider et à venir.'),
              placeholder('event-action', 'Rendez-vous', 'Valider ou déplacer un rendez-vous.'),
              placeholder('appels', 'Appels', 'Le suivi des appels reçus via votre profil.'),
              placeholder('dossiers-client', 'Dossiers clients', 'Les dossiers et documents partagés avec vos clients.'),
              placeholder('parrainage', 'Parrainage', 'Invitez vos confrères et suivez vos parrainages.'),
              placeholder('mon-etude', 'Mon cabinet', 'La présentation et les coordonnées de votre cabinet.'),
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
