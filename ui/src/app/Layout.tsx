import { useEffect, useMemo, useState } from 'react';
import { useRights } from '../api/common';
import { useSteuersatzFlag } from '../api/kassa';
import { loadToastQueue } from '../api/toast';
import { Footer } from './Footer';
import { needsFlag, visibleMenu } from './menu';
import { useSignedInUser } from './RequireAuth';
import { isBuilt } from './routes';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { ShellRoutes } from './ShellRoutes';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import './Layout.css';

/** The signed-in frame: top bar, sidebar, the current screen and the footer. Lazy-loaded. */
export default function Layout() {
  const user = useSignedInUser();
  const { rights, error: rightsError, mutate: reloadRights } = useRights();
  // Asked only by users who could see the Steuerbericht, and only once its screen (and so the
  // Kassa API) is built. While the club forces 2FA set-up the server refuses every other call.
  const steuersatz = useSteuersatzFlag(!user.mfaSetupRequired && needsFlag('steuersatz', rights, isBuilt));
  const [navOpen, setNavOpen] = useState(false);
  const menu = useMemo(
    () => (rights ? visibleMenu(rights, { steuersatz }, undefined, isBuilt) : undefined),
    [rights, steuersatz],
  );

  // Signed-in screens save with toasts: have the toast region ready before the first save.
  useEffect(() => {
    void loadToastQueue();
  }, []);

  return (
    <div className="kgv-layout" data-nav-open={navOpen ? 'true' : 'false'}>
      <a className="kgv-skip-link" href="#kgv-main">
        Zum Inhalt springen
      </a>
      <TopBar user={user} navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
      <Sidebar menu={menu} onNavigate={() => setNavOpen(false)} />
      <div className="kgv-content">
        <main id="kgv-main" className="kgv-main" tabIndex={-1}>
          <ShellRoutes rights={rights} rightsError={rightsError} onRetryRights={() => void reloadRights()} />
        </main>
        <Footer />
      </div>
      <SessionExpiredDialog />
    </div>
  );
}
