import { describe, expect, it } from 'vitest';
import { decryptSmtpPassword, encryptSmtpPassword } from './smtpPassword';

const SECRET = 'test-secret-test-secret-test-secret-123';

describe('SMTP password encryption', () => {
  it('round-trips, with a fresh IV each time and no plain text in the box', () => {
    const a = encryptSmtpPassword(SECRET, 'Geheimnis-äöü €');
    const b = encryptSmtpPassword(SECRET, 'Geheimnis-äöü €');
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Geheimnis');
    expect(decryptSmtpPassword(SECRET, a)).toBe('Geheimnis-äöü €');
  });

  it('gives undefined for another secret, a changed box or no box', () => {
    const box = encryptSmtpPassword(SECRET, 'pw');
    expect(decryptSmtpPassword('another-secret-another-secret-12345', box)).toBeUndefined();
    const [v, iv, tag, data] = box.split(':');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(decryptSmtpPassword(SECRET, [v, iv, tag, flipped.toString('base64url')].join(':'))).toBeUndefined();
    expect(decryptSmtpPassword(SECRET, 'pw')).toBeUndefined();
    expect(decryptSmtpPassword(SECRET, `${box}:x`)).toBeUndefined();
    expect(decryptSmtpPassword(SECRET, box.replace('v1', 'v2'))).toBeUndefined();
  });
});
