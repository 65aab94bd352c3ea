import { DialogContainer, Flex, Heading, Text, View } from '@adobe/react-spectrum';
import Edit from '@spectrum-icons/workflow/Edit';
import Info from '@spectrum-icons/workflow/Info';
import { useState } from 'react';
import { formatGermanDate } from '../../../../../src/platform/dates';
import { ExportMenu } from '../../../components/ExportMenu';
import { RowAction } from '../../../components/listKit';
import { useWassergrunddaten } from '../basisdaten/api';
import { SCHWUND_METHODEN } from '../basisdaten/grunddatenSchema';
import { formatPreis } from '../basisdaten/preis';
import { AbrechnungTabelle, exportAbrechnung } from './AbrechnungTabelle';
import type { AbrechnungZeile, Wasserabrechnung } from './api';
import { HauptzaehlerTabelle } from './HauptzaehlerTabelle';
import { KorrekturDialog } from './KorrekturDialog';
import { ParzelleDetailDialog } from './ParzelleDetailDialog';

type DialogState = { kind: 'detail'; zeile: AbrechnungZeile } | { kind: 'korrektur'; zeile: AbrechnungZeile };

export interface AbrechnungAnsichtProps {
  abrechnung: Wasserabrechnung;
  /** Corrections allowed (a stored, unbooked settlement and the Edit right). */
  korrigierbar: boolean;
  /** "Vorschau" or "Abrechnung": the tables' names. */
  art: 'Vorschau' | 'Abrechnung';
}

/** A settlement (preview or stored): its parameters, the main meters' loss and the per-plot table with drill-down. */
export function AbrechnungAnsicht({ abrechnung, korrigierbar, art }: AbrechnungAnsichtProps) {
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const { data: grunddaten } = useWassergrunddaten(abrechnung.wassergrunddatenId);
  const methode = SCHWUND_METHODEN.find((m) => m.key === abrechnung.schwundMethode);
  const datum = formatGermanDate(abrechnung.stichtag);

  return (
    <Flex direction="column" gap="size-200">
      <Text>
        Zeitraum {formatGermanDate(abrechnung.von)} bis {datum} · Preis {formatPreis(abrechnung.preisProM3)} pro m³ ·
        Schwundmethode {methode?.name ?? abrechnung.schwundMethode}
        {abrechnung.akontoStichtag ? ` · Akonto vom ${formatGermanDate(abrechnung.akontoStichtag)}` : ' · ohne Akonto'}
      </Text>
      <View>
        <Heading level={3} marginTop={0}>
          Hauptwasserzähler und Schwund
        </Heading>
        <HauptzaehlerTabelle
          hauptwasserzaehler={abrechnung.hauptwasserzaehler}
          warnProzent={grunddaten?.schwundWarnungProzent}
        />
      </View>
      <View>
        <Flex alignItems="end" gap="size-200">
          <Heading level={3} marginTop={0} marginBottom="size-100">
            Parzellen
          </Heading>
          <View marginStart="auto" marginBottom="size-100">
            <ExportMenu
              onExport={(format) =>
                exportAbrechnung(
                  format,
                  `Wasserabrechnung ${datum}${art === 'Vorschau' ? ' (Vorschau)' : ''}`,
                  `Zeitraum ${formatGermanDate(abrechnung.von)} bis ${datum} · Preis ${formatPreis(abrechnung.preisProM3)} pro m³ · Schwundmethode ${methode?.name ?? abrechnung.schwundMethode}`,
                  abrechnung.zeilen,
                  abrechnung.summen,
                )
              }
            />
          </View>
        </Flex>
        <AbrechnungTabelle
          label={`${art} zum ${datum}`}
          zeilen={abrechnung.zeilen}
          summen={abrechnung.summen}
          onOpen={(zeile) => setDialog({ kind: 'detail', zeile })}
          actionsWidth={korrigierbar ? 100 : 56}
          actions={(zeile) => (
            <>
              <RowAction
                label={`Details Parzelle ${zeile.parzelleNummer}`}
                icon={<Info />}
                onPress={() => setDialog({ kind: 'detail', zeile })}
              />
              {korrigierbar ? (
                <RowAction
                  label={`Korrektur Parzelle ${zeile.parzelleNummer}`}
                  icon={<Edit />}
                  onPress={() => setDialog({ kind: 'korrektur', zeile })}
                />
              ) : null}
            </>
          )}
        />
        <Text>Eine Zeile öffnen zeigt die Ablesungen und den Rechenweg der Parzelle.</Text>
      </View>
      <DialogContainer onDismiss={() => setDialog(null)}>
        {dialog?.kind === 'detail' ? (
          <ParzelleDetailDialog
            abrechnung={abrechnung}
            zeile={dialog.zeile}
            onKorrektur={korrigierbar ? () => setDialog({ kind: 'korrektur', zeile: dialog.zeile }) : undefined}
          />
        ) : dialog?.kind === 'korrektur' ? (
          <KorrekturDialog abrechnung={abrechnung} zeile={dialog.zeile} />
        ) : null}
      </DialogContainer>
    </Flex>
  );
}
