import { LOGO_URL } from '../api/common';
import './Splash.css';

/**
 * Full-screen loading screen with the club's banner (spec §1, §9: width 555). It fades in only
 * after 100 ms (CSS animation delay), so fast loads do not flash it.
 */
export function Splash() {
  return (
    <div className="kgv-splash" role="status" aria-live="polite">
      <img className="kgv-splash-logo" src={LOGO_URL} width={555} alt="" />
      <span className="kgv-visually-hidden">Wird geladen …</span>
    </div>
  );
}
