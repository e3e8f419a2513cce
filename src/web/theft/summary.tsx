import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { normaliseLanguage } from '../../domain/locale';
import { parseTheftTime, priceOf, type StolenReportDraft, THEFT_SECTIONS, type TheftSection } from '../../domain/theft';
import { formatDateTime, numberFormat } from '../lib/intl';

/** `?from=summary`: a section opened from the summary; saving it returns there (section-page.tsx). */
export const FROM_SUMMARY = 'summary';

/** What the summary shows: the draft or a filed report, with the insurer's name and the CPR number as shown. */
export type SummaryValues = Omit<StolenReportDraft, 'insurance_company' | 'cpr_number'> & {
  insurer_name?: string | null;
  cpr_display?: string | null;
};

type Row = [label: string, value: string | null | undefined];

const yes = (t: TFunction, v: boolean | null | undefined) => (v === true ? t('theft:yes') : v === false ? t('theft:no') : null);

export function formatTime(value: string | null | undefined, language: string): string | null {
  const date = parseTheftTime(value);
  return date ? formatDateTime(date, language) : null;
}

function rows(section: TheftSection, v: SummaryValues, t: TFunction, language: string): Row[] {
  const f = (name: string) => t(`theft:field.${name}`);
  switch (section) {
    case 'personal-info': {
      const unit = [v.floor, v.side, v.door].filter(Boolean).join(' ');
      const address = [[v.street_address, unit].filter(Boolean).join(', '), [v.zip_code, v.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
      return [
        [t('theft:summary.name'), [v.first_name, v.last_name].filter(Boolean).join(' ')],
        [f('email'), v.email],
        [t('theft:summary.address'), address],
        [f('mobile'), v.mobile],
        [f('telephone'), v.telephone],
        [f('cpr_number'), v.cpr_display],
      ];
    }
    case 'insurance': {
      const price = priceOf(v.bike_price, normaliseLanguage(language));
      return [
        [f('isInsured'), yes(t, v.isInsured)],
        ...(v.isInsured ? ([[f('insurance_company'), v.insurer_name]] as Row[]) : []),
        [f('bike_price'), price === null ? null : t('theft:summary.price', { price: numberFormat(language, {}).format(price) })],
      ];
    }
    case 'bike-info':
      return [
        [f('frame_number'), v.frame_number],
        [f('bike_category'), v.bike_category ? t(`bike-terms:category.${v.bike_category}`) : null],
        [f('bike_color'), v.bike_color ? t(`bike-terms:color.${v.bike_color}`) : null],
        [f('lock_status'), v.lock_status ? t(`theft:lock.${v.lock_status}`) : null],
        [f('is_electric'), yes(t, v.is_electric)],
        ...(v.is_electric
          ? ([[f('battery_location'), v.battery_location ? t(`theft:battery.${v.battery_location}`) : null]] as Row[])
          : []),
      ];
    case 'culprit-info':
      return [
        [f('isCulpritKnown'), yes(t, v.isCulpritKnown)],
        [f('isCulpritRecognizable'), yes(t, v.isCulpritRecognizable)],
        [f('culprit_info'), v.culprit_info],
        [f('hasWitness'), yes(t, v.hasWitness)],
        ...(v.hasWitness ? ([[f('witnesses'), v.witnesses]] as Row[]) : []),
      ];
    case 'time-location':
      return [
        [f('time_last_seen'), formatTime(v.time_last_seen, language)],
        [f('noted_time'), formatTime(v.noted_time, language)],
        [f('place'), v.place],
        [
          t('theft:summary.coordinates'),
          typeof v.latitude === 'number' && typeof v.longitude === 'number' ? `${v.latitude.toFixed(5)}, ${v.longitude.toFixed(5)}` : null,
        ],
      ];
    case 'send-report':
      return [[t('theft:field.policeReportRequested'), yes(t, v.policeReportRequested === true)]];
  }
}

/**
 * The report section by section, as a definition list each; `editBase` adds an edit link per section
 * (the wizard's send step), which opens the section so that saving it comes back. `sections` leaves some out.
 */
export function ReportSummary(props: {
  values: SummaryValues;
  editBase?: string;
  sections?: readonly TheftSection[];
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation(['theft', 'bike-terms']);
  const language = i18n.resolvedLanguage ?? 'da';
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="theft-summary">
      {(props.sections ?? THEFT_SECTIONS).map((section) => (
        <section key={section} className="theft-summary-section" aria-labelledby={`summary-${section}`}>
          <div className="theft-summary-head">
            <Heading id={`summary-${section}`}>{t(`section.${section}`)}</Heading>
            {props.editBase && (
              <Link
                to={`${props.editBase}/${section}?from=${FROM_SUMMARY}`}
                aria-label={t('summary.editSection', { section: t(`section.${section}`) })}
              >
                {t('summary.edit')}
              </Link>
            )}
          </div>
          <dl className="theft-facts">
            {rows(section, props.values, t, language).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value ? value : <span className="muted">{t('summary.empty')}</span>}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}
