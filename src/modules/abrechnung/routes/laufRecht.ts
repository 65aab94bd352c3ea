import type { Principal } from '../../../platform/auth/principal';
import { hasAnyRight } from '../../../platform/auth/principal';
import { forbidden } from '../../../platform/errors';
import { ABRECHNUNG_EDIT, ABRECHNUNG_VIEW } from '../rights';
import type { LaufArt } from '../schema/zvData';

/**
 * The generic run routes admit WASSERRECHNUNG_VIEW/EDIT (the Wasserwart prints and books water
 * invoices); every other kind of run needs the Abrechnung right as well (403).
 */
export function assertLaufRecht(user: Principal, art: LaufArt, zugriff: 'lesen' | 'buchen'): void {
  if (art !== 'Wasserrechnung' && !hasAnyRight(user, zugriff === 'lesen' ? ABRECHNUNG_VIEW : ABRECHNUNG_EDIT))
    throw forbidden();
}
