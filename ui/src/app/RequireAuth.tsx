import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { type CurrentUser, useCurrentUser } from '../api/user';
import { loginHref } from './returnTo';
import { Splash } from './Splash';

// Rare, so kept out of the first download.
const AuthCheckFailed = lazy(() => import('./AuthCheckFailed'));

const SignedInUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user; only inside RequireAuth. */
export function useSignedInUser(): CurrentUser {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser outside RequireAuth');
  return user;
}

/** Lets its children render only with a session; otherwise off to the login, which comes back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, error, mutate } = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();

  if (error?.status === 401) {
    return <Redirect to={loginHref(search ? `${location}?${search}` : location)} replace />;
  }
  if (!data && error) {
    return (
      <Suspense fallback={<Splash />}>
        <AuthCheckFailed error={error} onRetry={() => void mutate()} />
      </Suspense>
    );
  }
  if (!data) return <Splash />;
  return <SignedInUserContext.Provider value={data}>{children}</SignedInUserContext.Provider>;
}
