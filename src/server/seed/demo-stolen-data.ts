// The places, bikes and people of the demo's stolen bikes (seed/demo-stolen.ts). Made up: streets are real
// streets of each town, numbers and people are not.

export interface DemoTown {
  latitude: number;
  longitude: number;
  /** Zip code and town, as an address ends. */
  area: string;
  streets: string[];
  /** How many stolen bikes the town gets. */
  bikes: number;
}

export const DEMO_TOWNS: DemoTown[] = [
  { latitude: 55.6867, longitude: 12.5585, area: '2200 København N', streets: ['Nørrebrogade', 'Jægersborggade'], bikes: 5 },
  { latitude: 55.6709, longitude: 12.5552, area: '1620 København V', streets: ['Vesterbrogade', 'Istedgade'], bikes: 4 },
  { latitude: 55.7009, longitude: 12.5779, area: '2100 København Ø', streets: ['Østerbrogade', 'Classensgade'], bikes: 3 },
  { latitude: 55.6616, longitude: 12.6034, area: '2300 København S', streets: ['Amagerbrogade'], bikes: 2 },
  { latitude: 55.6786, longitude: 12.5316, area: '2000 Frederiksberg', streets: ['Gammel Kongevej', 'Falkoner Allé'], bikes: 3 },
  { latitude: 56.1572, longitude: 10.2107, area: '8000 Aarhus C', streets: ['Søndergade', 'Banegårdspladsen'], bikes: 5 },
  { latitude: 55.3959, longitude: 10.3883, area: '5000 Odense C', streets: ['Vestergade', 'Kongensgade'], bikes: 3 },
  { latitude: 57.0488, longitude: 9.9217, area: '9000 Aalborg', streets: ['Boulevarden', 'Jomfru Ane Gade'], bikes: 3 },
  { latitude: 55.4765, longitude: 8.4594, area: '6700 Esbjerg', streets: ['Kongensgade'], bikes: 2 },
  { latitude: 55.6415, longitude: 12.0803, area: '4000 Roskilde', streets: ['Algade'], bikes: 2 },
  { latitude: 55.7093, longitude: 9.5357, area: '7100 Vejle', streets: ['Nørregade'], bikes: 2 },
  { latitude: 55.8607, longitude: 9.8503, area: '8700 Horsens', streets: ['Søndergade'], bikes: 2 },
  { latitude: 55.4904, longitude: 9.4722, area: '6000 Kolding', streets: ['Jernbanegade'], bikes: 2 },
  { latitude: 59.9139, longitude: 10.7522, area: '0159 Oslo', streets: ['Karl Johans gate', 'Storgata'], bikes: 4 },
  { latitude: 59.9225, longitude: 10.7594, area: '0552 Oslo', streets: ['Thorvald Meyers gate', 'Markveien'], bikes: 3 },
  { latitude: 60.3913, longitude: 5.3221, area: '5003 Bergen', streets: ['Bryggen', 'Torgallmenningen'], bikes: 3 },
  { latitude: 63.4305, longitude: 10.3951, area: '7011 Trondheim', streets: ['Munkegata'], bikes: 3 },
  { latitude: 58.97, longitude: 5.7331, area: '4006 Stavanger', streets: ['Kirkegata'], bikes: 2 },
  { latitude: 58.1467, longitude: 7.9956, area: '4611 Kristiansand', streets: ['Markens gate'], bikes: 2 },
  { latitude: 69.6492, longitude: 18.9553, area: '9008 Tromsø', streets: ['Storgata'], bikes: 2 },
  { latitude: 59.744, longitude: 10.2045, area: '3015 Drammen', streets: ['Bragernes torg'], bikes: 2 },
  { latitude: 59.2181, longitude: 10.9298, area: '1606 Fredrikstad', streets: ['Nygaardsgata'], bikes: 2 },
];

export interface DemoStolenModel {
  brandId: string;
  /** The Danish mark of the brand; Norwegian brands have none. */
  mark: string | null;
  model: string;
  category: string;
  electric: boolean;
  colors: string[];
}

export const DEMO_STOLEN_MODELS: DemoStolenModel[] = [
  { brandId: 'dbs', mark: 'WBK', model: 'Intermezzo', category: 'city', electric: false, colors: ['black', 'red', 'blue'] },
  { brandId: 'trek', mark: 'WTU', model: 'FX 2', category: 'hybrid', electric: false, colors: ['gray', 'black'] },
  { brandId: 'giant', mark: 'WGT', model: 'Escape 2', category: 'hybrid', electric: false, colors: ['blue', 'white'] },
  { brandId: 'babboe', mark: 'WSP', model: 'Curve-E', category: 'cargo', electric: true, colors: ['blue', 'green'] },
  { brandId: 'christiania', mark: 'CB', model: 'Light', category: 'cargo', electric: false, colors: ['green', 'yellow'] },
  { brandId: 'kildemoes', mark: 'KM', model: 'Logic', category: 'city', electric: true, colors: ['white', 'gray'] },
  { brandId: 'specialized', mark: 'WUD', model: 'Sirrus X', category: 'hybrid', electric: false, colors: ['black', 'orange'] },
  { brandId: 'gazelle', mark: 'WGA', model: 'Orange C7', category: 'city', electric: true, colors: ['gray', 'brown'] },
  { brandId: 'riese-muller', mark: 'WRM', model: 'Load 75', category: 'cargo', electric: true, colors: ['gray'] },
  { brandId: 'cannondale', mark: 'WCD', model: 'CAAD13', category: 'racer', electric: false, colors: ['red', 'black'] },
  { brandId: 'cube', mark: 'WCU', model: 'Reaction', category: 'mountainTour', electric: false, colors: ['black', 'green'] },
  { brandId: 'brompton', mark: 'WBR', model: 'C Line', category: 'folding', electric: false, colors: ['orange', 'purple'] },
  { brandId: 'jopo', mark: null, model: 'Classic', category: 'city', electric: false, colors: ['yellow', 'pink', 'blue'] },
  { brandId: 'nakamura', mark: null, model: 'Crossfire', category: 'mountainTour', electric: false, colors: ['white', 'black'] },
  { brandId: 'mongoose', mark: null, model: 'Legion', category: 'bmx', electric: false, colors: ['multi', 'black'] },
  { brandId: 'hard-rocx', mark: null, model: 'Urban E', category: 'road', electric: true, colors: ['gray', 'special'] },
];

/** The demo's other owners: people whose bikes were stolen (no password: nobody logs in as them). */
export const DEMO_STOLEN_OWNERS = [
  { firstName: 'Mette', lastName: 'Hansen', region: 'dk', language: 'da' },
  { firstName: 'Jonas', lastName: 'Nielsen', region: 'dk', language: 'da' },
  { firstName: 'Freja', lastName: 'Larsen', region: 'dk', language: 'en' },
  { firstName: 'Ingrid', lastName: 'Berg', region: 'no', language: 'no' },
  { firstName: 'Lars', lastName: 'Johansen', region: 'no', language: 'no' },
] as const;

export const demoStolenOwnerEmail = (n: number) => `stolen-owner-${n}@demo.cykelregister.dk`;
