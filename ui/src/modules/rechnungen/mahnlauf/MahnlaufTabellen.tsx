import { Checkbox } from '@adobe/react-spectrum';
import { MAHNSTUFE_TITEL } from '../../../../../src/modules/rechnungspruefung/schema/mahnungen';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { GRUND_TEXT, type MahnlaufUebersprungen, type MahnlaufZeile } from '../../../api/mahnungen';
import { Geld } from '../../kassa/Geld';
import '../../../components/denseTable.css';
import './mahnlauf.css';

// The two tables of the run's preview: the receivables to remind (each with its tick) and the ones
// the run leaves out with the reason.

/** "Zahlungserinnerung", "Mahnung", "Letzte Mahnung" for a level; "–" for none. */
export function stufeText(stufe: number): string {
  return MAHNSTUFE_TITEL[stufe] ?? '–';
}

export interface ZuMahnenProps {
  zeilen: readonly MahnlaufZeile[];
  gewaehlt: ReadonlySet<number>;
  onChange: (ids: Set<number>) => void;
  /** Without the Edit right there is nothing to tick. */
  waehlbar: boolean;
}

export function ZuMahnenTabelle({ zeilen, gewaehlt, onChange, waehlbar }: ZuMahnenProps) {
  const alle = zeilen.length > 0 && zeilen.every((z) => gewaehlt.has(z.rechnungId));
  const einige = zeilen.some((z) => gewaehlt.has(z.rechnungId));
  const umschalten = (id: number, an: boolean) => {
    const neu = new Set(gewaehlt);
    if (an) neu.add(id);
    else neu.delete(id);
    onChange(neu);
  };
  return (
    <div className="kgv-dense-frame kgv-mahnlauf-frame">
      <table className="kgv-dense-table kgv-mahnlauf-table" aria-label="Zu mahnen">
        <thead>
          <tr>
            {waehlbar ? (
              <th>
                <Checkbox
                  aria-label="Alle wählen"
                  isSelected={alle}
                  isIndeterminate={einige && !alle}
                  onChange={(an) => onChange(new Set(an ? zeilen.map((z) => z.rechnungId) : []))}
                  marginBottom={0}
                />
              </th>
            ) : null}
            <th>Nummer</th>
            <th>Name</th>
            <th>Fällig am</th>
            <th className="kgv-mahnlauf-num">Offen</th>
            <th className="kgv-mahnlauf-num">Überfällig</th>
            <th>Bisher</th>
            <th>Jetzt</th>
            <th className="kgv-mahnlauf-num">Gebühr</th>
            <th className="kgv-mahnlauf-num">Zinsen</th>
            <th className="kgv-mahnlauf-num">Neu offen</th>
            <th>Zustellung</th>
          </tr>
        </thead>
        <tbody>
          {zeilen.map((z) => (
            <tr key={z.rechnungId}>
              {waehlbar ? (
                <td>
                  <Checkbox
                    aria-label={`Rechnung ${z.nummer} mahnen`}
                    isSelected={gewaehlt.has(z.rechnungId)}
                    onChange={(an) => umschalten(z.rechnungId, an)}
                    marginBottom={0}
                  />
                </td>
              ) : null}
              <td>{z.nummer}</td>
              <td>{z.adresseName}</td>
              <td>{formatGermanDate(z.faelligAm)}</td>
              <td className="kgv-mahnlauf-num">
                <Geld cent={z.offenCent} />
              </td>
              <td className="kgv-mahnlauf-num">
                <Geld cent={z.ueberfaelligCent} />
              </td>
              <td>{z.mahnstufe === 0 ? 'noch nicht gemahnt' : `gemahnt ${z.mahnstufe}`}</td>
              <td>
                <span className="kgv-mahnlauf-stufe">{stufeText(z.naechsteStufe)}</span>
              </td>
              <td className="kgv-mahnlauf-num">
                <Geld cent={z.gebuehrCent} />
              </td>
              <td className="kgv-mahnlauf-num">
                <Geld cent={z.zinsenCent} />
              </td>
              <td className="kgv-mahnlauf-num">
                <Geld cent={z.neuOffenCent} />
                {/* With an instalment plan the letter asks only for the part due now. */}
                {z.faelligCent < z.neuOffenCent ? (
                  <div>
                    davon fällig <Geld cent={z.faelligCent} />
                  </div>
                ) : null}
              </td>
              <td>{z.email ? 'E-Mail' : 'Post'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function UebersprungenTabelle({ zeilen }: { zeilen: readonly MahnlaufUebersprungen[] }) {
  return (
    <div className="kgv-dense-frame kgv-mahnlauf-frame">
      <table className="kgv-dense-table kgv-mahnlauf-table" aria-label="Übersprungen">
        <thead>
          <tr>
            <th>Nummer</th>
            <th>Name</th>
            <th>Grund</th>
          </tr>
        </thead>
        <tbody>
          {zeilen.map((z) => (
            <tr key={z.rechnungId}>
              <td>{z.nummer}</td>
              <td>{z.adresseName}</td>
              <td>{GRUND_TEXT[z.grund]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
