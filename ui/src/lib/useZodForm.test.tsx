import { DialogContainer, Item, Picker, TextField } from '@adobe/react-spectrum';
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseGermanDate } from '../../../src/platform/dates';
import { isoDate, text } from '../../../src/platform/validation';
import { ApiError } from '../api/errors';
import { DateField, FormDialog, FormPage, invalid, NumberInput } from '../components/formKit';
import { waitFor } from '../testing/appHarness';
import { renderWithProvider } from '../testing/renderWithProvider';
import { blur, button, click, field } from '../testing/testHelpers';
import { alertDialog, dialog } from '../testing/testKit';
import { useZodForm } from './useZodForm';

const queue = vi.hoisted(() => ({
  neutral: vi.fn(() => () => undefined),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: queue }));

const schema = z.object({
  nachname: text(50).min(1, 'Bitte geben Sie den Nachnamen ein.'),
  plz: text(10).min(1, 'Bitte geben Sie die PLZ ein.'),
  tage: z.number({ error: 'Bitte geben Sie eine Zahl ein.' }).int().min(1, 'Mindestens 1 Tag.'),
  eintritt: isoDate.nullable(),
});

type Run = (body: z.input<typeof schema>) => Promise<unknown>;

function PersonForm({ run, initialTage = 14 }: { run: Run; initialTage?: number }) {
  const form = useZodForm(schema, {
    initial: { nachname: '', plz: '', tage: initialTage, eintritt: '' },
    labels: { nachname: 'Nachname', plz: 'PLZ', tage: 'Zahlungsziel', eintritt: 'Eintritt' },
    toBody: (v) => ({ ...v, eintritt: v.eintritt === '' ? null : parseGermanDate(v.eintritt) }),
    plausibility: { eintritt: { date: 'event' } },
  });
  return (
    <FormPage label="Person" form={form} onSubmit={() => void form.submit(run, { success: 'Gespeichert.' })}>
      <TextField label="Nachname" isRequired {...form.field('nachname')} />
      <TextField label="PLZ" isRequired {...form.field('plz')} />
      <NumberInput label="Zahlungsziel" {...form.field('tage')} />
      <DateField label="Eintritt" {...form.field('eintritt')} />
      <output data-testid="dirty">{form.dirty ? 'dirty' : 'clean'}</output>
    </FormPage>
  );
}

async function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    input.focus();
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const dirtyText = (root: ParentNode) => root.querySelector('[data-testid="dirty"]')?.textContent;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  queue.negative.mockReset();
  queue.positive.mockReset();
});

async function render(node: React.ReactNode) {
  const view = await renderWithProvider(node);
  cleanup = view.unmount;
  return view.container;
}

describe('useZodForm', () => {
  it('is dirty while the values differ from the initial ones', async () => {
    const root = await render(<PersonForm run={vi.fn()} />);
    expect(dirtyText(root)).toBe('clean');
    await type(field(root, 'Nachname'), 'Huber');
    expect(dirtyText(root)).toBe('dirty');
    await type(field(root, 'Nachname'), '');
    expect(dirtyText(root)).toBe('clean');
  });

  it('refuses a save with errors: the first field in error has the focus, the summary names the fields', async () => {
    const run = vi.fn();
    const root = await render(<PersonForm run={run} />);
    await click(button(root, 'Speichern'));
    await flush();
    expect(run).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(field(root, 'Nachname'));
    expect(root.textContent).toContain('2 Felder sind nicht richtig ausgefüllt: Nachname, PLZ');
    expect(root.textContent).toContain('Bitte geben Sie die PLZ ein.');

    await type(field(root, 'Nachname'), 'Huber');
    await click(button(root, 'Speichern'));
    await flush();
    expect(document.activeElement).toBe(field(root, 'PLZ'));
    expect(root.textContent).toContain('1 Feld ist nicht richtig ausgefüllt: PLZ');
  });

  it("puts the server's 422 messages at their fields and focuses the first", async () => {
    const run = vi.fn<Run>().mockRejectedValue(
      new ApiError({
        url: '/api/x',
        status: 422,
        statusText: '',
        body: { title: 'Die Eingaben sind nicht gültig.', errors: { plz: ['Die PLZ ist unbekannt.'] } },
      }),
    );
    const root = await render(<PersonForm run={run} />);
    await type(field(root, 'Nachname'), 'Huber');
    await type(field(root, 'PLZ'), '9999');
    await click(button(root, 'Speichern'));
    await flush();
    expect(run).toHaveBeenCalledTimes(1);
    expect(root.textContent).toContain('Die PLZ ist unbekannt.');
    expect(root.textContent).toContain('1 Feld ist nicht richtig ausgefüllt: PLZ');
    expect(document.activeElement).toBe(field(root, 'PLZ'));
  });

  it("closes the form's error toast when a later save succeeds, and is clean after saving", async () => {
    const closeError = vi.fn();
    queue.negative.mockReturnValue(closeError);
    const run = vi
      .fn<Run>()
      .mockRejectedValueOnce(new ApiError({ url: '/api/x', status: 409, statusText: '', body: { title: 'Vergeben.' } }))
      .mockResolvedValueOnce({});
    const root = await render(<PersonForm run={run} />);
    await type(field(root, 'Nachname'), 'Huber');
    await type(field(root, 'PLZ'), '1100');
    await click(button(root, 'Speichern'));
    await flush();
    expect(queue.negative).toHaveBeenCalledWith('Vergeben.');
    expect(closeError).not.toHaveBeenCalled();
    await click(button(root, 'Speichern'));
    await flush();
    expect(closeError).toHaveBeenCalledTimes(1);
    expect(queue.positive).toHaveBeenCalledWith('Gespeichert.', { timeout: 5000 });
    expect(dirtyText(root)).toBe('clean');
  });

  it('asks before saving a date far in the future; "Zurück" does not save, "Trotzdem speichern" does', async () => {
    const run = vi.fn<Run>().mockResolvedValue({});
    const root = await render(<PersonForm run={run} />);
    await type(field(root, 'Nachname'), 'Huber');
    await type(field(root, 'PLZ'), '1100');
    await type(field(root, 'Eintritt'), '01.01.2999');
    await click(button(root, 'Speichern'));
    await flush();
    expect(alertDialog()?.textContent).toContain('Eintritt: 01.01.2999 liegt mehr als 5 Jahre in der Zukunft.');
    await click(button(alertDialog() as Element, 'Zurück'));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(run).not.toHaveBeenCalled();

    await click(button(root, 'Speichern'));
    await flush();
    await click(button(alertDialog() as Element, 'Trotzdem speichern'));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run).toHaveBeenCalledWith(expect.objectContaining({ eintritt: '2999-01-01' }));
  });

  it('keeps an out-of-range number as typed and refuses the save at the field', async () => {
    const run = vi.fn<Run>().mockResolvedValue({});
    const root = await render(<PersonForm run={run} />);
    await type(field(root, 'Nachname'), 'Huber');
    await type(field(root, 'PLZ'), '1100');
    const tage = field(root, 'Zahlungsziel');
    await type(tage, '0');
    await blur(tage);
    expect(tage.value).toBe('0');
    await type(tage, '-5');
    await blur(tage);
    expect(tage.value).toBe('-5');
    await click(button(root, 'Speichern'));
    await flush();
    expect(run).not.toHaveBeenCalled();
    expect(root.textContent).toContain('Mindestens 1 Tag.');
    expect(document.activeElement).toBe(tage);
  });
});

function KategorieForm() {
  const form = useZodForm(
    z.object({ kategorie: z.string({ error: 'Bitte wählen Sie eine Kategorie.' }), notiz: text(50) }),
    {
      initial: { kategorie: null as string | null, notiz: '' },
      labels: { kategorie: 'Kategorie', notiz: 'Notiz' },
    },
  );
  return (
    <FormPage label="Kategorie" form={form} onSubmit={() => void form.submit(() => Promise.resolve())}>
      <Picker
        label="Kategorie"
        isRequired
        selectedKey={form.values.kategorie}
        onSelectionChange={(key) => form.set('kategorie', key === null ? null : String(key))}
        {...invalid(form.errors.kategorie)}
      >
        <Item key="pkw">PKW</Item>
        <Item key="boot">Boot</Item>
      </Picker>
      <TextField label="Notiz" {...form.field('notiz')} />
    </FormPage>
  );
}

describe('a Picker in error', () => {
  it('gets the focus, found by its label (Spectrum gives it no id)', async () => {
    const root = await render(<KategorieForm />);
    await click(button(root, 'Speichern'));
    await flush();
    expect(root.textContent).toContain('1 Feld ist nicht richtig ausgefüllt: Kategorie');
    expect(document.activeElement?.getAttribute('aria-haspopup')).toBe('listbox');
  });
});

function GuardedDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(z.object({ name: text(50) }), { initial: { name: '' }, labels: { name: 'Name' } });
  return (
    <FormDialog title="Neue Gruppe" form={form} onSubmit={() => undefined} onCancel={onClose}>
      <TextField label="Name" {...form.field('name')} />
    </FormDialog>
  );
}

function DialogHost() {
  const [open, setOpen] = useState(true);
  return (
    <DialogContainer onDismiss={() => setOpen(false)}>
      {open ? <GuardedDialog onClose={() => setOpen(false)} /> : null}
    </DialogContainer>
  );
}

describe('FormDialog with unsaved changes', () => {
  const pressEscape = (target: Element) =>
    act(async () => {
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });

  it('asks on Escape and on Abbrechen; "Weiter bearbeiten" keeps the text, "Verwerfen" closes', async () => {
    await render(<DialogHost />);
    const form = dialog() as Element;
    const name = field(form, 'Name');
    await type(name, 'Nord');
    await pressEscape(name);
    expect(alertDialog()?.textContent).toContain('Änderungen verwerfen?');
    await click(button(alertDialog() as Element, 'Weiter bearbeiten'));
    await waitFor(() => expect(alertDialog()).toBeNull());
    expect(field(dialog() as Element, 'Name').value).toBe('Nord');

    await click(button(dialog() as Element, 'Abbrechen'));
    expect(alertDialog()?.textContent).toContain('Änderungen verwerfen?');
    await click(button(alertDialog() as Element, 'Verwerfen'));
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it('closes at once on Escape when nothing was typed', async () => {
    await render(<DialogHost />);
    await pressEscape(field(dialog() as Element, 'Name'));
    expect(alertDialog()).toBeNull();
    await waitFor(() => expect(dialog()).toBeNull());
  });
});
