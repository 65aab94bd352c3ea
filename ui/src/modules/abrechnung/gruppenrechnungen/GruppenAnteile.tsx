import { Heading } from '@adobe/react-spectrum';
import { formatEuro } from '../../../../../src/platform/money';
import { type LaufParameter, useLaufVorschau, type ZvEintrag } from '../../../api/abrechnung';
import '../../../components/denseTable.css';
import '../wasserrechnungen/wasserrechnungen.css';

/** One group line of a letter: its plot, holder, position and the group/share the server wrote into the text. */
export interface GruppenZeile {
  key: string;
  parzelle: string;
  name: string;
  position: string;
  gruppe: string;
  anteil: string;
  betragCent: number;
}

// The run writes „<text> (Gruppe <name>, Anteil 1/12)“ or „… Anteil 400,00 m² von 4.800,00 m²)“.
const MUSTER = /^(.*) \(Gruppe (.+), (Anteil [^)]+)\)$/;

/** The group lines of the letters, plot by plot: what each holder pays of which group's position. */
export function gruppenZeilen(eintraege: readonly ZvEintrag[]): GruppenZeile[] {
  return eintraege.flatMap((e) =>
    e.parzellen.flatMap((p) =>
      p.positionen
        .filter((x) => x.art === 'gruppe')
        .map((x, i) => {
          const m = MUSTER.exec(x.text);
          return {
            key: `${e.adresseId}-${p.nummer}-${i}`,
            parzelle: p.nummer,
            name: e.name,
            position: m?.[1] ?? x.text,
            gruppe: m?.[2] ?? '',
            anteil: m?.[3]?.replace(/^Anteil /, '') ?? '',
            betragCent: x.betragCent,
          };
        }),
    ),
  );
}

/**
 * Step 3 of the Gruppenrechnungen: every letter line with its group and the plot's share, so the
 * split can be checked against the group's total before booking (the letters print the same lines).
 */
export function GruppenAnteile({ params }: { params: LaufParameter }) {
  const { data } = useLaufVorschau(params);
  if (!data || data.status.gebucht) return null;
  const zeilen = gruppenZeilen(data.eintraege);
  if (zeilen.length === 0) return null;
  return (
    <>
      <Heading level={3}>Aufteilung je Parzelle</Heading>
      <div className="kgv-dense-frame">
        <table className="kgv-dense-table kgv-wr-table" aria-label="Aufteilung je Parzelle">
          <thead>
            <tr>
              <th scope="col">Parzelle</th>
              <th scope="col">Nutzungsberechtigte</th>
              <th scope="col">Position</th>
              <th scope="col">Gruppe</th>
              <th scope="col">Anteil</th>
              <th scope="col" className="kgv-wr-betrag">
                Betrag
              </th>
            </tr>
          </thead>
          <tbody>
            {zeilen.map((z) => (
              <tr key={z.key}>
                <th scope="row">{z.parzelle}</th>
                <td>{z.name}</td>
                <td>{z.position}</td>
                <td>{z.gruppe}</td>
                <td>{z.anteil}</td>
                <td className="kgv-wr-betrag">{formatEuro(z.betragCent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
