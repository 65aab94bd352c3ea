import { describe, expect, it } from 'vitest';
import { open, seal } from './secretBox';

const secret = 'a'.repeat(40);

describe('secretBox', () => {
  it('round-trips and never contains the plain text', () => {
    const box = seal(secret, 'test', 'Geheimnis-ÄÖÜ');
    expect(box).toMatch(/^v1:/);
    expect(box).not.toContain('Geheimnis');
    expect(open(secret, 'test', box)).toBe('Geheimnis-ÄÖÜ');
    expect(seal(secret, 'test', 'x')).not.toBe(seal(secret, 'test', 'x'));
  });

  it('refuses another secret, another purpose and a tampered box', () => {
    const box = seal(secret, 'test', 'x');
    expect(open('b'.repeat(40), 'test', box)).toBeUndefined();
    expect(open(secret, 'other', box)).toBeUndefined();
    const parts = box.split(':');
    parts[3] = Buffer.from('y').toString('base64url');
    expect(open(secret, 'test', parts.join(':'))).toBeUndefined();
    expect(open(secret, 'test', 'garbage')).toBeUndefined();
  });
});
