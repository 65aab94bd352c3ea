import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { mergeEdits, versionConflictMessage } from './versionConflict';

describe('mergeEdits', () => {
  it('keeps what the user changed and takes the fresh value for everything else', () => {
    const loaded = { name: 'Nord', beschreibung: 'alt', aktiv: true };
    const current = { name: 'Nord', beschreibung: 'von mir', aktiv: true };
    const fresh = { name: 'Nord-Ost', beschreibung: 'alt', aktiv: false };
    expect(mergeEdits(loaded, current, fresh)).toEqual({ name: 'Nord-Ost', beschreibung: 'von mir', aktiv: false });
  });

  it('keeps the user’s value when both changed the same field', () => {
    expect(mergeEdits({ ort: 'Wien' }, { ort: 'Graz' }, { ort: 'Linz' })).toEqual({ ort: 'Graz' });
  });
});

describe('versionConflictMessage', () => {
  const error = (status: number, code: string) =>
    new ApiError({ url: '/api/x', status, statusText: '', body: { title: 'Satz.', status, code, type: '' } });
  it('answers the title of a 409 version_conflict only', () => {
    expect(versionConflictMessage(error(409, 'version_conflict'))).toBe('Satz.');
    expect(versionConflictMessage(error(409, 'still_referenced'))).toBeUndefined();
    expect(versionConflictMessage(new Error('x'))).toBeUndefined();
  });
});
