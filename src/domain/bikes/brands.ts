// The brand table behind the frame-number hints (§5) and the brand picker.
//
// This is the register's reference data, maintained by staff: plausible rather than authoritative.
// Danish law (Lov om mærkning af cykelstel, 1948) makes every frame sold in Denmark carry a mark
// given to its maker or importer (importers' marks begin with W), a running number and a year
// letter, e.g. WBK123456Z. Marks change hands when a brand changes importer, so a number that does
// not fit is only ever a hint, never a refusal. A few marks are documented publicly (DBS/Øglænd WBK,
// SCO S, Everton EE, Merida WC, Nishiki WN, Specialized WUD, Trek WTU, Yosemite WBTD, Babboe WSP from 2019); the rest are
// placeholders for staff to correct. Each mark belongs to one brand, so a typed mark can name its brand.

export interface Brand {
  id: string;
  name: string;
  /** The Danish maker or importer marks (upper case letters) that begin this brand's frame numbers. */
  prefixes: string[];
  /** Sold in Denmark under the legal scheme: a number without one of the marks earns a hint. */
  requiresPrefix: boolean;
  /** 'dk': the number ends with a Danish year letter; 'none': mostly sold in Norway, factory serials. */
  yearLetterScheme: 'dk' | 'none';
  /** The first production year a mark was used, where known (a year letter before it cannot fit). */
  prefixSince?: Readonly<Record<string, number>>;
}

/** A brand sold in Denmark under the legal scheme. */
const dk = (id: string, name: string, prefixes: string[], prefixSince?: Record<string, number>): Brand => ({
  id,
  name,
  prefixes,
  requiresPrefix: true,
  yearLetterScheme: 'dk',
  ...(prefixSince ? { prefixSince } : {}),
});
/** A brand mostly sold in Norway with the maker's own serial numbers. */
const no = (id: string, name: string): Brand => ({ id, name, prefixes: [], requiresPrefix: false, yearLetterScheme: 'none' });

export const BRANDS: readonly Brand[] = [
  // Danish makers (marks without W).
  dk('christiania', 'Christiania', ['CB'], { CB: 1984 }),
  dk('kildemoes', 'Kildemoes', ['KM']),
  dk('everton', 'Everton', ['EE']),
  dk('sco', 'SCO', ['S']),
  dk('mustang', 'Mustang', ['MG']),
  dk('winther', 'Winther', ['VB']),
  dk('avenue', 'Avenue', ['AV'], { AV: 1999 }),
  dk('principia', 'Principia', ['PA'], { PA: 1990 }),
  dk('larry-vs-harry', 'Larry vs Harry (Bullitt)', ['LH'], { LH: 2007 }),
  dk('butchers-bicycles', 'Butchers & Bicycles', ['BB'], { BB: 2013 }),
  dk('nihola', 'Nihola', ['NH'], { NH: 1998 }),
  dk('omnium', 'Omnium', ['OC'], { OC: 2012 }),
  dk('cykelfabrikken', 'Cykelfabrikken', ['CF'], { CF: 2012 }),
  dk('raleigh', 'Raleigh', ['RL']),
  dk('puch', 'Puch', ['PU']),
  // Importers' marks (W…).
  dk('dbs', 'DBS', ['WBK']),
  dk('yosemite', 'Yosemite', ['WBTD']),
  dk('merida', 'Merida', ['WC']),
  dk('nishiki', 'Nishiki', ['WN']),
  dk('specialized', 'Specialized', ['WUD']),
  dk('trek', 'Trek', ['WTU', 'WTR']),
  dk('batavus', 'Batavus', ['WBA']),
  dk('gazelle', 'Gazelle', ['WGA']),
  dk('sparta', 'Sparta', ['WSA']),
  dk('cannondale', 'Cannondale', ['WCD']),
  dk('giant', 'Giant', ['WGT']),
  dk('cube', 'Cube', ['WCU'], { WCU: 2001 }),
  dk('scott', 'Scott', ['WSC']),
  dk('kalkhoff', 'Kalkhoff', ['WKH']),
  dk('riese-muller', 'Riese & Müller', ['WRM'], { WRM: 1995 }),
  dk('babboe', 'Babboe', ['WSP'], { WSP: 2019 }),
  dk('urban-arrow', 'Urban Arrow', ['WUA'], { WUA: 2011 }),
  dk('centurion', 'Centurion', ['WCE']),
  dk('bianchi', 'Bianchi', ['WBI']),
  dk('canyon', 'Canyon', ['WCY'], { WCY: 2014 }),
  dk('focus', 'Focus', ['WFO'], { WFO: 1993 }),
  dk('ghost', 'Ghost', ['WGH'], { WGH: 1993 }),
  dk('haibike', 'Haibike', ['WHB'], { WHB: 1995 }),
  dk('kona', 'Kona', ['WKO'], { WKO: 1988 }),
  dk('orbea', 'Orbea', ['WOR']),
  dk('victoria', 'Victoria', ['WVI']),
  dk('brompton', 'Brompton', ['WBR']),
  dk('tern', 'Tern', ['WTE'], { WTE: 2011 }),
  dk('frog', 'Frog', ['WFR'], { WFR: 2013 }),
  dk('norco', 'Norco', ['WNO']),
  dk('mbk', 'MBK', ['WMB']),
  dk('cervelo', 'Cervélo', ['WCV'], { WCV: 1996 }),
  dk('crescent', 'Crescent', ['WCR']),
  // Mostly sold in Norway, without the Danish mark.
  no('jopo', 'Jopo'),
  no('hard-rocx', 'Hard Rocx'),
  no('nakamura', 'Nakamura'),
  no('mongoose', 'Mongoose'),
];

const byId = new Map(BRANDS.map((brand) => [brand.id, brand]));
const byPrefix = new Map(BRANDS.flatMap((brand) => brand.prefixes.map((prefix) => [prefix, brand] as const)));

export function findBrand(id: string | null | undefined): Brand | undefined {
  return id ? byId.get(id) : undefined;
}

/** The picker's choices, sorted by name in Danish order (Æ, Ø, Å last). */
export function brandOptions(): { id: string; name: string }[] {
  return BRANDS.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'da'));
}

/** The brand whose mark is exactly `prefix` (the whole run of leading letters of a frame number). */
export function brandByPrefix(prefix: string): Brand | undefined {
  return byPrefix.get(prefix.toUpperCase());
}
