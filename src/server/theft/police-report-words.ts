import type { Language } from '../../domain/locale.js';
import type { BatteryLocation, LockStatus } from '../../domain/theft.js';

// The words of the police report PDF, one set per language (the server does not ship the web's catalogs).

export interface PoliceWords {
  title: string;
  intro: string;
  report: string;
  reportId: string;
  reportedAt: string;
  owner: string;
  name: string;
  cpr: string;
  address: string;
  email: string;
  mobile: string;
  telephone: string;
  bike: string;
  brand: string;
  model: string;
  colour: string;
  category: string;
  electric: string;
  battery: string;
  frameNumber: string;
  registeredFrameNumber: string;
  plates: string;
  productionYear: string;
  purchasePrice: string;
  purchaseDate: string;
  lock: string;
  theft: string;
  lastSeen: string;
  noticed: string;
  place: string;
  coordinates: string;
  culprit: string;
  culpritKnown: string;
  culpritRecognisable: string;
  culpritDescription: string;
  witnesses: string;
  insurance: string;
  insured: string;
  insurer: string;
  value: string;
  sharedWithInsurer: string;
  pictures: string;
  pictureKinds: Record<'public' | 'frame_number' | 'plate' | 'lock_proof', string>;
  noPictures: string;
  generated: string;
  yes: string;
  no: string;
  none: string;
  floor: string;
  side: string;
  door: string;
  locks: Record<LockStatus, string>;
  batteries: Record<BatteryLocation, string>;
}

export const POLICE_WORDS: Record<Language, PoliceWords> = {
  da: {
    title: 'Anmeldelse af cykeltyveri',
    intro:
      'Oplysninger til politiet om tyveri af en cykel, der er registreret i Cykelregistret. Oplysningerne er givet af ejeren, da tyveriet blev meldt.',
    report: 'Anmeldelsen',
    reportId: 'Anmeldelsens ID',
    reportedAt: 'Meldt stjålet',
    owner: 'Ejer',
    name: 'Navn',
    cpr: 'CPR-nummer',
    address: 'Adresse',
    email: 'E-mail',
    mobile: 'Mobil',
    telephone: 'Telefon',
    bike: 'Cyklen',
    brand: 'Mærke',
    model: 'Model',
    colour: 'Farve',
    category: 'Type',
    electric: 'Elcykel',
    battery: 'Batteri',
    frameNumber: 'Stelnummer',
    registeredFrameNumber: 'Registreret stelnummer',
    plates: 'Plade-ID',
    productionYear: 'Produktionsår',
    purchasePrice: 'Købspris',
    purchaseDate: 'Købsdato',
    lock: 'Lås',
    theft: 'Tyveriet',
    lastSeen: 'Sidst set',
    noticed: 'Opdaget stjålet',
    place: 'Stjålet fra',
    coordinates: 'Præcis position',
    culprit: 'Gerningsperson og vidner',
    culpritKnown: 'Gerningspersonen er kendt',
    culpritRecognisable: 'Gerningspersonen kan genkendes',
    culpritDescription: 'Beskrivelse',
    witnesses: 'Vidner',
    insurance: 'Forsikring',
    insured: 'Forsikret',
    insurer: 'Forsikringsselskab',
    value: 'Cyklens værdi',
    sharedWithInsurer: 'Delt med forsikringsselskabet',
    pictures: 'Billeder af cyklen',
    pictureKinds: { public: 'Cyklen', frame_number: 'Stelnummer', plate: 'Plade', lock_proof: 'Lås' },
    noPictures: 'Ejeren har ikke tilføjet billeder.',
    generated: 'Dokumentet er lavet',
    yes: 'Ja',
    no: 'Nej',
    none: '–',
    floor: 'etage',
    side: 'side',
    door: 'dør',
    locks: { locked_to_object: 'Låst fast til en genstand', locked: 'Låst, men ikke fast til noget', unlocked: 'Ikke låst' },
    batteries: { possession: 'Batteriet var hos ejeren', integrated: 'Batteriet sad på cyklen' },
  },
  en: {
    title: 'Bicycle theft report',
    intro:
      'Information for the police about the theft of a bike registered in the Bike Register. The details were given by the owner when the theft was reported.',
    report: 'The report',
    reportId: 'Report ID',
    reportedAt: 'Reported stolen',
    owner: 'Owner',
    name: 'Name',
    cpr: 'Personal ID number (CPR / fødselsnummer)',
    address: 'Address',
    email: 'Email',
    mobile: 'Mobile',
    telephone: 'Telephone',
    bike: 'The bike',
    brand: 'Brand',
    model: 'Model',
    colour: 'Colour',
    category: 'Type',
    electric: 'E-bike',
    battery: 'Battery',
    frameNumber: 'Frame number',
    registeredFrameNumber: 'Registered frame number',
    plates: 'Plate ID',
    productionYear: 'Production year',
    purchasePrice: 'Purchase price',
    purchaseDate: 'Purchase date',
    lock: 'Lock',
    theft: 'The theft',
    lastSeen: 'Last seen',
    noticed: 'Noticed stolen',
    place: 'Stolen from',
    coordinates: 'Exact position',
    culprit: 'Culprit and witnesses',
    culpritKnown: 'The culprit is known',
    culpritRecognisable: 'The culprit can be recognised',
    culpritDescription: 'Description',
    witnesses: 'Witnesses',
    insurance: 'Insurance',
    insured: 'Insured',
    insurer: 'Insurance company',
    value: 'Value of the bike',
    sharedWithInsurer: 'Shared with the insurance company',
    pictures: 'Pictures of the bike',
    pictureKinds: { public: 'The bike', frame_number: 'Frame number', plate: 'Plate', lock_proof: 'Lock' },
    noPictures: 'The owner has not added pictures.',
    generated: 'Document made',
    yes: 'Yes',
    no: 'No',
    none: '–',
    floor: 'floor',
    side: 'side',
    door: 'door',
    locks: { locked_to_object: 'Locked to an object', locked: 'Locked, but not to anything', unlocked: 'Not locked' },
    batteries: { possession: 'The battery was with the owner', integrated: 'The battery was on the bike' },
  },
  no: {
    title: 'Anmeldelse av sykkeltyveri',
    intro:
      'Opplysninger til politiet om tyveri av en sykkel som er registrert i Sykkelregisteret. Opplysningene er gitt av eieren da tyveriet ble meldt.',
    report: 'Meldingen',
    reportId: 'Meldingens ID',
    reportedAt: 'Meldt stjålet',
    owner: 'Eier',
    name: 'Navn',
    cpr: 'Fødselsnummer',
    address: 'Adresse',
    email: 'E-post',
    mobile: 'Mobil',
    telephone: 'Telefon',
    bike: 'Sykkelen',
    brand: 'Merke',
    model: 'Modell',
    colour: 'Farge',
    category: 'Type',
    electric: 'Elsykkel',
    battery: 'Batteri',
    frameNumber: 'Rammenummer',
    registeredFrameNumber: 'Registrert rammenummer',
    plates: 'Skilt-ID',
    productionYear: 'Produksjonsår',
    purchasePrice: 'Kjøpspris',
    purchaseDate: 'Kjøpsdato',
    lock: 'Lås',
    theft: 'Tyveriet',
    lastSeen: 'Sist sett',
    noticed: 'Oppdaget stjålet',
    place: 'Stjålet fra',
    coordinates: 'Nøyaktig posisjon',
    culprit: 'Gjerningsperson og vitner',
    culpritKnown: 'Gjerningspersonen er kjent',
    culpritRecognisable: 'Gjerningspersonen kan gjenkjennes',
    culpritDescription: 'Beskrivelse',
    witnesses: 'Vitner',
    insurance: 'Forsikring',
    insured: 'Forsikret',
    insurer: 'Forsikringsselskap',
    value: 'Sykkelens verdi',
    sharedWithInsurer: 'Delt med forsikringsselskapet',
    pictures: 'Bilder av sykkelen',
    pictureKinds: { public: 'Sykkelen', frame_number: 'Rammenummer', plate: 'Skilt', lock_proof: 'Lås' },
    noPictures: 'Eieren har ikke lagt til bilder.',
    generated: 'Dokumentet er laget',
    yes: 'Ja',
    no: 'Nei',
    none: '–',
    floor: 'etasje',
    side: 'side',
    door: 'dør',
    locks: { locked_to_object: 'Låst fast til en gjenstand', locked: 'Låst, men ikke fast til noe', unlocked: 'Ikke låst' },
    batteries: { possession: 'Batteriet var hos eieren', integrated: 'Batteriet satt på sykkelen' },
  },
};
