import { describe, expect, it } from 'vitest';
import { eidProviderOf, isApprovalAct, sameSitePath } from './verification';

describe('sameSitePath', () => {
  const site = 'https://cykelregister.dk';
  it.each([
    ['/app/settings', '/app/settings'],
    ['/app/settings?x=1#y', '/app/settings?x=1#y'],
    ['https://cykelregister.dk/app', '/app'],
    ['/app/../login', '/login'],
  ])('keeps %j on this site as %j', (value, path) => {
    expect(sameSitePath(value, site)).toBe(path);
  });

  it.each([
    'https://evil.example/app',
    'http://cykelregister.dk/app',
    '//evil.example/app',
    '/\\evil.example/app',
    '\\\\evil.example',
    'javascript:alert(1)',
    'app/settings',
    '',
  ])('refuses %j', (value) => {
    expect(sameSitePath(value, site)).toBeNull();
  });
});

describe('national ID', () => {
  it('is MitID in Denmark and BankID in Norway', () => {
    expect(eidProviderOf('dk')).toBe('mitid');
    expect(eidProviderOf('no')).toBe('bankid');
  });

  it('knows the acts that need an approval', () => {
    expect(isApprovalAct('delete_account')).toBe(true);
    expect(isApprovalAct('launch_rockets')).toBe(false);
    expect(isApprovalAct(null)).toBe(false);
  });
});
