import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, useSearchParams, type RouteObject } from 'react-router';
import { AuthScreen } from '../screens/AuthScreen';
import { BatchEditorScreen } from '../screens/BatchEditorScreen';
import { HomeScreen } from '../screens/HomeScreen';
import { NotFoundScreen } from '../screens/NotFoundScreen';
import { ProfileScreen } from '../screens/ProfileScreen';
import { SettingsScreen } from '../screens/SettingsScreen';
import { SubscriptionsScreen } from '../screens/SubscriptionsScreen';
import { AppShell } from './AppShell';
import { RequireUser } from './RequireUser';
import { HOME_PATHS, STATIC_PAGE_ROUTES } from './route-table';

/**
 * /batch-editor: without a batch session it sends anyone home with the no-files message; with one
 * it needs a signed-in user (docs/product-rules.md, 'Batch').
 */
function BatchEditorRoute() {
  const [params] = useSearchParams();
  if (params.get('session') === null) return <BatchEditorScreen />;
  return (
    <RequireUser>
      <BatchEditorScreen />
    </RequireUser>
  );
}

const STATIC_PAGES: Record<keyof typeof STATIC_PAGE_ROUTES, ComponentType> = {
  helpSupport: lazy(() => import('../pages/help/HelpSupportPage')),
  tutorialsLearning: lazy(() => import('../pages/tutorials/TutorialsLearningPage')),
  filmColorAnalysis: lazy(() => import('../pages/film-analysis/FilmColorAnalysisPage')),
  colorCorrectionGrading: lazy(() => import('../pages/color-correction/ColorCorrectionGradingPage')),
  privacyPolicy: lazy(() => import('../pages/legal/PrivacyPolicyPage')),
  termsOfService: lazy(() => import('../pages/legal/TermsOfServicePage')),
};

export function appRoutes(): RouteObject[] {
  const staticRoutes = Object.entries(STATIC_PAGE_ROUTES).flatMap(([key, paths]) => {
    const Page = STATIC_PAGES[key as keyof typeof STATIC_PAGE_ROUTES];
    return paths.map((path) => ({ path, element: <Page /> }));
  });
  return [
    {
      element: <AppShell />,
      children: [
        ...HOME_PATHS.map((path) => ({ path, element: <HomeScreen /> })),
        { path: '/auth', element: <AuthScreen /> },
        { path: '/profile', element: <RequireUser><ProfileScreen /></RequireUser> },
        { path: '/settings', element: <RequireUser><SettingsScreen /></RequireUser> },
        { path: '/subscriptions', element: <SubscriptionsScreen /> },
        { path: '/batch-editor', element: <BatchEditorRoute /> },
        ...staticRoutes,
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
