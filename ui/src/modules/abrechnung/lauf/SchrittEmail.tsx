import { Button, ButtonGroup, Link, Text } from '@adobe/react-spectrum';
import { SchrittTitel } from './LaufSchritte';

/** Step 6: the booked letters go to the mail dispatch (issue 16) for those who prefer e-mail. */
export function SchrittEmail(props: { ziel: string; gebucht: boolean; onZurueck: () => void }) {
  return (
    <>
      <SchrittTitel nr={6}>6. E-Mail-Versand</SchrittTitel>
      <Text>
        {props.gebucht
          ? 'Wer die Post per E-Mail wünscht, bekommt diese Briefe über den E-Mail-Versand.'
          : 'Der E-Mail-Versand ist erst nach dem Buchen (Schritt 4) möglich.'}
      </Text>
      <ButtonGroup>
        <Button variant="secondary" onPress={props.onZurueck}>
          Zurück
        </Button>
      </ButtonGroup>
      {props.gebucht ? <Link href={props.ziel}>An den E-Mail-Versand übergeben</Link> : null}
    </>
  );
}
