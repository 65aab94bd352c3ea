import { defaultTheme, Provider } from '@adobe/react-spectrum';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { SWRConfig } from 'swr';
import { Redirect, useLocation, useRouter } from 'wouter';
import { useAppVersionInfo } from '../api/common';
import { swrConfig } from '../api/swrConfig';
import { ErrorBoundary } from './ErrorBoundary';
import { RequireAuth } from './RequireAuth';
import { findRoute, PUBLIC_ROUTES, SHELL_ROUTES } from './routes';
import { Splash } from './Splash';
import { ToastHost } from './ToastHost';

// The signed-in frame (sidebar, top bar, footer) is a chunk of its own: the login page skips it.
const Layout = lazy(() => import('./Layout'));

/** Routes a version error must not bounce away from: the info screen and everything public. */
const VERSION_ERROR_EXEMPT = new Set(['/infoscreen', ...PUBLIC_ROUTES.map((route) => route.path)]);

function useHref(href: string): string {
  const { base } = useRouter();
  return href.startsWith('/') ? `${base}${href}` : href;
}

/** React Spectrum links and menu items navigate through wouter. */
function SpectrumProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  return (
    <Provider theme={defaultTheme} locale="de-AT" router={{ navigate: (path) => navigate(path), useHref }}>
      {children}
    </Provider>
  );
}

/** Spec §2: a server that reports a version error sends the user to /infoscreen. */
function VersionGuard() {
  const { data } = useAppVersionInfo();
  const [location, navigate] = useLocation();
  const versionError = data?.versionError;
  useEffect(() => {
    if (versionError && !VERSION_ERROR_EXEMPT.has(location)) navigate('/infoscreen', { replace: true });
  }, [versionError, location, navigate]);
  return null;
}

function AppRoutes() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const publicRoute = findRoute(parser, location, PUBLIC_ROUTES);
  if (publicRoute) {
    const Screen = publicRoute.screen;
    return <Screen />;
  }
  // Unknown paths go to /404 at once, without a detour over the login.
  if (!findRoute(parser, location, SHELL_ROUTES)) return <Redirect to="/404" replace />;
  return (
    <RequireAuth>
      <Layout />
    </RequireAuth>
  );
}

export function App() {
  return (
    <ErrorBoundary>
      <SWRConfig value={swrConfig}>
        <SpectrumProvider>
          <VersionGuard />
          <Suspense fallback={<Splash />}>
            <AppRoutes />
          </Suspense>
          <ToastHost />
        </SpectrumProvider>
      </SWRConfig>
    </ErrorBoundary>
  );
}
