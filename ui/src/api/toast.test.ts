import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { saveWithToast, showErrorToast } from './toast';

const closePending = vi.fn();
const queue = vi.hoisted(() => ({
  neutral: vi.fn(),
  positive: vi.fn(),
  negative: vi.fn(),
}));
vi.mock('@adobe/react-spectrum/Toast', () => ({ ToastQueue: queue }));

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  closePending.mockClear();
  queue.neutral.mockReset().mockReturnValue(closePending);
  queue.positive.mockReset();
  queue.negative.mockReset();
});

describe('saveWithToast', () => {
  it("shows 'Speichert...' and then 'Gespeichert!' for 5000 ms", async () => {
    await expect(saveWithToast(Promise.resolve({ id: 1 }))).resolves.toEqual({ id: 1 });
    expect(queue.neutral).toHaveBeenCalledWith('Speichert...');
    expect(closePending).toHaveBeenCalledTimes(1);
    expect(queue.positive).toHaveBeenCalledWith('Gespeichert!', { timeout: 5000 });
  });

  it("prefers the server's statusMessage and accepts a function", async () => {
    await saveWithToast(() => Promise.resolve({ statusMessage: 'Authenticator aktiviert.' }));
    expect(queue.positive).toHaveBeenCalledWith('Authenticator aktiviert.', { timeout: 5000 });
  });

  it('drops the pending toast, shows the problem until closed and passes the error on', async () => {
    const error = new ApiError({
      url: '/api/Kassa/UpdateKonto',
      status: 422,
      statusText: '',
      body: { title: 'Die Eingaben sind nicht gültig.', errors: { iban: ['IBAN ist ungültig.'] } },
    });
    await expect(saveWithToast(Promise.reject(error))).rejects.toBe(error);
    expect(closePending).toHaveBeenCalledTimes(1);
    await flush();
    expect(queue.negative).toHaveBeenCalledWith('Die Eingaben sind nicht gültig.\n- IBAN ist ungültig.');
    expect(queue.positive).not.toHaveBeenCalled();
  });
});

describe('showErrorToast', () => {
  it('ignores aborted requests', async () => {
    showErrorToast(new ApiError({ url: '/', status: 0, statusText: '', body: undefined, aborted: true }));
    await flush();
    expect(queue.negative).not.toHaveBeenCalled();
  });

  it("says 'Unbekannter Fehler' for anything without a readable body", async () => {
    showErrorToast(new Error('boom'));
    await flush();
    expect(queue.negative).toHaveBeenCalledWith('Unbekannter Fehler');
  });
});

describe('error toasts of a form', () => {
  it("close when the same form saves successfully, and only that form's", async () => {
    const closeMine = vi.fn();
    const closeOther = vi.fn();
    queue.negative.mockReturnValueOnce(closeMine).mockReturnValueOnce(closeOther);
    const taken = new Error('E-Mail-Adresse ist bereits vergeben');
    await expect(saveWithToast(Promise.reject(taken), { source: 'user-form' })).rejects.toBe(taken);
    await expect(saveWithToast(Promise.reject(taken), { source: 'other-form' })).rejects.toBe(taken);
    await flush();
    expect(queue.negative).toHaveBeenCalledTimes(2);

    await saveWithToast(Promise.resolve({}), { source: 'user-form', success: 'Benutzer angelegt.' });
    expect(closeMine).toHaveBeenCalledTimes(1);
    expect(closeOther).not.toHaveBeenCalled();
    expect(queue.positive).toHaveBeenCalledWith('Benutzer angelegt.', { timeout: 5000 });
  });
});
