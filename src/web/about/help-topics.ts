// The help centre's topics and questions, in the order shown. A question's texts are help:questions.<id>.q, .a and,
// with a link into the product, .link; its anchor (/help#<anchor>) is its id in kebab case, so a link can open it.

export interface HelpQuestion {
  id: string;
  /** Where the answer's link leads, if it has one. */
  to?: string;
}

export interface HelpTopic {
  id: string;
  questions: HelpQuestion[];
}

export const HELP_TOPICS: HelpTopic[] = [
  {
    id: 'register',
    questions: [{ id: 'register', to: '/app/register-bike' }, { id: 'frameNumber' }, { id: 'voucher', to: '/app/bikes/register/redeem' }],
  },
  { id: 'plates', questions: [{ id: 'plates', to: '/webshop' }, { id: 'extraPlates', to: '/webshop' }, { id: 'dna' }] },
  {
    id: 'stolen',
    questions: [
      { id: 'stolen', to: '/app/my-bikes/report-stolen' },
      { id: 'map', to: '/stolen-bike-map' },
    ],
  },
  { id: 'found', questions: [{ id: 'found', to: '/search' }, { id: 'recovered' }] },
  { id: 'selling', questions: [{ id: 'selling' }, { id: 'salesLink' }, { id: 'buying', to: '/search' }, { id: 'request' }] },
  {
    id: 'insurance',
    questions: [
      { id: 'insurance', to: '/forsikringsfordel' },
      { id: 'policy', to: '/insurance' },
    ],
  },
  { id: 'account', questions: [{ id: 'verify' }, { id: 'delete', to: '/app/settings' }] },
];

/** frameNumber → frame-number: the question's anchor in the address. */
export function anchorOf(id: string): string {
  return id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Lower case without accents (å → a, é → e), so a search need not match them exactly. */
function fold(text: string): string {
  return text.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

/** True when every word of the query is in the text (any order, any case); an empty query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
