import { describe, expect, it } from 'vitest';
import { renderWithProvider } from '../../testing/renderWithProvider';
import { Geld } from './Geld';

const flat = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Geld', () => {
  it('shows an expense with its minus in the negative colour, income plain and no amount as a dash', async () => {
    const view = await renderWithProvider(
      <>
        <p data-testid="aus">
          <Geld cent={-123456} />
        </p>
        <p data-testid="ein">
          <Geld cent={123456} />
        </p>
        <p data-testid="leer">
          <Geld cent={null} />
        </p>
      </>,
    );
    const cell = (id: string) => view.container.querySelector(`[data-testid="${id}"] span`);
    expect(flat(cell('aus')?.textContent)).toBe('-€ 1.234,56');
    expect(cell('aus')?.className).toBe('kgv-geld-negativ');
    expect(flat(cell('ein')?.textContent)).toBe('€ 1.234,56');
    expect(cell('ein')?.className).toBe('');
    expect(cell('leer')?.textContent).toBe('–');
    await view.unmount();
  });
});
