import { Button } from '@adobe/react-spectrum';
import { useState } from 'react';
import { showErrorToast } from '../../../api/toast';

/**
 * A run screen's extra download beside the letters (AbrechnungsLauf `zusatz`: the ZV's
 * Forderungsliste, the Weitere Mitgliedschaften' list): pending while the file is made, a failure
 * as the server's German message in a toast.
 */
export function LaufDownload({ label, laden }: { label: string; laden: () => Promise<void> }) {
  const [laeuft, setLaeuft] = useState(false);
  return (
    <Button
      variant="secondary"
      isPending={laeuft}
      onPress={() => {
        setLaeuft(true);
        laden()
          .catch(showErrorToast)
          .finally(() => setLaeuft(false));
      }}
    >
      {label}
    </Button>
  );
}
