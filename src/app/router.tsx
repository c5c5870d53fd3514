import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { warmDateFormat } from '../lib/format-date';
import { lazyWithMoreStyles as page } from '../lib/load-more-styles';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { getToken } from '../lib/token-storage';
import { DocumentTitle, type RouteHandle } from './document-title';
import { RouteErrorScreen } from './layout/error-boundary';
import { prefetchDashboard } from './prefetch-dashboard';
import { LoginRoute } from './routes/auth/login';
import { PublicOnly, RequireAuth, RequireOnboarded } from './routes/guards';

// Only the first screen of a signed-out visit (/login) is in the entry chunk; the other sign-in screens,
// the signed-in app (shell and pages), its modals and charts load lazily.
const RegisterRoute = page(() => import('./routes/auth/register'), 'RegisterRoute');
const SignupRoute = page(() => import('./routes/auth/signup'), 'SignupRoute');
const ForgotPasswordRoute = page(() => import('./routes/auth/forgot-password'), 'ForgotPasswordRoute');
const ResetPasswordRoute = page(() => import('./routes/auth/reset-password'), 'ResetPasswordRoute');
const VerifyEmailRoute = page(() => import('./routes/auth/verify-email'), 'VerifyEmailRoute');
const OnboardingRoute = page(() => import('./routes/auth/onboarding'), 'OnboardingRoute');
// Preloaded at start with a saved session (below): then they render without a fallback in between.
const signedInShell = preloadableLazy(
  () => import('./signed-in-shell'),
  (m) => m.SignedInShell,
);
const dashboard = preloadableLazy(
  () => import('./routes/app/dashboard'),
  (m) => m.DashboardRoute,
);
const AppLayout = signedInShell.Component;
const DashboardRoute = dashboard.Component;
const ProfileRoute = page(() => import('./routes/app/profile'), 'ProfileRoute');
const SettingsRoute = page(() => import('./routes/app/settings'), 'SettingsRoute');
const CampaignsRoute = page(() => import('./routes/app/campaigns'), 'CampaignsRoute');
const CreateCampaignRoute = page(() => import('./routes/app/campaigns'), 'CreateCampaignRoute');
const WebsitesRoute = page(() => import('./routes/app/websites'), 'WebsitesRoute');
const ApplicationsRoute = page(() => import('./routes/app/applications'), 'ApplicationsRoute');
const PublishersRoute = page(() => import('./routes/app/publishers'), 'PublishersRoute');
const AdminAdvertisersRoute = page(() => import('./routes/app/admin-users'), 'AdminAdvertisersRoute');
const AdminPublishersRoute = page(() => import('./routes/app/admin-users'), 'AdminPublishersRoute');
const AdminApplicationsRoute = page(
  () => import('./routes/app/admin-applications'),
  'AdminApplicationsRoute',
);
const AdminPayoutsRoute = page(() => import('./routes/app/admin-payouts'), 'AdminPayoutsRoute');
const AdminAuditLogRoute = page(() => import('./routes/app/admin-audit-log'), 'AdminAuditLogRoute');
const AdminMailOutboxRoute = page(() => import('./routes/app/admin-mail-outbox'), 'AdminMailOutboxRoute');
const TrackingRoute = page(() => import('./routes/app/tracking'), 'TrackingRoute');
const ReferralsRoute = page(() => import('./routes/app/referrals'), 'ReferralsRoute');
const CommissionsRoute = page(() => import('./routes/app/commissions'), 'CommissionsRoute');
const FraudQueueRoute = page(() => import('./routes/app/fraud'), 'FraudQueueRoute');
const InvoicesRoute = page(() => import('./routes/app/invoices'), 'InvoicesRoute');
const ReportsRoute = page(() => import('./routes/app/reports'), 'ReportsRoute');
const MediaRoute = page(() => import('./routes/app/media'), 'MediaRoute');
const MessagingRoute = page(() => import('./routes/app/messaging'), 'MessagingRoute');
const CatchAllRoute = page(() => import('./routes/app/catch-all'), 'CatchAllRoute');

// A deliberate crash page to exercise the error screen: dev and test builds only. In production the
// condition is the constant false, so the route and its chunk are left out and /debug/crash falls
// through to the app's not-found page.
const CrashRoute =
  import.meta.env.DEV || import.meta.env.MODE === 'test'
    ? page(() => import('./routes/crash'), 'CrashRoute')
    : null;

/** A route's title, by its key in the app catalog ("title.<key>"): translated by DocumentTitle. */
const titled = (key: string): RouteHandle => ({ title: key });

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <DocumentTitle />
      <Suspense fallback={<LoadingScreen fullHeight />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export function createAppRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        {
          element: <PublicOnly />,
          children: [
            { path: 'login', handle: titled('signIn'), element: <LoginRoute /> },
            { path: 'register', handle: titled('createAccount'), element: <RegisterRoute /> },
            { path: 'signup', handle: titled('signUp'), element: <SignupRoute /> },
          ],
        },
        { path: 'forgot-password', handle: titled('forgotPassword'), element: <ForgotPasswordRoute /> },
        { path: 'reset-password', handle: titled('resetPassword'), element: <ResetPasswordRoute /> },
        { path: 'verify-email', handle: titled('confirmEmail'), element: <VerifyEmailRoute /> },
        ...(CrashRoute
          ? [
              {
                path: 'debug/crash',
                element: (
                  <Suspense fallback={<LoadingScreen fullHeight />}>
                    <CrashRoute />
                  </Suspense>
                ),
              },
            ]
          : []),
        {
          element: <RequireAuth />,
          children: [
            { path: 'onboarding', handle: titled('welcome'), element: <OnboardingRoute /> },
            {
              element: <RequireOnboarded />,
              children: [
                {
                  element: (
                    <Suspense fallback={<LoadingScreen fullHeight />}>
                      <AppLayout />
                    </Suspense>
                  ),
                  children: [
                    { path: 'dashboard', handle: titled('dashboard'), element: <DashboardRoute /> },
                    { path: 'profile', handle: titled('profile'), element: <ProfileRoute /> },
                    { path: 'settings', handle: titled('settings'), element: <SettingsRoute /> },
                    { path: 'campaigns', handle: titled('campaigns'), element: <CampaignsRoute /> },
                    // Literally "/action=create" (spec §2): the campaigns screen with campaignEdit open.
                    {
                      path: 'action=create',
                      handle: titled('newCampaign'),
                      element: <CreateCampaignRoute />,
                    },
                    { path: 'websites', handle: titled('websites'), element: <WebsitesRoute /> },
                    { path: 'applications', handle: titled('applications'), element: <ApplicationsRoute /> },
                    { path: 'publishers', handle: titled('publishers'), element: <PublishersRoute /> },
                    {
                      path: 'admin-advertisers',
                      handle: titled('advertisers'),
                      element: <AdminAdvertisersRoute />,
                    },
                    {
                      path: 'admin-publishers',
                      handle: titled('publishers'),
                      element: <AdminPublishersRoute />,
                    },
                    {
                      path: 'admin-applications',
                      handle: titled('applications'),
                      element: <AdminApplicationsRoute />,
                    },
                    { path: 'admin-payouts', handle: titled('payouts'), element: <AdminPayoutsRoute /> },
                    { path: 'admin-audit-log', handle: titled('auditLog'), element: <AdminAuditLogRoute /> },
                    {
                      path: 'admin-mail-outbox',
                      handle: titled('mailOutbox'),
                      element: <AdminMailOutboxRoute />,
                    },
                    { path: 'tracking', handle: titled('tracking'), element: <TrackingRoute /> },
                    { path: 'referrals', handle: titled('referrals'), element: <ReferralsRoute /> },
                    { path: 'commissions', handle: titled('commissions'), element: <CommissionsRoute /> },
                    { path: 'fraud', handle: titled('reviewQueue'), element: <FraudQueueRoute /> },
                    { path: 'reports', handle: titled('reports'), element: <ReportsRoute /> },
                    { path: 'invoices', handle: titled('invoices'), element: <InvoicesRoute /> },
                    { path: 'media', handle: titled('media'), element: <MediaRoute /> },
                    { path: 'messaging', handle: titled('messages'), element: <MessagingRoute /> },
                    // Also matches /conversation=<id> (push click target for a message).
                    { path: '*', element: <CatchAllRoute /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * With a stored session the signed-in shell renders next (most often the dashboard): its chunks start
 * loading now, beside the entry's own start-up work, instead of once the guards have rendered.
 */
function preloadSignedInStart(queryClient: QueryClient | undefined): void {
  if (!getToken()) return;
  void signedInShell.preload().catch(() => undefined);
  // While the shell's code downloads, in a task of its own (src/lib/format-date.ts).
  setTimeout(warmDateFormat, 0);
  const path = window.location.pathname;
  if (path !== '/' && path !== '/dashboard') return;
  void dashboard.preload().catch(() => undefined);
  if (queryClient) prefetchDashboard(queryClient);
}

/** `queryClient`: the app's, for the data of the first screen to be asked for at once. */
export function createAppRouter(queryClient?: QueryClient) {
  preloadSignedInStart(queryClient);
  return createBrowserRouter(createAppRoutes());
}
