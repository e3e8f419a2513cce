import type { DistributorInput } from '../../domain/distributors.js';
import type { AppContext } from '../context.js';
import { hasDistributors, insertDistributors } from '../distributors/service.js';

// Demo distributors (issue 15) for /find-distributor: made-up shops, named "Demo …" so nobody takes them for real
// ones, at real-looking addresses in Danish and Norwegian cities.

const DEMO_DISTRIBUTORS: DistributorInput[] = [
  dk('Demo Cykler København', 'Nørrebrogade 52', '2200', 'København N', 55.6925, 12.5496, '+45 33 12 34 56', [
    'plates',
    'registrations',
    'fitting',
  ]),
  dk('Demo Cykelværksted Frederiksberg', 'Gammel Kongevej 120', '1850', 'Frederiksberg C', 55.6772, 12.5405, null, ['plates', 'fitting']),
  dk('Demo Cykler Aarhus', 'Jægergårdsgade 41', '8000', 'Aarhus C', 56.1496, 10.2053, '+45 86 12 34 56', [
    'plates',
    'registrations',
    'fitting',
  ]),
  dk('Demo Cykelhandel Aarhus Nord', 'Randersvej 180', '8200', 'Aarhus N', 56.1811, 10.1921, null, ['plates']),
  dk('Demo Cykler Odense', 'Vestergade 78', '5000', 'Odense C', 55.3959, 10.3817, '+45 66 12 34 56', ['plates', 'registrations']),
  dk('Demo Cykler Aalborg', 'Boulevarden 15', '9000', 'Aalborg', 57.0464, 9.9187, '+45 98 12 34 56', ['plates', 'fitting']),
  dk('Demo Cykler Esbjerg', 'Kongensgade 60', '6700', 'Esbjerg', 55.4675, 8.4512, null, ['plates', 'registrations']),
  dk('Demo Cykler Roskilde', 'Algade 22', '4000', 'Roskilde', 55.6415, 12.0803, '+45 46 12 34 56', ['plates']),
  no('Demo Sykkel Oslo', 'Thorvald Meyers gate 30', '0555', 'Oslo', 59.9232, 10.7589, '+47 22 12 34 56', [
    'plates',
    'registrations',
    'fitting',
  ]),
  no('Demo Sykkelverksted Majorstuen', 'Bogstadveien 45', '0366', 'Oslo', 59.9271, 10.7188, null, ['plates', 'fitting']),
  no('Demo Sykkel Bergen', 'Kong Oscars gate 20', '5017', 'Bergen', 60.3945, 5.3292, '+47 55 12 34 56', ['plates', 'registrations']),
  no('Demo Sykkel Trondheim', 'Olav Tryggvasons gate 10', '7011', 'Trondheim', 63.4335, 10.3988, null, ['plates', 'fitting']),
  no('Demo Sykkel Stavanger', 'Pedersgata 35', '4013', 'Stavanger', 58.9677, 5.7396, '+47 51 12 34 56', ['plates']),
  no('Demo Sykkel Tromsø', 'Storgata 70', '9008', 'Tromsø', 69.6496, 18.9553, null, ['plates', 'registrations']),
];

function dk(
  name: string,
  street: string,
  postcode: string,
  city: string,
  latitude: number,
  longitude: number,
  phone: string | null,
  offers: DistributorInput['offers'],
): DistributorInput {
  return { name, street, postcode, city, region: 'dk', latitude, longitude, phone, website: null, offers };
}

function no(...args: Parameters<typeof dk>): DistributorInput {
  return { ...dk(...args), region: 'no' };
}

/** Adds the demo distributors to an empty table (the first start of a demo database). */
export async function seedDemoDistributors(ctx: AppContext): Promise<void> {
  if (await hasDistributors(ctx)) return;
  await insertDistributors(ctx, DEMO_DISTRIBUTORS);
}
