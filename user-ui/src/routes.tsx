import { Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from './auth/RequireAuth';
import { NotFoundPage, RouteErrorPage } from './pages/ErrorPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { LoginPage } from './pages/LoginPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';

// The login pages load first and alone; the signed-in space and the sign-up form (phone
// metadata) are fetched when needed.
const lazyUserLayout = async () => ({ Component: (await import('./layout/UserLayout')).UserLayout });
const lazyDashboard = async () => ({ Component: (await import('./pages/DashboardPage')).DashboardPage });
// Each screen of the signed-in space is its own chunk.
const lazyMotives = async () => ({ Component: (await import('./availability/MotivesPage')).MotivesPage });
const lazyCalendars = async () => ({
  Component: (await import('./availability/CalendarsPage')).CalendarsPage,
});
const lazyCalendar = async () => ({ Component: (await import('./availability/CalendarPage')).CalendarPage });
const lazyHolidays = async () => ({ Component: (await import('./availability/HolidaysPage')).HolidaysPage });
const lazySettings = async () => ({
  Component: (await import('./availability/AgendaSettingsPage')).AgendaSettingsPage,
});
const lazyEvents = async () => ({ Component: (await import('./events/EventsPage')).EventsPage });
const lazyCalls = async () => ({ Component: (await import('./calls/CallsPage')).CallsPage });
const lazyFolders = async () => ({ Component: (await import('./folders/FoldersPage')).FoldersPage });
const lazyConfirmEmail = async () => ({
  Component: (await import('./pages/ConfirmEmailPage')).ConfirmEmailPage,
});
const lazySponsorship = async () => ({
  Component: (await import('./sponsorship/SponsorshipPage')).SponsorshipPage,
});
const lazyBilling = async () => ({ Component: (await import('./billing/BillingPage')).BillingPage });
const lazyPayments = async () => ({ Component: (await import('./payments/PaymentsPage')).PaymentsPage });
const lazyOffice = async () => ({ Component: (await import('./office/OfficePage')).OfficePage });
const lazyEventAction = async () => ({
  Component: (await import('./events/EventActionPage')).EventActionPage,
});
const lazyRegistration = async () => ({
  Component: (await import('./pages/CompleteRegistrationPage')).CompleteRegistrationPage,
});

/** Served under the `/user` basename by the gateway (vite `base: '/user/'`). */
export const BASENAME = '/user';

export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorPage />,
    children: [
      // Public pages of the professional's space.
      { path: 'connexion', element: <LoginPage /> },
      { path: 'mot-de-passe-oublie', element: <ForgotPasswordPage /> },
      { path: 'reinitialiser-mot-de-passe', element: <ResetPasswordPage /> },
      // The link mailed to a new address: its single-use token is the authority, no session needed.
      { path: 'confirmer-email', lazy: lazyConfirmEmail },
      { path: 'inscription/:userId', lazy: lazyRegistration },
      // The link of the professional's mail: its signed token is the authority, no session needed.
      { path: 'event-action', lazy: lazyEventAction },
      // Everything else needs a session (docs/product.md §6).
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: lazyUserLayout,
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: 'dashboard', lazy: lazyDashboard },
              { path: 'setting', lazy: lazySettings },
              { path: 'calendriers', lazy: lazyCalendars },
              { path: 'calendrier/:id', lazy: lazyCalendar },
              { path: 'periodes-de-vacances', lazy: lazyHolidays },
              { path: 'motifs', lazy: lazyMotives },
              { path: 'events', lazy: lazyEvents },
              { path: 'appels', lazy: lazyCalls },
              { path: 'dossiers-client', lazy: lazyFolders },
              { path: 'parrainage', lazy: lazySponsorship },
              { path: 'abonnement', lazy: lazyBilling },
              { path: 'paiements', lazy: lazyPayments },
              { path: 'mon-etude', lazy: lazyOffice },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];
