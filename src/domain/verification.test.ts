import { describe, expect, it } from 'vitest';
import { eidProviderOf, isApprovalAct } from './verification';

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
