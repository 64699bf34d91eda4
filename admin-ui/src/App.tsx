import { Admin, Authenticated, CustomRoutes, Resource } from 'react-admin';
import { AccountPage } from './account/AccountPage';
import { BrowserRouter, Route } from 'react-router-dom';
import { authProvider } from './auth/authProvider';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18nProvider';
import { AdminLayout } from './layout/AdminLayout';
import { Dashboard } from './layout/Dashboard';
import { theme } from './theme';
import { sector } from './sector';
import users from './users';
import teams from './teams';
import posts from './posts';
import images from './images';
import redirects from './redirects';
import mailTemplates from './mail-templates';
import registrationRequests from './registration-requests';
import auditLog from './audit-log';
import appointments from './appointments';
import clients from './clients';
import paymentAccounts from './payment-accounts';
import reviews from './reviews';
import jobs from './jobs';
import specialities from './specialities';
import cities from './cities';
import feeNotes from './fee-notes';
import { SiteConfigEdit } from './site-config/SiteConfigEdit';
import { invoices as billingInvoices, subscriptions as billingSubscriptions } from './billing';
import { BillingMetricsPage } from './billing/BillingMetricsPage';
import { CompanyEdit } from './billing/CompanyEdit';
import { INVOICES, SUBSCRIPTIONS } from './billing/records';

/** Served under `/admin` by the gateway; the login page is `/admin/login`. */
export const BASENAME = '/admin';

/**
 * react-admin's own router is a HashRouter (`/admin/#/login`), and `<Admin basename>` alone
 * only prefixes the hash. Inside a BrowserRouter whose basename is `/admin` it uses real paths
 * (`/admin/login`, `/admin/users`, ...), and every absolute path react-admin navigates to
 * ('/login', '/') stays under `/admin`.
 *
 * `useTransitions={false}`: react-router 7 wraps location updates in startTransition, and
 * react-admin's redirect of a signed-out visitor keeps re-rendering the protected page, so the
 * transition to /login never committed and the redirect repeated forever (seen in Chromium).
 * react-admin's own internal router turns transitions off for the same reason.
 */
export function App() {
  return (
    <BrowserRouter basename={BASENAME} useTransitions={false}>
      <AdminApp />
    </BrowserRouter>
  );
}

export function AdminApp() {
  return (
    <Admin
      disableTelemetry
      title={`${sector.productName} · Administration`}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
    >
      {/* Signed-out pages: react-admin renders routes without layout whatever the auth status. */}
      <CustomRoutes noLayout>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route
          path="/dashboard"
          element={
            <Authenticated>
              <Dashboard />
            </Authenticated>
          }
        />
        <Route
          path="/mon-compte"
          element={
            <Authenticated>
              <AccountPage />
            </Authenticated>
          }
        />
        <Route
          path="/site-config"
          element={
            <Authenticated>
              <SiteConfigEdit />
            </Authenticated>
          }
        />
        <Route
          path="/billing-metrics"
          element={
            <Authenticated>
              <BillingMetricsPage />
            </Authenticated>
          }
        />
        <Route
          path="/billing-company"
          element={
            <Authenticated>
              <CompanyEdit />
            </Authenticated>
          }
        />
      </CustomRoutes>
      <Resource name="registration-requests" {...registrationRequests} />
      <Resource name="users" {...users} />
      <Resource name="clients" {...clients} />
      <Resource name="appointments" {...appointments} />
      <Resource name="reviews" {...reviews} />
      <Resource name={SUBSCRIPTIONS} {...billingSubscriptions} />
      <Resource name={INVOICES} {...billingInvoices} />
      <Resource name="fee-notes" {...feeNotes} />
      <Resource name="payment-accounts" {...paymentAccounts} />
      <Resource name="teams" {...teams} />
      <Resource name="posts" {...posts} />
      <Resource name="images" {...images} />
      <Resource name="redirects" {...redirects} />
      <Resource name="mail-templates" {...mailTemplates} />
      <Resource name="specialities" {...specialities} />
      <Resource name="cities" {...cities} />
      <Resource name="jobs" {...jobs} />
      <Resource name="audit-log" {...auditLog} />
    </Admin>
  );
}
