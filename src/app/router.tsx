import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { LoadingScreen } from '../components/loading-screen';
import { RouteErrorScreen } from './layout/error-boundary';
import { ForgotPasswordRoute } from './routes/auth/forgot-password';
import { LoginRoute } from './routes/auth/login';
import { OnboardingRoute } from './routes/auth/onboarding';
import { RegisterRoute } from './routes/auth/register';
import { ResetPasswordRoute } from './routes/auth/reset-password';
import { SignupRoute } from './routes/auth/signup';
import { PublicOnly, RequireAuth, RequireOnboarded } from './routes/guards';

// The signed-in app (shell and pages) loads lazily; sign-in screens stay in the entry chunk.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));
const DashboardRoute = lazy(() =>
  import('./routes/app/dashboard').then((m) => ({ default: m.DashboardRoute })),
);
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
      <Outlet />
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

export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}
