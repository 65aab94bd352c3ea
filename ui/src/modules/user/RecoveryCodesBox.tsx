import { Button, ButtonGroup, Flex, Text } from '@adobe/react-spectrum';
import { useEffect, useRef } from 'react';

export interface RecoveryCodesBoxProps {
  codes: readonly string[];
  /** Printed with the codes, so a sheet in a drawer says whose codes they are. */
  email: string;
  onDone: () => void;
}

const dateFormat = new Intl.DateTimeFormat('de-AT', { dateStyle: 'medium' });

/** The new single-use recovery codes in a box that "Drucken" puts on paper alone (see user.css). */
export function RecoveryCodesBox({ codes, email, onDone }: RecoveryCodesBoxProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The whole box from its top: the codes and the button below them stay clear of the toast that
    // announces them at the bottom of the window.
    heading.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, []);

  return (
    <Flex direction="column" gap="size-200">
      <div className="kgv-recovery-codes kgv-print-area">
        <h3 ref={heading} tabIndex={-1} style={{ margin: 0 }}>
          Ihre Wiederherstellungscodes
        </h3>
        <Text>
          Für {email}, erstellt am {dateFormat.format(new Date())}. Jeder Code gilt genau einmal. Mit einem davon melden
          Sie sich an, wenn Sie Ihr Smartphone nicht zur Hand haben. Bewahren Sie die Codes sicher auf, am besten
          ausgedruckt – die Codes werden nur jetzt angezeigt.
        </Text>
        <ol className="kgv-code-list" aria-label="Wiederherstellungscodes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
      </div>
      <ButtonGroup>
        <Button variant="secondary" onPress={() => window.print()}>
          Drucken
        </Button>
        <Button variant="accent" onPress={onDone}>
          Ich habe die Codes sicher aufbewahrt
        </Button>
      </ButtonGroup>
    </Flex>
  );
}
