import type { Region } from '../../../domain/locale.js';

/**
 * The people of the development identity provider: invented names with invented national ID numbers,
 * Danish (MitID, CPR) and Norwegian (BankID, fødselsnummer). Tests pick them by subject; one person
 * verifies one account, so the browser journeys of one run each use people of their own.
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
  { sub: 'mitid-test-peter', region: 'dk', givenName: 'Peter', familyName: 'Sørensen', birthdate: '1975-01-15', nationalId: '1501751237' },
  {
    sub: 'mitid-test-camilla',
    region: 'dk',
    givenName: 'Camilla',
    familyName: 'Rasmussen',
    birthdate: '1988-06-22',
    nationalId: '2206881238',
  },
  { sub: 'mitid-test-jens', region: 'dk', givenName: 'Jens', familyName: 'Pedersen', birthdate: '1964-03-09', nationalId: '0903641239' },
  { sub: 'mitid-test-ida', region: 'dk', givenName: 'Ida', familyName: 'Andersen', birthdate: '1996-10-18', nationalId: '1810961240' },
  {
    sub: 'mitid-test-frederik',
    region: 'dk',
    givenName: 'Frederik',
    familyName: 'Thomsen',
    birthdate: '1983-08-05',
    nationalId: '0508831241',
  },
  { sub: 'bankid-test-sigrid', region: 'no', givenName: 'Sigrid', familyName: 'Berg', birthdate: '1994-05-27', nationalId: '27059412348' },
  {
    sub: 'mitid-test-mette',
    region: 'dk',
    givenName: 'Mette',
    familyName: 'Kristensen',
    birthdate: '1979-02-14',
    nationalId: '1402791242',
  },
  { sub: 'mitid-test-henrik', region: 'dk', givenName: 'Henrik', familyName: 'Møller', birthdate: '1990-07-30', nationalId: '3007901243' },
  { sub: 'mitid-test-louise', region: 'dk', givenName: 'Louise', familyName: 'Poulsen', birthdate: '1986-12-11', nationalId: '1112861244' },
  { sub: 'bankid-test-hanne', region: 'no', givenName: 'Hanne', familyName: 'Solberg', birthdate: '1981-03-19', nationalId: '19038112349' },
  { sub: 'bankid-test-erik', region: 'no', givenName: 'Erik', familyName: 'Haugen', birthdate: '1973-10-02', nationalId: '02107312350' },
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
