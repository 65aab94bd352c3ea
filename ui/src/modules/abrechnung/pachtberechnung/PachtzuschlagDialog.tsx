import {
  Button,
  ButtonGroup,
  Checkbox,
  CheckboxGroup,
  Content,
  Dialog,
  Divider,
  Flex,
  Heading,
  Item,
  Picker,
  Text,
  TextField,
  useDialogContainer,
  View,
} from '@adobe/react-spectrum';
import { type Key, useEffect, useState } from 'react';
import {
  PACHTZUSCHLAG_ART_LABEL,
  PACHTZUSCHLAG_BASIS_LABEL,
} from '../../../../../src/modules/abrechnung/schema/pachtzuschlag';
import {
  type PachtVorschau,
  type Pachtzuschlag,
  type PachtzuschlagInput,
  pachtVorschau,
  savePachtzuschlag,
  type ZuschlagArt,
  type ZuschlagBasis,
} from '../../../api/abrechnung';
import { fieldErrors } from '../../../api/errors';
import { saveWithToast } from '../../../api/toast';
import { invalid, NumberInput } from '../../../components/formKit';
import { PARZELLE_FLAG_OPTIONS } from '../../stammdaten/parzellen/parzelleFormValues';
import {
  BuchungskontoPicker,
  decimalToNumber,
  numberToDecimal,
  SteuersatzPicker,
  useBuchungskontenDesJahres,
} from '../basisdatenKit';
import '../../../components/denseTable.css';
import '../basisdaten.css';
import { VorschauTabelle } from './ZuschlagVorschauTabelle';

/** Whom a surcharge applies to: all plots, those with a flag, or a list. */
type Geltung = 'alle' | 'flag' | 'liste';

export interface PachtzuschlagDialogProps {
  pachtabrechnungId: number;
  jahr: number;
  zuschlag: Pachtzuschlag | null;
  parzellen: { id: number; nummer: string }[];
}

/** Adds or changes a surcharge; the preview shows a chosen plot's lease lines with the draft (PachtVorschau). */
export function PachtzuschlagDialog({ pachtabrechnungId, jahr, zuschlag, parzellen }: PachtzuschlagDialogProps) {
  const dialog = useDialogContainer();
  const { konten } = useBuchungskontenDesJahres(jahr);
  const [bezeichnung, setBezeichnung] = useState(zuschlag?.bezeichnung ?? '');
  const [art, setArt] = useState<ZuschlagArt>(zuschlag?.art ?? 'proM2');
  const [wert, setWert] = useState(decimalToNumber(zuschlag?.wert));
  const [basis, setBasis] = useState<ZuschlagBasis[]>(zuschlag?.basis ?? ['pachtzins']);
  const [geltung, setGeltung] = useState<Geltung>(
    zuschlag?.parzellenFlag ? 'flag' : zuschlag?.parzellenIds ? 'liste' : 'alle',
  );
  const [flag, setFlag] = useState<number>(zuschlag?.parzellenFlag ?? PARZELLE_FLAG_OPTIONS[0].bit);
  const [parzellenIds, setParzellenIds] = useState<number[]>(zuschlag?.parzellenIds ?? []);
  const [buchungskontoId, setBuchungskontoId] = useState<number | null>(zuschlag?.buchungskontoId ?? null);
  const [steuersatz, setSteuersatz] = useState(zuschlag?.steuersatz ?? 0);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [speichert, setSpeichert] = useState(false);
  const [vorschauParzelle, setVorschauParzelle] = useState<number | undefined>(parzellen[0]?.id);
  const [vorschau, setVorschau] = useState<PachtVorschau | null>(null);
  const [vorschauFehler, setVorschauFehler] = useState<string | null>(null);

  const entwurf: PachtzuschlagInput = {
    id: zuschlag?.id ?? 0,
    ...(zuschlag ? { version: zuschlag.version, sortierung: zuschlag.sortierung } : {}),
    pachtabrechnungId,
    bezeichnung,
    art,
    wert: numberToDecimal(wert, 4),
    basis: art === 'prozent' ? basis : [],
    parzellenFlag: geltung === 'flag' ? flag : null,
    parzellenIds: geltung === 'liste' ? parzellenIds : null,
    buchungskontoId,
    steuersatz,
  };
  const entwurfKey = JSON.stringify(entwurf);

  // The preview follows the draft ~300 ms after the last change; an older answer never replaces a newer one.
  useEffect(() => {
    if (vorschauParzelle === undefined) return;
    const body = JSON.parse(entwurfKey) as PachtzuschlagInput;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const gueltig = body.wert !== '' && body.bezeichnung.trim() !== '';
      pachtVorschau(
        { pachtabrechnungId, parzelleId: vorschauParzelle, ...(gueltig ? { zuschlag: body } : {}) },
        abort.signal,
      ).then(
        (antwort) => {
          setVorschau(antwort);
          setVorschauFehler(null);
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          const felder = Object.values(fieldErrors(error));
          setVorschauFehler(felder[0] ?? 'Die Vorschau konnte nicht berechnet werden.');
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [entwurfKey, pachtabrechnungId, vorschauParzelle]);

  async function speichern() {
    const lokal: Record<string, string> = {};
    if (bezeichnung.trim() === '') lokal.bezeichnung = 'Bitte geben Sie eine Bezeichnung an.';
    if (Number.isNaN(wert)) lokal.wert = 'Bitte geben Sie einen Wert an.';
    if (art === 'prozent' && basis.length === 0) lokal.basis = 'Bitte wählen Sie, wovon die Prozent berechnet werden.';
    if (geltung === 'liste' && parzellenIds.length === 0)
      lokal.parzellenIds = 'Bitte wählen Sie mindestens eine Parzelle.';
    setFehler(lokal);
    if (Object.keys(lokal).length > 0) return;
    setSpeichert(true);
    try {
      await saveWithToast(() => savePachtzuschlag(entwurf), { success: `Pachtzuschlag „${bezeichnung}“ gespeichert.` });
      dialog.dismiss();
    } catch (error) {
      setFehler(fieldErrors(error));
    } finally {
      setSpeichert(false);
    }
  }

  const fehlerAn = (feld: string) => invalid(fehler[feld]);

  return (
    <Dialog size="L">
      <Heading>{zuschlag ? `Pachtzuschlag „${zuschlag.bezeichnung}“` : 'Neuer Pachtzuschlag'}</Heading>
      <Divider />
      <Content>
        <Flex direction="column" gap="size-150">
          <TextField
            label="Bezeichnung"
            isRequired
            value={bezeichnung}
            onChange={setBezeichnung}
            {...fehlerAn('bezeichnung')}
          />
          <Flex gap="size-200" wrap>
            <Picker
              label="Art"
              selectedKey={art}
              onSelectionChange={(key: Key | null) => key !== null && setArt(key as ZuschlagArt)}
            >
              {(Object.keys(PACHTZUSCHLAG_ART_LABEL) as ZuschlagArt[]).map((a) => (
                <Item key={a}>{PACHTZUSCHLAG_ART_LABEL[a]}</Item>
              ))}
            </Picker>
            <NumberInput
              label={art === 'prozent' ? 'Wert (%)' : art === 'proM2' ? 'Wert (€/m²)' : 'Wert (€ pro Parzelle)'}
              isRequired
              formatOptions={{ maximumFractionDigits: 4 }}
              value={wert}
              onChange={setWert}
              {...fehlerAn('wert')}
            />
          </Flex>
          {art === 'prozent' ? (
            <CheckboxGroup
              label="Basis (Prozent von)"
              orientation="horizontal"
              value={basis}
              onChange={(v) => setBasis(v as ZuschlagBasis[])}
              {...fehlerAn('basis')}
            >
              {(Object.keys(PACHTZUSCHLAG_BASIS_LABEL) as ZuschlagBasis[]).map((b) => (
                <Checkbox key={b} value={b}>
                  {PACHTZUSCHLAG_BASIS_LABEL[b]}
                </Checkbox>
              ))}
            </CheckboxGroup>
          ) : null}
          <Flex gap="size-200" wrap>
            <Picker
              label="Gilt für"
              selectedKey={geltung}
              onSelectionChange={(key: Key | null) => key !== null && setGeltung(key as Geltung)}
            >
              <Item key="alle">alle Parzellen</Item>
              <Item key="flag">Parzellen mit Merkmal</Item>
              <Item key="liste">ausgewählte Parzellen</Item>
            </Picker>
            {geltung === 'flag' ? (
              <Picker
                label="Merkmal"
                selectedKey={String(flag)}
                onSelectionChange={(key: Key | null) => key !== null && setFlag(Number(key))}
              >
                {PARZELLE_FLAG_OPTIONS.map((o) => (
                  <Item key={String(o.bit)}>{o.label}</Item>
                ))}
              </Picker>
            ) : null}
          </Flex>
          {geltung === 'liste' ? (
            // A club has hundreds of plots: the list scrolls inside the dialog.
            <View maxHeight="size-2400" overflow="auto">
              <CheckboxGroup
                label="Parzellen"
                orientation="horizontal"
                value={parzellenIds.map(String)}
                onChange={(v) => setParzellenIds(v.map(Number))}
                {...fehlerAn('parzellenIds')}
              >
                {parzellen.map((p) => (
                  <Checkbox key={p.id} value={String(p.id)}>
                    {p.nummer}
                  </Checkbox>
                ))}
              </CheckboxGroup>
            </View>
          ) : null}
          <Flex gap="size-200" wrap>
            <BuchungskontoPicker
              label="Buchungskonto"
              konten={konten}
              value={buchungskontoId}
              onChange={setBuchungskontoId}
              errorMessage={fehler.buchungskontoId}
            />
            <SteuersatzPicker value={steuersatz} onChange={setSteuersatz} errorMessage={fehler.steuersatz} />
          </Flex>
        </Flex>
        <Divider size="S" marginY="size-200" />
        <Flex direction="column" gap="size-100">
          <Picker
            label="Vorschau für Parzelle"
            items={parzellen}
            selectedKey={vorschauParzelle === undefined ? null : String(vorschauParzelle)}
            onSelectionChange={(key: Key | null) => key !== null && setVorschauParzelle(Number(key))}
          >
            {(p) => <Item key={String(p.id)}>{p.nummer}</Item>}
          </Picker>
          {vorschauFehler ? <Text UNSAFE_className="kgv-bd-fehlt">{vorschauFehler}</Text> : null}
          {vorschau ? (
            <VorschauTabelle
              vorschau={vorschau}
              bezeichnung={bezeichnung}
              mitEntwurf={bezeichnung.trim() !== '' && !Number.isNaN(wert)}
            />
          ) : null}
        </Flex>
      </Content>
      <ButtonGroup>
        <Button variant="secondary" onPress={dialog.dismiss}>
          Abbrechen
        </Button>
        <Button variant="accent" onPress={() => void speichern()} isPending={speichert}>
          Speichern
        </Button>
      </ButtonGroup>
    </Dialog>
  );
}
