import { createContext, lazy, type ReactNode, Suspense, useContext } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAppVersionInfo } from '../api/common';
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

/** Spec §2: where a user whose club requires 2FA must set it up before anything else. */
export const MFA_SETUP_HREF = '/profil?edit=2fa';

/**
 * Whether the MFA redirect leaves `location` alone: the profile (where 2FA is set up) and, while
 * the server reports a version error, the info screen the version guard sends everyone to (or the
 * two redirects would chase each other). /logout is public and never gets here.
 */
export function mfaSetupExempt(location: string, versionError: boolean): boolean {
  return location === '/profil' || (versionError && location === '/infoscreen');
}

/** Lets its children render only with a session; otherwise off to the login, which comes back here. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { data, error, mutate } = useCurrentUser();
  const { data: versionInfo } = useAppVersionInfo();
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
  if (data.mfaSetupRequired && !mfaSetupExempt(location, Boolean(versionInfo?.versionError))) {
    return <Redirect to={MFA_SETUP_HREF} replace />;
  }
  return <SignedInUserContext.Provider value={data}>{children}</SignedInUserContext.Provider>;
}
