import { describe, expect, it } from 'vitest';
import { renderWithProvider } from '../testing/renderWithProvider';
import { MessageBanner } from './MessageBanner';

describe('MessageBanner', () => {
  it('shows level word, message and collapsed details', async () => {
    const view = await renderWithProvider(
      <MessageBanner level="danger" message={'Zeile 1\nZeile 2'} details="Technische Einzelheiten" />,
    );
    const alert = view.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Fehler');
    expect(alert?.textContent).toContain('Zeile 1\nZeile 2');
    const toggle = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Details anzeigen');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    await view.unmount();
  });

  it('uses a given title', async () => {
    const view = await renderWithProvider(<MessageBanner level="success" title="Gespeichert" message="Alles da." />);
    expect(view.container.textContent).toContain('Gespeichert');
    expect(view.container.textContent).not.toContain('Erledigt');
    await view.unmount();
  });
});
