import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PublicBike } from '../../domain/bikes';
import './search.css';
import './stolen-notice.css';

// What anyone may see of a bike (§1): the public picture, the description, frame number and plate as
// registered, and whether it is reported stolen. Never the owner. Used by search, plate scans and the
// owner's preview of the public page. A stolen bike's banner carries the finder's call to action
// (issue 6): tell the owner where it is, and see it on the stolen-bike map.

/** Where a finder tells a stolen bike's owner where it is (the contact page's finder form). */
export const foundPath = (bikeId: string) => `/app/bikes/${encodeURIComponent(bikeId)}/contact-bike-owner?found=1`;
export const stolenMapPath = (bikeId: string) => `/stolen-bike-map/${encodeURIComponent(bikeId)}`;

export interface PublicBikeCardProps {
  bike: PublicBike;
  /** The heading level of the bike's name in the page's outline (h2 on a page of its own, h3 in a list). */
  headingLevel?: 2 | 3;
  /** Extra facts or actions below the description (e.g. the organisation search's registration facts). */
  children?: ReactNode;
  /**
   * A stolen bike's banner offers the finder's actions (on by default: search results, the map). Off where
   * the page itself is that action (the contact page) or says it more prominently (a plate scan).
   */
  finderActions?: boolean;
}

export function PublicBikeCard({ bike, headingLevel = 3, children, finderActions = true }: PublicBikeCardProps) {
  const { t } = useTranslation('bike-card');
  const headingId = useId();
  // The server names the brand (typed, or from the brand table).
  const brand = bike.brand_name;
  const name = [brand, bike.model].filter(Boolean).join(' ') || t('card.unnamed');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const picture = bike.thumbnail_url ?? bike.picture_url;

  const facts: { key: string; label: string; value: ReactNode }[] = [];
  if (bike.frame_number) facts.push({ key: 'frame', label: t('card.frameNumber'), value: <code>{bike.frame_number}</code> });
  if (bike.bikekey_id) facts.push({ key: 'plate', label: t('card.plate'), value: <code>{bike.bikekey_id}</code> });
  if (bike.color_id)
    facts.push({
      key: 'color',
      label: t('card.color'),
      value: (
        <>
          <span className={`color-swatch color-${bike.color_id}`} aria-hidden="true" />
          {t(`color.${bike.color_id}`)}
        </>
      ),
    });
  if (bike.category_id) facts.push({ key: 'category', label: t('card.category'), value: t(`category.${bike.category_id}`) });
  if (bike.type_id) facts.push({ key: 'type', label: t('card.type'), value: t(`type.${bike.type_id}`) });
  facts.push({ key: 'electric', label: t('card.electric'), value: bike.is_electric ? t('card.yes') : t('card.no') });
  if (bike.production_year) facts.push({ key: 'year', label: t('card.productionYear'), value: bike.production_year });

  return (
    <article className={`bike-card${bike.reported_stolen ? ' bike-card-stolen' : ''}`} aria-labelledby={headingId}>
      {bike.reported_stolen && (
        <p className="stolen-banner">
          <span className="stolen-icon" aria-hidden="true">
            !
          </span>
          <strong>{t('card.stolen')}</strong>
        </p>
      )}
      {bike.reported_stolen && finderActions && (
        <div className="stolen-cta">
          <p className="stolen-cta-text">{t('card.seenItLead')}</p>
          <StolenActions bikeId={bike.id} describedBy={headingId} />
        </div>
      )}
      <div className="bike-card-inner">
        <div className="bike-card-picture">
          {picture ? (
            <img src={picture} alt={t('card.pictureAlt', { name })} loading="lazy" decoding="async" />
          ) : (
            <div className="bike-card-placeholder" role="img" aria-label={t('card.noPicture')}>
              <svg viewBox="0 0 64 40" width="96" height="60" aria-hidden="true" focusable="false">
                <circle cx="14" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
                <circle cx="50" cy="26" r="10" fill="none" stroke="currentColor" strokeWidth="3" />
                <path
                  d="M14 26l10-16h14l12 16M24 10l-4-6h-5M38 10l-6 16H14"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  strokeLinejoin="round"
                />
              </svg>
            </div>
          )}
        </div>
        <div className="bike-card-body">
          <Heading id={headingId} className="bike-card-title">
            {name}
          </Heading>
          <dl className="bike-facts">
            {facts.map((fact) => (
              <div key={fact.key} className="bike-fact">
                <dt>{fact.label}</dt>
                <dd>{fact.value}</dd>
              </div>
            ))}
          </dl>
          {bike.reported_stolen && <p className="stolen-note">{t('card.stolenNote')}</p>}
          {children}
        </div>
      </div>
    </article>
  );
}

/**
 * "Contact the owner" under a bike's public card (search results, plate scans): a plain link, so public
 * pages carry none of the chat code (issue 5; anonymous on both sides).
 */
export function ContactOwnerLink({ bike }: { bike: PublicBike }) {
  const { t } = useTranslation('bike-card');
  // A stolen bike's card says it in its banner: "I have seen this bike" (StolenActions).
  if (bike.reported_stolen) return null;
  const name = [bike.brand_name, bike.model].filter(Boolean).join(' ') || t('card.unnamed');
  return (
    <Link
      to={`/app/bikes/${encodeURIComponent(bike.id)}/contact-bike-owner`}
      className="btn btn-secondary btn-small bike-card-contact"
      aria-label={t('card.contactOwnerOf', { name })}
    >
      {t('card.contactOwner')}
    </Link>
  );
}

/**
 * The finder's actions for a stolen bike: the contact page's finder form (a message with a place and a
 * photo) and the bike's page on the stolen-bike map (left out on that page itself). `describedBy` names
 * the bike, so a list of several cards still says which bike each link is about.
 */
export function StolenActions({ bikeId, describedBy, large }: { bikeId: string; describedBy?: string; large?: boolean }) {
  const { t } = useTranslation('bike-card');
  const onMapPage = useLocation().pathname === stolenMapPath(bikeId);
  return (
    <div className={`stolen-actions${large ? ' stolen-actions-large' : ''}`}>
      <Link to={foundPath(bikeId)} className={`btn btn-primary stolen-seen${large ? '' : ' btn-small'}`} aria-describedby={describedBy}>
        {t('card.seenIt')}
      </Link>
      {!onMapPage && (
        <Link to={stolenMapPath(bikeId)} className={`btn btn-secondary${large ? '' : ' btn-small'}`} aria-describedby={describedBy}>
          {t('card.onMap')}
        </Link>
      )}
    </div>
  );
}
