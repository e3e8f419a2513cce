import type { Region } from '../../../domain/locale.js';

/**
 * The people of the development identity provider: invented names with invented national ID numbers,
 * three Danish (MitID, CPR) and three Norwegian (BankID, fødselsnummer). Tests pick them by subject.
 */
export interface TestIdentity {
  sub: string;
  region: Region;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD */
  birthdate: string;
  nationalId: string;
}

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { sub: 'mitid-test-anna', region: 'dk', givenName: 'Anna', familyName: 'Jensen', birthdate: '1985-04-12', nationalId: '1204851234' },
  { sub: 'mitid-test-mads', region: 'dk', givenName: 'Mads', familyName: 'Nielsen', birthdate: '1992-11-03', nationalId: '0311921235' },
  {
    sub: 'mitid-test-sofie',
    region: 'dk',
    givenName: 'Sofie',
    familyName: 'Christensen',
    birthdate: '2001-07-30',
    nationalId: '3007011236',
  },
  {
    sub: 'bankid-test-ingrid',
    region: 'no',
    givenName: 'Ingrid',
    familyName: 'Hansen',
    birthdate: '1990-02-07',
    nationalId: '07029012345',
  },
  { sub: 'bankid-test-lars', region: 'no', givenName: 'Lars', familyName: 'Olsen', birthdate: '1978-09-21', nationalId: '21097812346' },
  { sub: 'bankid-test-kari', region: 'no', givenName: 'Kari', familyName: 'Nordmann', birthdate: '1969-12-01', nationalId: '01126912347' },
];

export function findTestIdentity(sub: string): TestIdentity | undefined {
  return TEST_IDENTITIES.find((person) => person.sub === sub);
}

export const fullName = (person: TestIdentity) => `${person.givenName} ${person.familyName}`;

/**
 * The people of the development provider's social login (a stand-in for a social sign-in provider):
 * an email each, verified or not. Ole Ejer has the demo owner's address, so linking can be shown.
 */
export interface SocialTestPerson {
  sub: string;
  givenName: string;
  familyName: string;
  email: string;
  emailVerified: boolean;
}

export const SOCIAL_TEST_PEOPLE: readonly SocialTestPerson[] = [
  { sub: 'social-test-emma', givenName: 'Emma', familyName: 'Larsen', email: 'emma.larsen@social.example', emailVerified: true },
  { sub: 'social-test-jonas', givenName: 'Jonas', familyName: 'Berg', email: 'jonas.berg@social.example', emailVerified: true },
  { sub: 'social-test-ole', givenName: 'Ole', familyName: 'Ejer', email: 'owner@demo.cykelregister.dk', emailVerified: true },
  { sub: 'social-test-nora', givenName: 'Nora', familyName: 'Dahl', email: 'nora.dahl@social.example', emailVerified: false },
];

export function findSocialTestPerson(sub: string): SocialTestPerson | undefined {
  return SOCIAL_TEST_PEOPLE.find((person) => person.sub === sub);
}
