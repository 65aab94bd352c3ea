import { ActionButton, Item, Menu, MenuTrigger, Text } from '@adobe/react-spectrum';
import Download from '@spectrum-icons/workflow/Download';
import { useState } from 'react';
import { showErrorToast } from '../api/toast';
import type { ExportFormat } from '../lib/listExport';

export interface ExportMenuProps {
  /** Builds and saves the file; a thrown error becomes the error toast. */
  onExport: (format: ExportFormat) => Promise<void>;
  isDisabled?: boolean;
}

/** The toolbar's "Export" with "Excel" and "PDF": the list as shown, as a file. */
export function ExportMenu({ onExport, isDisabled }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);
  async function run(format: ExportFormat) {
    setBusy(true);
    try {
      await onExport(format);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <MenuTrigger>
      <ActionButton isDisabled={isDisabled || busy} aria-label={busy ? 'Export wird erstellt …' : undefined}>
        <Download />
        <Text>{busy ? 'Export …' : 'Export'}</Text>
      </ActionButton>
      <Menu aria-label="Export als" onAction={(key) => void run(key === 'pdf' ? 'pdf' : 'xlsx')}>
        <Item key="xlsx" textValue="Excel">
          <Text>Excel</Text>
        </Item>
        <Item key="pdf" textValue="PDF">
          <Text>PDF</Text>
        </Item>
      </Menu>
    </MenuTrigger>
  );
}
