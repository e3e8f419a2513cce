import type { FlowDefinitionInput } from '../../domain/flows.js';
import type { AppContext } from '../context.js';
import { ensurePublishedFlows } from '../flows/service.js';

// The demo's flow (issue 16): "Tell us about a bike you found", at /demo.found-a-bike. It has a jump (a bike with no
// plate skips the plate step) and a show_if (the lock's kind only when it was locked), so a visitor sees both.

const t = (da: string, en: string, no: string) => ({ da, en, no });

export const DEMO_FOUND_BIKE_FLOW: FlowDefinitionInput = {
  memo: 'demo.found-a-bike',
  title: t('Fortæl os om en cykel, du har fundet', 'Tell us about a bike you found', 'Fortell oss om en sykkel du har funnet'),
  description: t(
    'Har du fundet en cykel, der ser efterladt ud? Fortæl os, hvor den står, så prøver vi at finde ejeren.',
    'Found a bike that looks abandoned? Tell us where it is and we will try to find its owner.',
    'Har du funnet en sykkel som ser forlatt ut? Fortell oss hvor den står, så prøver vi å finne eieren.',
  ),
  audience: 'anyone',
  steps: [
    {
      memo: 'where',
      title: t('Hvor og hvornår', 'Where and when', 'Hvor og når'),
      fields: [
        {
          memo: 'found_on',
          kind: 'date',
          label: t('Hvornår så du cyklen?', 'When did you see the bike?', 'Når så du sykkelen?'),
          required: true,
          past_only: true,
        },
        {
          memo: 'place',
          kind: 'address',
          label: t('Hvor står den?', 'Where is it?', 'Hvor står den?'),
          help: t(
            'Skriv adressen eller stedet, fx "ved Nørreport station", og sæt en nål på kortet',
            'Type the address or the place, e.g. "by Nørreport station", and put a pin on the map',
            'Skriv adressen eller stedet, f.eks. "ved Oslo S", og sett en nål på kartet',
          ),
          required: true,
        },
      ],
    },
    {
      memo: 'bike',
      title: t('Cyklen', 'The bike', 'Sykkelen'),
      fields: [
        {
          memo: 'color',
          kind: 'choice',
          label: t('Hvilken farve har den?', 'What colour is it?', 'Hvilken farge har den?'),
          required: true,
          options: [
            { value: 'black', label: t('Sort', 'Black', 'Svart') },
            { value: 'blue', label: t('Blå', 'Blue', 'Blå') },
            { value: 'red', label: t('Rød', 'Red', 'Rød') },
            { value: 'white', label: t('Hvid', 'White', 'Hvit') },
            { value: 'other', label: t('Anden farve', 'Another colour', 'Annen farge') },
          ],
        },
        {
          memo: 'locked',
          kind: 'choice',
          label: t('Er den låst?', 'Is it locked?', 'Er den låst?'),
          required: true,
          options: [
            { value: 'yes', label: t('Ja', 'Yes', 'Ja') },
            { value: 'no', label: t('Nej', 'No', 'Nei') },
          ],
        },
        {
          memo: 'lock_kind',
          kind: 'choice',
          label: t('Hvilke låse?', 'Which locks?', 'Hvilke låser?'),
          multiple: true,
          show_if: { field: 'locked', op: 'equals', value: 'yes' },
          options: [
            { value: 'frame', label: t('Ringlås', 'Frame lock', 'Ringlås') },
            { value: 'chain', label: t('Kæde eller wire', 'Chain or cable', 'Kjetting eller wire') },
            { value: 'other', label: t('Anden lås', 'Another lock', 'Annen lås') },
          ],
        },
        {
          memo: 'has_plate',
          kind: 'choice',
          label: t('Har den en plade med QR-kode?', 'Does it have a plate with a QR code?', 'Har den et skilt med QR-kode?'),
          required: true,
          options: [
            { value: 'yes', label: t('Ja', 'Yes', 'Ja') },
            { value: 'no', label: t('Nej', 'No', 'Nei') },
          ],
        },
      ],
      jumps: [{ when: { field: 'has_plate', op: 'equals', value: 'no' }, to: 'contact' }],
    },
    {
      memo: 'plate',
      title: t('Pladen', 'The plate', 'Skiltet'),
      fields: [
        {
          memo: 'plate_id',
          kind: 'text',
          label: t('Pladens ID', 'The plate’s ID', 'Skiltets ID'),
          help: t('Står under QR-koden', 'Printed below the QR code', 'Står under QR-koden'),
          required: true,
          max_length: 40,
        },
      ],
    },
    {
      memo: 'contact',
      title: t('Tak for hjælpen', 'Thank you for helping', 'Takk for hjelpen'),
      fields: [
        {
          memo: 'note',
          kind: 'text',
          label: t('Andet, vi bør vide?', 'Anything else we should know?', 'Noe annet vi bør vite?'),
          multiline: true,
          max_length: 1000,
        },
        {
          memo: 'photo',
          kind: 'picture',
          label: t('Et billede af cyklen', 'A picture of the bike', 'Et bilde av sykkelen'),
          help: t('Det hjælper ejeren med at kende den', 'It helps the owner recognise it', 'Det hjelper eieren å kjenne den igjen'),
        },
        {
          memo: 'consent',
          kind: 'consent',
          label: t(
            'Jeg giver lov til, at I gemmer mine svar for at finde ejeren.',
            'I allow you to keep my answers to find the owner.',
            'Jeg gir lov til at dere lagrer svarene mine for å finne eieren.',
          ),
          required: true,
        },
      ],
    },
  ],
  end: {
    title: t('Tak! Vi har fået dine oplysninger', 'Thank you! We have your report', 'Takk! Vi har fått opplysningene dine'),
    body: t(
      'Hvis cyklen er registreret, giver vi ejeren besked.',
      'If the bike is registered, we will let its owner know.',
      'Hvis sykkelen er registrert, gir vi eieren beskjed.',
    ),
  },
};

/** The demo's flows, as published version 1 when their memo has none (every start with SEED_DEMO). */
export async function seedDemoFlows(ctx: AppContext): Promise<void> {
  await ensurePublishedFlows(ctx.db, [DEMO_FOUND_BIKE_FLOW]);
}
