import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProvider } from '../testing/renderWithProvider';
import { LabelChip } from './LabelChip';

describe('LabelChip', () => {
  it('offers a named remove button only when removable', async () => {
    const onRemove = vi.fn();
    const view = await renderWithProvider(
      <>
        <LabelChip label="Parzelle 17" onRemove={onRemove} />
        <LabelChip label="fest" />
      </>,
    );
    const buttons = view.container.querySelectorAll('button');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]?.getAttribute('aria-label')).toBe('Parzelle 17 entfernen');
    await act(async () => buttons[0]?.click());
    expect(onRemove).toHaveBeenCalledTimes(1);
    await view.unmount();
  });
});
