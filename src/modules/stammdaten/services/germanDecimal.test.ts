import { describe, expect, it } from 'vitest';
import { germanDecimal } from './listen';

describe('germanDecimal', () => {
  it('groups thousands with a dot and uses a decimal comma (UI.md), not de-AT’s narrow space', () => {
    expect(germanDecimal('41250.5')).toBe('41.250,50');
    expect(germanDecimal(1200, 0)).toBe('1.200');
    expect(germanDecimal('400.50')).toBe('400,50');
    expect(germanDecimal(null)).toBe('');
  });
});
