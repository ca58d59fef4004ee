// The service's address, checked before anything is opened or sent (shared/base-url.ts).
import { describe, expect, it } from 'vitest';
import { BaseUrlError, checkBaseUrl, isLoopbackHost } from '../../shared/base-url';

describe('checkBaseUrl', () => {
  it.each([
    ['https://service.example', 'https://service.example', false],
    ['https://service.example/api/', 'https://service.example/api', false],
    ['  https://service.example:8443/v1 ', 'https://service.example:8443/v1', false],
    // Loopback is this machine (the demo, an SSH tunnel): plain http is fine.
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080', false],
    ['http://127.4.5.6', 'http://127.4.5.6', false],
    ['http://localhost:9000/', 'http://localhost:9000', false],
    ['http://[::1]:9000', 'http://[::1]:9000', false],
  ])('accepts %s as %s', (raw, url, insecure) => {
    expect(checkBaseUrl(raw)).toEqual({ url, insecure });
  });

  it.each([
    ['not a url', /not a URL/],
    ['', /not a URL/],
    ['service.example', /not a URL/],
    ['ftp://service.example', /must start with https:\/\//],
    ['file:///etc/passwd', /must start with https:\/\//],
    ['http://service.example', /clear text.*--insecure-http/],
    ['http://10.1.2.3:8080', /clear text/],
    ['http://localhost.evil.example', /clear text/],
    ['http://128.0.0.1', /clear text/],
  ])('refuses %j', (raw, why) => {
    expect(() => checkBaseUrl(raw)).toThrow(BaseUrlError);
    expect(() => checkBaseUrl(raw)).toThrow(why);
  });

  it('allows http:// to another machine only when the analyst says so, and marks it', () => {
    expect(checkBaseUrl('http://10.1.2.3:8080', { insecureHttp: true })).toEqual({
      url: 'http://10.1.2.3:8080',
      insecure: true,
    });
  });

  it('knows loopback from look-alikes', () => {
    expect(['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '[::1]'].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['localhost.example', '127.0.0.1.nip.io', '0.0.0.0', '10.0.0.1'].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
