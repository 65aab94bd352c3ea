import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '../../api/errors';
import { clearCache } from '../../api/swrConfig';
import { showErrorToast } from '../../api/toast';
import { logout } from '../../api/user';
import { Splash } from '../../app/Splash';
import { usePageTitle } from '../../app/usePageTitle';

/** Signs out, forgets every cached answer and goes to the login. */
export default function LogoutScreen() {
  usePageTitle('Abmelden');
  const [, navigate] = useLocation();
  // StrictMode runs effects twice in development; one logout call is enough.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout()
      .catch((error: unknown) => {
        // 401: already signed out, which is what we wanted.
        if (!(isApiError(error) && error.status === 401)) showErrorToast(error);
      })
      .finally(() => {
        clearCache();
        navigate('/login', { replace: true });
      });
  }, [navigate]);

  return <Splash />;
}
