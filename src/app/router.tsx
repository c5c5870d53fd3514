import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { getToken } from '../lib/token-storage';
import { RouteErrorScreen } from './layout/error-boundary';
import { prefetchDashboard } from './prefetch-dashboard';
import { LoginRoute } from './routes/auth/login';
import { PublicOnly, RequireAuth, RequireOnboarded } from './routes/guards';

// Only the first screen of a signed-out visit (/login) is in the entry chunk; the other sign-in screens,
// the signed-in app (shell and pages), its modals and charts load lazily.
const RegisterRoute = lazy(() =>
  import('./routes/auth/register').then((m) => ({ default: m.RegisterRoute })),
);
const SignupRoute = lazy(() => import('./routes/auth/signup').then((m) => ({ default: m.SignupRoute })));
const ForgotPasswordRoute = lazy(() =>
  import('./routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const ResetPasswordRoute = lazy(() =>
  import('./routes/auth/reset-password').then((m) => ({ default: m.ResetPasswordRoute })),
);
const OnboardingRoute = lazy(() =>
  import('./routes/auth/onboarding').then((m) => ({ default: m.OnboardingRoute })),
);
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
const ProfileRoute = lazy(() => import('./routes/app/profile').then((m) => ({ default: m.ProfileRoute })));
const SettingsRoute = lazy(() => import('./routes/app/settings').then((m) => ({ default: m.SettingsRoute })));
const CampaignsRoute = lazy(() =>
  import('./routes/app/campaigns').then((m) => ({ default: m.CampaignsRoute })),
);
const CreateCampaignRoute = lazy(() =>
  import('./routes/app/campaigns').then((m) => ({ default: m.CreateCampaignRoute })),
);
const WebsitesRoute = lazy(() => import('./routes/app/websites').then((m) => ({ default: m.WebsitesRoute })));
const ApplicationsRoute = lazy(() =>
  import('./routes/app/applications').then((m) => ({ default: m.ApplicationsRoute })),
);
const PublishersRoute = lazy(() =>
  import('./routes/app/publishers').then((m) => ({ default: m.PublishersRoute })),
);
const AdminAdvertisersRoute = lazy(() =>
  import('./routes/app/admin-users').then((m) => ({ default: m.AdminAdvertisersRoute })),
);
const AdminPublishersRoute = lazy(() =>
  import('./routes/app/admin-users').then((m) => ({ default: m.AdminPublishersRoute })),
);
const AdminApplicationsRoute = lazy(() =>
  import('./routes/app/admin-applications').then((m) => ({ default: m.AdminApplicationsRoute })),
);
const AdminPayoutsRoute = lazy(() =>
  import('./routes/app/admin-payouts').then((m) => ({ default: m.AdminPayoutsRoute })),
);
const AdminAuditLogRoute = lazy(() =>
  import('./routes/app/admin-audit-log').then((m) => ({ default: m.AdminAuditLogRoute })),
);
const TrackingRoute = lazy(() => import('./routes/app/tracking').then((m) => ({ default: m.TrackingRoute })));
const CommissionsRoute = lazy(() =>
  import('./routes/app/commissions').then((m) => ({ default: m.CommissionsRoute })),
);
const InvoicesRoute = lazy(() => import('./routes/app/invoices').then((m) => ({ default: m.InvoicesRoute })));
const ReportsRoute = lazy(() => import('./routes/app/reports').then((m) => ({ default: m.ReportsRoute })));
const MediaRoute = lazy(() => import('./routes/app/media').then((m) => ({ default: m.MediaRoute })));
const MessagingRoute = lazy(() =>
  import('./routes/app/messaging').then((m) => ({ default: m.MessagingRoute })),
);
const CatchAllRoute = lazy(() =>
  import('./routes/app/catch-all').then((m) => ({ default: m.CatchAllRoute })),
);

// A deliberate crash page to exercise the error screen: dev and test builds only. In production the
// condition is the constant false, so the route and its chunk are left out and /debug/crash falls
// through to the app's not-found page.
const CrashRoute =
  import.meta.env.DEV || import.meta.env.MODE === 'test'
    ? lazy(() => import('./routes/crash').then((m) => ({ default: m.CrashRoute })))
    : null;

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
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
            { path: 'login', element: <LoginRoute /> },
            { path: 'register', element: <RegisterRoute /> },
            { path: 'signup', element: <SignupRoute /> },
          ],
        },
        { path: 'forgot-password', element: <ForgotPasswordRoute /> },
        { path: 'reset-password', element: <ResetPasswordRoute /> },
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
            { path: 'onboarding', element: <OnboardingRoute /> },
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
                    { path: 'dashboard', element: <DashboardRoute /> },
                    { path: 'profile', element: <ProfileRoute /> },
                    { path: 'settings', element: <SettingsRoute /> },
                    { path: 'campaigns', element: <CampaignsRoute /> },
                    // Literally "/action=create" (spec §2): the campaigns screen with campaignEdit open.
                    { path: 'action=create', element: <CreateCampaignRoute /> },
                    { path: 'websites', element: <WebsitesRoute /> },
                    { path: 'applications', element: <ApplicationsRoute /> },
                    { path: 'publishers', element: <PublishersRoute /> },
                    { path: 'admin-advertisers', element: <AdminAdvertisersRoute /> },
                    { path: 'admin-publishers', element: <AdminPublishersRoute /> },
                    { path: 'admin-applications', element: <AdminApplicationsRoute /> },
                    { path: 'admin-payouts', element: <AdminPayoutsRoute /> },
                    { path: 'admin-audit-log', element: <AdminAuditLogRoute /> },
                    { path: 'tracking', element: <TrackingRoute /> },
                    { path: 'commissions', element: <CommissionsRoute /> },
                    { path: 'reports', element: <ReportsRoute /> },
                    { path: 'invoices', element: <InvoicesRoute /> },
                    { path: 'media', element: <MediaRoute /> },
                    { path: 'messaging', element: <MessagingRoute /> },
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
