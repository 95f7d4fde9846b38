import { lazy, Suspense, useEffect, type ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SITE_ROUTES, type SiteRouteName } from '@mudawwana/rules';
import { PageSpinner } from '@/components/ui/PageSpinner';
import { AuthPage } from '@/features/auth/AuthPage';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';
import { CategoryPage } from '@/features/categories/CategoryPage';
import { HomePage } from '@/features/home/HomePage';
import { Layout } from '@/features/layout/Layout';
import { AboutPage } from '@/features/pages/AboutPage';
import { StaticPage } from '@/features/pages/StaticPage';
import { PostPage } from '@/features/posts/PostPage';
import { SearchPage } from '@/features/search/SearchPage';
import { TagPage } from '@/features/tags/TagPage';
import { NotFoundPage } from '@/features/errors/NotFoundPage';
import { HYDRATED_EVENT } from './hydration-event';
import { endHydration } from './query-client';

/** The admin area (and the editor inside it) is a separate chunk, loaded only under /admin. */
const AdminRoutes = lazy(() => import('@/features/admin/AdminRoutes'));

/**
 * Rendered after the routes (on the server too, so both trees have the same shape and useId values match):
 * its effect runs once every hydrated query has subscribed; from then on the SPEC §9 defaults apply.
 */
function HydrationDone() {
  useEffect(() => {
    const timer = setTimeout(() => {
      endHydration();
      document.documentElement.dataset.hydrated = 'true';
      window.dispatchEvent(new Event(HYDRATED_EVENT));
    }, 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

export function App() {
  return (
    <>
      <AppRoutes />
      <HydrationDone />
    </>
  );
}

/** The screen of each route of the table (@mudawwana/rules routes.ts: paths, reads and caching are declared there). */
const SCREENS: Record<SiteRouteName, ReactElement> = {
  home: <HomePage />,
  post: <PostPage />,
  category: <CategoryPage />,
  tag: <TagPage />,
  search: <SearchPage />,
  about: <AboutPage />,
  auth: <AuthPage />,
  resetPassword: <ResetPasswordPage />,
  admin: (
    <Suspense fallback={<PageSpinner />}>
      <AdminRoutes />
    </Suspense>
  ),
  page: <StaticPage />,
};

const ROUTE_NAMES = Object.keys(SCREENS) as SiteRouteName[];

function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {ROUTE_NAMES.map((name) =>
          SITE_ROUTES[name].path === '/' ? (
            <Route key={name} index element={SCREENS[name]} />
          ) : (
            <Route key={name} path={SITE_ROUTES[name].path.slice(1)} element={SCREENS[name]} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
