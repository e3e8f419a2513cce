import type { FlowDefinition, FlowField, LocalizedText } from '../../domain/flows.js';

// The commuter surveys (issue 16, §2 /survey/…): three flows of the flow engine, the product's own content, seeded at
// every start as version 1 of their memo when it has none (seed.ts), after which staff edit them in the backoffice.
// Their texts are their own, in Danish, English and Norwegian, as every flow definition's are.

const text = (da: string, en: string, no: string): LocalizedText => ({ da, en, no });

/** The days of the week as choice options, Monday first (as in Denmark and Norway). */
const WEEKDAYS = [
  { value: 'mon', label: text('Mandag', 'Monday', 'Mandag') },
  { value: 'tue', label: text('Tirsdag', 'Tuesday', 'Tirsdag') },
  { value: 'wed', label: text('Onsdag', 'Wednesday', 'Onsdag') },
  { value: 'thu', label: text('Torsdag', 'Thursday', 'Torsdag') },
  { value: 'fri', label: text('Fredag', 'Friday', 'Fredag') },
  { value: 'sat', label: text('Lørdag', 'Saturday', 'Lørdag') },
  { value: 'sun', label: text('Søndag', 'Sunday', 'Søndag') },
];

const weekdays = (memo: string, label: LocalizedText, required: boolean, extra: Partial<FlowField> = {}): FlowField => ({
  memo,
  kind: 'choice',
  label,
  required,
  multiple: true,
  options: WEEKDAYS,
  ...extra,
});

export const addressesSurvey: FlowDefinition = {
  memo: 'survey.addresses',
  title: text('Hjem og arbejde', 'Home and work', 'Hjem og jobb'),
  description: text(
    'Hvor du bor, og hvor du arbejder: to punkter på kortet, så vi kan se, hvor der cykles til arbejde.',
    'Where you live and where you work: two points on the map, so we can see where people cycle to work.',
    'Hvor du bor, og hvor du jobber: to punkter på kartet, så vi kan se hvor folk sykler til jobben.',
  ),
  audience: 'anyone',
  steps: [
    {
      memo: 'home',
      title: text('Din bopæl', 'Your home', 'Hjemmet ditt'),
      intro: text(
        'Søg adressen, eller vælg stedet på kortet. Et punkt i nærheden er nok, hvis du ikke vil give den præcise adresse.',
        'Search for the address or pick the place on the map. A point nearby is enough if you would rather not give the exact address.',
        'Søk etter adressen, eller velg stedet på kartet. Et punkt i nærheten holder hvis du ikke vil oppgi den nøyaktige adressen.',
      ),
      fields: [{ memo: 'home_address', kind: 'address', label: text('Bopæl', 'Home address', 'Bostedsadresse'), required: true }],
    },
    {
      memo: 'work',
      title: text('Din arbejdsplads', 'Your workplace', 'Arbeidsplassen din'),
      intro: text(
        'Der, hvor du møder ind de fleste dage. Har du flere, så vælg den, du oftest kører til.',
        'Where you go to work most days. If you have several, pick the one you travel to most often.',
        'Der du møter opp de fleste dager. Har du flere, velger du den du oftest reiser til.',
      ),
      fields: [
        { memo: 'work_address', kind: 'address', label: text('Arbejdsplads', 'Workplace address', 'Arbeidsadresse'), required: true },
        {
          memo: 'years_at_job',
          kind: 'choice',
          label: text('Hvor længe har du arbejdet der?', 'How long have you worked there?', 'Hvor lenge har du jobbet der?'),
          required: false,
          options: [
            { value: 'under_1', label: text('Under et år', 'Less than a year', 'Under ett år') },
            { value: '1_3', label: text('1–3 år', '1–3 years', '1–3 år') },
            { value: '3_10', label: text('3–10 år', '3–10 years', '3–10 år') },
            { value: 'over_10', label: text('Mere end 10 år', 'More than 10 years', 'Mer enn 10 år') },
          ],
        },
      ],
    },
  ],
  end: {
    title: text('Tak for dine adresser', 'Thank you for your addresses', 'Takk for adressene dine'),
    body: text(
      'Næste undersøgelse handler om, hvilke dage du pendler og cykler.',
      'The next survey is about the days you commute and cycle.',
      'Neste undersøkelse handler om hvilke dager du pendler og sykler.',
    ),
  },
};

export const commutingDaysSurvey: FlowDefinition = {
  memo: 'survey.commuting-days',
  title: text('Dine pendlerdage', 'Your commuting days', 'Pendlerdagene dine'),
  description: text(
    'Hvilke dage du tager på arbejde, hvilke af dem du cykler, og om det ændrer sig om vinteren.',
    'Which days you go to work, on which of them you cycle, and whether that changes in winter.',
    'Hvilke dager du drar på jobb, hvilke av dem du sykler, og om det endrer seg om vinteren.',
  ),
  audience: 'anyone',
  steps: [
    {
      memo: 'week',
      title: text('En almindelig uge', 'An ordinary week', 'En vanlig uke'),
      fields: [
        weekdays(
          'work_days',
          text('Hvilke dage tager du på arbejde?', 'Which days do you travel to work?', 'Hvilke dager reiser du til jobben?'),
          true,
          {
            help: text(
              'Dage med hjemmearbejde tæller ikke med.',
              'Days you work from home do not count.',
              'Dager med hjemmekontor teller ikke.',
            ),
          },
        ),
        weekdays('bike_days', text('Hvilke af dem cykler du?', 'On which of them do you cycle?', 'Hvilke av dem sykler du?'), false, {
          show_if: { field: 'work_days', op: 'answered' },
        }),
        {
          memo: 'weeks_away',
          kind: 'number',
          label: text(
            'Hvor mange uger om året er du ikke på arbejde?',
            'How many weeks a year are you away from work?',
            'Hvor mange uker i året er du borte fra jobben?',
          ),
          help: text(
            'Ferie, helligdage, kurser og andet fravær tilsammen, f.eks. 7.',
            'Holidays, public holidays, courses and other absence together, e.g. 7.',
            'Ferie, helligdager, kurs og annet fravær til sammen, f.eks. 7.',
          ),
          required: true,
          integer: true,
          min: 0,
          max: 52,
          unit: text('uger', 'weeks', 'uker'),
        },
      ],
    },
    {
      memo: 'winter',
      title: text('Om vinteren', 'In winter', 'Om vinteren'),
      fields: [
        {
          memo: 'winter_changes',
          kind: 'choice',
          label: text('Ændrer det sig om vinteren?', 'Does that change in winter?', 'Endrer det seg om vinteren?'),
          required: true,
          options: [
            {
              value: 'no',
              label: text(
                'Nej, jeg cykler som resten af året',
                'No, I cycle as in the rest of the year',
                'Nei, jeg sykler som resten av året',
              ),
            },
            { value: 'fewer_days', label: text('Ja, jeg cykler færre dage', 'Yes, I cycle on fewer days', 'Ja, jeg sykler færre dager') },
            {
              value: 'other_means',
              label: text(
                'Ja, jeg tager bus, tog eller bil i stedet',
                'Yes, I take the bus, train or car instead',
                'Ja, jeg tar buss, tog eller bil i stedet',
              ),
            },
          ],
        },
        {
          memo: 'winter_weeks',
          kind: 'number',
          label: text('Hvor mange uger varer din vinter?', 'How many weeks does your winter last?', 'Hvor mange uker varer vinteren din?'),
          show_if: { field: 'winter_changes', op: 'in', value: ['fewer_days', 'other_means'] },
          required: true,
          integer: true,
          min: 1,
          max: 30,
          unit: text('uger', 'weeks', 'uker'),
        },
      ],
      // Only a winter of fewer days asks which; otherwise the survey ends here.
      jumps: [{ when: { field: 'winter_changes', op: 'equals', value: 'fewer_days' }, to: 'winter-days' }],
      next: 'end',
    },
    {
      memo: 'winter-days',
      title: text('Vinterens cykeldage', 'Cycling days in winter', 'Sykkeldager om vinteren'),
      fields: [
        weekdays(
          'winter_bike_days',
          text('Hvilke dage cykler du om vinteren?', 'On which days do you cycle in winter?', 'Hvilke dager sykler du om vinteren?'),
          true,
        ),
      ],
    },
  ],
  end: {
    title: text('Tak for dine pendlerdage', 'Thank you for your commuting days', 'Takk for pendlerdagene dine'),
    body: text(
      'Dine dage bruges, når vi regner dit befordringsfradrag ud i den sidste undersøgelse om selve turen.',
      'Your days are used when we work out your commuting deduction in the last survey, about the journey itself.',
      'Dagene dine brukes når vi regner ut fradraget ditt i den siste undersøkelsen, om selve turen.',
    ),
  },
};

export const pendlerTravelSurvey: FlowDefinition = {
  memo: 'survey.pendler-travel',
  title: text('Din tur til arbejde', 'Your journey to work', 'Turen din til jobben'),
  description: text(
    'Hvor langt, hvordan og hvor længe du er om det – og til sidst, hvad det kan give dig i befordringsfradrag.',
    'How far, how and how long it takes – and at the end, what it may give you as a commuting deduction.',
    'Hvor langt, hvordan og hvor lang tid det tar – og til slutt hva det kan gi deg i fradrag.',
  ),
  audience: 'anyone',
  steps: [
    {
      memo: 'distance',
      title: text('Afstanden', 'The distance', 'Avstanden'),
      fields: [
        {
          memo: 'distance_km',
          kind: 'number',
          label: text('Hvor langt er der til arbejde, én vej?', 'How far is it to work, one way?', 'Hvor langt er det til jobben, én vei?'),
          help: text(
            'Den korteste almindelige rute, i kilometer.',
            'The shortest usual route, in kilometres.',
            'Den korteste vanlige ruten, i kilometer.',
          ),
          required: true,
          min: 0.1,
          max: 500,
          unit: text('km', 'km', 'km'),
        },
      ],
    },
    {
      memo: 'means',
      title: text('Sådan kommer du frem', 'How you get there', 'Slik kommer du deg dit'),
      fields: [
        {
          memo: 'means',
          kind: 'choice',
          label: text(
            'Hvordan kommer du oftest på arbejde?',
            'How do you usually get to work?',
            'Hvordan kommer du deg oftest til jobben?',
          ),
          required: true,
          options: [
            { value: 'bike', label: text('Cykel', 'Bike', 'Sykkel') },
            { value: 'e_bike', label: text('Elcykel', 'E-bike', 'Elsykkel') },
            { value: 'speed_pedelec', label: text('Speed pedelec (45 km/t)', 'Speed pedelec (45 km/h)', 'Speed pedelec (45 km/t)') },
            { value: 'cargo_bike', label: text('Ladcykel', 'Cargo bike', 'Lastesykkel') },
            { value: 'bike_train', label: text('Cykel og tog', 'Bike and train', 'Sykkel og tog') },
            { value: 'bike_bus', label: text('Cykel og bus', 'Bike and bus', 'Sykkel og buss') },
            { value: 'public_transport', label: text('Bus eller tog', 'Bus or train', 'Buss eller tog') },
            { value: 'car', label: text('Bil', 'Car', 'Bil') },
            { value: 'walk', label: text('Til fods', 'On foot', 'Til fots') },
          ],
        },
        {
          memo: 'bike_km',
          kind: 'number',
          label: text('Hvor mange km af turen cykler du?', 'How many km of the way do you cycle?', 'Hvor mange km av turen sykler du?'),
          show_if: { field: 'means', op: 'in', value: ['bike_train', 'bike_bus'] },
          required: true,
          min: 0.1,
          max: 500,
          unit: text('km', 'km', 'km'),
        },
        {
          memo: 'minutes',
          kind: 'number',
          label: text('Hvor lang tid tager turen, én vej?', 'How long does the journey take, one way?', 'Hvor lang tid tar turen, én vei?'),
          required: true,
          integer: true,
          min: 1,
          max: 300,
          unit: text('minutter', 'minutes', 'minutter'),
        },
      ],
    },
    {
      memo: 'more',
      title: text('Mere på cykel?', 'More by bike?', 'Mer på sykkel?'),
      fields: [
        {
          memo: 'cycle_more',
          kind: 'text',
          label: text('Hvad ville få dig til at cykle mere?', 'What would make you cycle more?', 'Hva ville fått deg til å sykle mer?'),
          help: text(
            'F.eks. bad på arbejdet, sikker parkering, en bedre cykelsti. Du må gerne springe over.',
            'E.g. showers at work, safe parking, a better cycle path. You may skip this.',
            'F.eks. dusj på jobben, trygg parkering, en bedre sykkelvei. Du kan gjerne hoppe over.',
          ),
          required: false,
          multiline: true,
          max_length: 1000,
        },
      ],
    },
  ],
  end: {
    title: text('Tak for dine svar', 'Thank you for your answers', 'Takk for svarene dine'),
    body: text(
      'Her er, hvad din tur betyder for dit befordringsfradrag.',
      'Here is what your journey means for your commuting deduction.',
      'Her er hva turen din betyr for fradraget ditt.',
    ),
    result: 'dk_commuting_deduction',
  },
};

/** The three surveys, in the order a commuter answers them. */
export const SURVEY_DEFINITIONS: readonly FlowDefinition[] = [addressesSurvey, commutingDaysSurvey, pendlerTravelSurvey];
