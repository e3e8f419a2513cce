import { describe, expect, it } from 'vitest';
import { autofillFieldOf, lockTestAutofill, verificationAutofill } from './insurance-autofill.js';
import { evidenceReviewSchema } from './insurance-evidence.js';

const params = (query: string) => new URLSearchParams(query);

describe('§5 autofill parameter names', () => {
  it.each([
    ['email', 'email'],
    ['EMAIL', 'email'],
    ['policyId', 'policy_id'],
    ['policy_number', 'policy_id'],
    ['Policy-No', 'policy_id'],
    ['first', 'first_name'],
    ['first_name', 'first_name'],
    ['firstName', 'first_name'],
    ['last', 'last_name'],
    ['LastName', 'last_name'],
    ['street', 'street'],
    ['street_name', 'street'],
    ['city', 'city'],
    ['cityName', 'city'],
    ['zip', 'zip'],
    ['zip-code', 'zip'],
    ['floor', 'floor'],
    ['Side', 'side'],
    ['door', 'door'],
    ['mobile', 'mobile'],
    ['mobile_no', 'mobile'],
    ['mobileNumber', 'mobile'],
    ['phone', 'mobile'],
    ['phoneNo', 'mobile'],
    ['phone_number', 'mobile'],
    ['frameNumber', 'frame_number'],
    ['frame_number', 'frame_number'],
    ['F_R-A_M-E_N_U_M_B_E_R', 'frame_number'],
  ])('%s fills %s', (name, field) => {
    expect(autofillFieldOf(name)).toBe(field);
  });

  it.each(['name', 'address', 'postcode', 'frame', 'policy', 'telephone', ''])('ignores the unknown name %j', (name) => {
    expect(autofillFieldOf(name)).toBeNull();
  });
});

describe('verificationAutofill', () => {
  it('fills every field of the §3 verification autofill from aliased names and ignores the rest', () => {
    const query =
      'E-Mail=anna%40example.dk&FirstName=Anna&last_name=Jensen&streetName=Vestergade%201&CITY=Aarhus&zip_code=8000' +
      '&floor=2&side=tv&door=3&phone_no=%2B4512345678&policyNumber=P-1001&frame-number=WBK123456&utm_source=mail&bikeId=9';
    expect(verificationAutofill(params(query))).toEqual({
      email: 'anna@example.dk',
      first_name: 'Anna',
      last_name: 'Jensen',
      street: 'Vestergade 1',
      city: 'Aarhus',
      zip: '8000',
      floor: '2',
      side: 'tv',
      door: '3',
      mobile: '+4512345678',
      policy_id: 'P-1001',
      frame_number: 'WBK123456',
    });
  });

  it('keeps the first non-blank value of a field and trims it', () => {
    expect(verificationAutofill(params('phone=&mobile=%20%2045%2012%20&phoneNumber=99'))).toEqual({ mobile: '45 12' });
  });

  it('ignores overlong values', () => {
    expect(verificationAutofill(params(`city=${'x'.repeat(201)}`))).toEqual({});
  });
});

describe('lockTestAutofill', () => {
  it('fills only email and policyId', () => {
    expect(lockTestAutofill(params('Email=ole%40example.no&policy_no=N-77&first=Ole&frameNumber=WBK1'))).toEqual({
      email: 'ole@example.no',
      policy_id: 'N-77',
    });
  });
});

describe('evidenceReviewSchema', () => {
  it('takes an approval without a reason and asks a rejection for one', () => {
    expect(evidenceReviewSchema.parse({ decision: 'approved' })).toEqual({ decision: 'approved', reason: null });
    const refused = evidenceReviewSchema.safeParse({ decision: 'rejected', reason: ' ' });
    expect(refused.error?.issues).toMatchObject([{ path: ['reason'], message: 'field_required' }]);
    expect(evidenceReviewSchema.parse({ decision: 'rejected', reason: ' Blurry ' })).toEqual({ decision: 'rejected', reason: 'Blurry' });
  });
});
