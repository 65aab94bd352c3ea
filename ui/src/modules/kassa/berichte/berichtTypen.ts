import type { Kassaabrechnung } from '../../../../../src/modules/kassa/schema/kassaabrechnung';
import type { SaldoAbweichung } from '../../../../../src/modules/kassa/services/saldo';
import type { SteuerberichtSatz, SteuerSumme } from '../../../../../src/modules/kassa/services/steuer';

// The reports' JSON answers (docs/api/kassa.md "Berichte", /tmp contract part S4). Built from the
// server's own types where they exist (ADR 0005); the rows' shape follows the contract.
export type { AnlageberichtAntwort } from '../../../../../src/modules/kassa/schema/anlagen';
export type { SaldoAbweichung };

type Summen = { einnahmenCent: number; ausgabenCent: number; summeCent: number };

export type Kassabericht = {
  kassaabrechnung: Pick<Kassaabrechnung, 'id' | 'jahr' | 'bezeichnung' | 'von' | 'bis' | 'geschlossen'>;
  konten: {
    kontoId: number;
    name: string;
    anfangCent: number;
    einnahmenCent: number;
    ausgabenCent: number;
    endeCent: number;
  }[];
  buchungskonten: ({ buchungskontoId: number | null; nummer: string | number | null; name: string } & Summen)[];
  summe: { anfangCent: number; einnahmenCent: number; ausgabenCent: number; endeCent: number };
  pruefung: {
    kette: { intakt: boolean; anzahl: number; kopf: string; meldung: string | null };
    salden: { stimmt: boolean; abweichungen: SaldoAbweichung[] };
  };
};

export type KontoberichtEintrag = {
  id: number;
  belegnummer: number;
  datum: string;
  text: string;
  betragCent: number;
  buchungskonto: string | null;
  kostenstelle: string | null;
  konto: string | null;
};

export type Kontobericht = {
  gruppen: ({ schluessel: string | number | null; titel: string; eintraege: KontoberichtEintrag[] } & Summen)[];
  summe: Summen;
};

export type Steuerbericht = {
  saetze: SteuerberichtSatz[];
  summe: { einnahmen: SteuerSumme; ausgaben: SteuerSumme };
};

export type Kostenaufstellung = {
  kostenstellen: ({ kostenstelleId: number | null; nummer: string | number | null; name: string } & Summen)[];
  summe: Summen;
};

export const GRUPPIERUNGEN = ['buchungskonto', 'kostenstelle', 'konto', 'monat', 'keine'] as const;
export type Gruppierung = (typeof GRUPPIERUNGEN)[number];
