// Which compression the local servers send for an Accept-Encoding header (RFC 9110 §12.5.3),
// as CloudFront does: brotli, else gzip, among what the client accepts, by its q-values.
import { describe, expect, test } from 'vitest';
import { pickEncoding } from '../../../generator/preview/accept-encoding.ts';

describe('pickEncoding', () => {
  test('br;q=0 means brotli is not acceptable (it was sent brotli anyway)', () => {
    expect(pickEncoding('br;q=0')).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeUndefined();
    expect(pickEncoding('br; q=0.000, gzip;q=0.001')).toBe('gzip');
  });

  test('brotli is preferred at equal q, and the higher q wins', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1.0, br;q=0.8')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.5')).toBe('br');
  });

  test('* stands for every coding not named, and a named one overrides it', () => {
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('br;q=0, *')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.2, *;q=0.1')).toBe('gzip');
    expect(pickEncoding('identity, *;q=0')).toBeUndefined();
  });

  test('names are case-insensitive; x-gzip is gzip; a coding that only contains br does not count', () => {
    expect(pickEncoding('GZIP')).toBe('gzip');
    expect(pickEncoding('BR;Q=0.9')).toBe('br');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('x-br-custom, gzip-like')).toBeUndefined();
  });

  test('no header, an empty one or only identity: no compression', () => {
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
  });

  test('a malformed q-value makes that coding unacceptable rather than preferred', () => {
    expect(pickEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=2, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding(',,; , gzip;;q=0.3')).toBe('gzip');
  });
});
