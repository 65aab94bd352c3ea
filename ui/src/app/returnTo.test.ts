import { describe, expect, it } from 'vitest';
import { loginHref, safeReturnTo } from './returnTo';

describe('returnTo', () => {
  it('keeps app paths with their query', () => {
    expect(safeReturnTo('/kassa/kassabuch?jahr=2025')).toBe('/kassa/kassabuch?jahr=2025');
  });

  it('refuses other sites and the login pages themselves', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/login',
      '/logout?x=1',
    ]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
    expect(safeReturnTo('/loginhilfe')).toBe('/loginhilfe');
  });

  it('remembers the wanted path in the login URL', () => {
    expect(loginHref('/kassa/konten?x=1')).toBe('/login?returnTo=%2Fkassa%2Fkonten%3Fx%3D1');
    expect(loginHref('/')).toBe('/login');
  });
});
