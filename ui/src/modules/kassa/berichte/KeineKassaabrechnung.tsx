import { Link } from '@adobe/react-spectrum';
import { MessageBanner } from '../../../components/MessageBanner';

/** The empty state of a report of a period: a new club has no Kassaabrechnung yet. */
export function KeineKassaabrechnung() {
  return (
    <MessageBanner
      level="info"
      title="Noch keine Kassaabrechnung"
      message={
        <>
          Legen Sie zuerst unter <Link href="/basisdatenabrechnung/kassaabrechnung">Kassaabrechnung</Link> das Kassajahr
          an; dann zeigt der Bericht seine Buchungen.
        </>
      }
    />
  );
}
