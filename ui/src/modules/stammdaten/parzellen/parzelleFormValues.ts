import { PARZELLE_FLAGS, type Parzelle } from '../../../api/stammdaten/parzellen';
import { areaToInput } from './format';

/** The flag bits the dialog offers as checkboxes; other bits of `flags` are kept as they are. */
export const PARZELLE_FLAG_OPTIONS = [
  { key: 'staendigWohnen', label: 'ständig wohnen', bit: PARZELLE_FLAGS.staendigWohnen },
  { key: 'groesserBauen', label: 'größer bauen', bit: PARZELLE_FLAGS.groesserBauen },
  { key: 'kanal', label: 'Kanalanschluss', bit: PARZELLE_FLAGS.kanal },
] as const;

export const toParzelleValues = (r: Parzelle) => ({
  nummer: r.nummer,
  flaeche: areaToInput(r.flaeche),
  gemeinschaftsflaeche: areaToInput(r.gemeinschaftsflaeche),
  anzahlParkkarten: r.anzahlParkkarten,
  flags: r.flags,
  wasserzaehlerNummer: r.wasserzaehlerNummer,
  hauptwasserzaehlerId: r.hauptwasserzaehlerId as number | null,
  gruppeId: r.gruppeId as number | null,
  aktiv: r.aktiv,
  notiz: r.notiz,
});

export const EMPTY_PARZELLE = {
  nummer: '',
  flaeche: '',
  gemeinschaftsflaeche: '',
  anzahlParkkarten: 0,
  flags: 0,
  wasserzaehlerNummer: '',
  hauptwasserzaehlerId: null as number | null,
  gruppeId: null as number | null,
  aktiv: true,
  notiz: '',
};

export const PARZELLE_LABELS = {
  nummer: 'Nummer',
  flaeche: 'Fläche',
  gemeinschaftsflaeche: 'Gemeinschaftsfläche für das Jahr',
  anzahlParkkarten: 'Parkkarten für das Jahr',
  flags: 'Zuschläge',
  wasserzaehlerNummer: 'Wasserzähler-Nummer',
  hauptwasserzaehlerId: 'Hauptwasserzähler',
  gruppeId: 'Gruppe',
  aktiv: 'Aktiv',
  notiz: 'Notiz',
};
