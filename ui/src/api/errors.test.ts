import { describe, expect, it } from 'vitest';
import { ApiError, describeError, errorToastText, fieldErrors, isAbortedError, statusMessage } from './errors';

describe('errorToastText', () => {
  it('shows the problem title, then one "- " line per error message', () => {
    const body = {
      type: 'about:blank',
      title: 'Die Eingaben sind nicht gültig.',
      status: 422,
      code: 'validation_failed',
      errors: { email: ['E-Mail fehlt.'], 'parzellen.0.flaeche': ['Fläche muss positiv sein.', 'Fläche zu groß.'] },
    };
    expect(errorToastText(body)).toBe(
      'Die Eingaben sind nicht gültig.\n- E-Mail fehlt.\n- Fläche muss positiv sein.\n- Fläche zu groß.',
    );
  });

  it('shows only the title when there is no errors map', () => {
    expect(errorToastText({ title: 'Die Kassaabrechnung ist abgeschlossen.', status: 409 })).toBe(
      'Die Kassaabrechnung ist abgeschlossen.',
    );
  });

  it('shows a string body as it is', () => {
    expect(errorToastText('Der Server ist nicht erreichbar.')).toBe('Der Server ist nicht erreichbar.');
  });

  it("falls back to 'Unbekannter Fehler'", () => {
    expect(errorToastText(undefined)).toBe('Unbekannter Fehler');
    expect(errorToastText('')).toBe('Unbekannter Fehler');
    expect(errorToastText({ status: 500 })).toBe('Unbekannter Fehler');
    expect(errorToastText(42)).toBe('Unbekannter Fehler');
  });
});

describe('ApiError helpers', () => {
  it('maps statuses to the standard messages', () => {
    expect(statusMessage(404)).toBe('Not Found');
    expect(statusMessage(418)).toBe('Generic Error');
  });

  it('describes API errors by their body and anything else as unknown', () => {
    const error = new ApiError({
      url: '/api/x',
      status: 409,
      statusText: 'Conflict',
      body: { title: 'Schon gebucht.' },
    });
    expect(describeError(error)).toBe('Schon gebucht.');
    expect(describeError(new Error('boom'))).toBe('Unbekannter Fehler');
  });

  it('recognises aborted requests', () => {
    expect(isAbortedError(new ApiError({ url: '/', status: 0, statusText: '', body: undefined, aborted: true }))).toBe(
      true,
    );
    expect(isAbortedError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortedError(new ApiError({ url: '/', status: 500, statusText: '', body: undefined }))).toBe(false);
  });

  it('collects field errors by field name, whatever its case', () => {
    const error = new ApiError({
      url: '/api/User/ResetPassword',
      status: 422,
      statusText: '',
      body: { title: 'Ungültig', errors: { Password: ['Zu kurz.'], 'email.domain': ['Unbekannt.'] } },
    });
    expect(fieldErrors(error)).toEqual({ password: 'Zu kurz.', email: 'Unbekannt.' });
    expect(fieldErrors(new Error('x'))).toEqual({});
  });
});
