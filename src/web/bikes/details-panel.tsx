import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { Alert } from '../ui/alert';
import { hintText } from './bike-terms';
import { DetailsFacts } from './details-facts';
import { SignedImage } from './signed-image';

/** The details tab: the bike's fields, its pictures, and where to go next. */
export function DetailsPanel({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms']);
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  return (
    <div className="bike-panel">
      <h2 className="visually-hidden">{t('tabs.details')}</h2>
      {!bike.flags.active && (
        <Alert tone="warning" title={t('details.inactiveTitle')}>
          <p>{t('details.inactiveBody')}</p>
          <div className="bike-inline-links">
            <Link to={`${base}/attach-existing-credit`}>{t('details.attachCredit')}</Link>
            <Link to={`${base}/redeem-voucher`}>{t('details.redeemVoucher')}</Link>
          </div>
        </Alert>
      )}
      {!bike.frame_number && (
        <Alert tone="info" title={t('details.noFrameTitle')}>
          <p>{t('details.noFrameBody')}</p>
          <Link to={`${base}/complete-confirm-missing-frame-number`}>{t('details.addFrame')}</Link>
        </Alert>
      )}
      {bike.hints.length > 0 && (
        <Alert tone="warning" title={t('details.hintsTitle')}>
          <ul className="bike-hints">
            {bike.hints.map((hint) => (
              <li key={hint.code}>{hintText(hint, t, bike.brand_id)}</li>
            ))}
          </ul>
        </Alert>
      )}
      <DetailsFacts bike={bike} />

      <h3>{t('details.picturesTitle')}</h3>
      {bike.pictures.length === 0 ? (
        <p className="muted">{t('details.noPictures')}</p>
      ) : (
        <ul className="bike-picture-grid">
          {bike.pictures.map((picture) => (
            <li key={picture.id} className="bike-picture-tile">
              <a href={picture.url} target="_blank" rel="noreferrer">
                <SignedImage
                  src={picture.thumbnail_url}
                  alt={t(`bike-terms:picture.${picture.kind}`)}
                  className="bike-picture-img"
                  loading="lazy"
                />
              </a>
              <span className="bike-picture-caption">
                {t(`bike-terms:picture.${picture.kind}`)}
                {picture.kind !== 'public' && <span className="muted"> · {t('details.privatePicture')}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={`${base}/edit#pictures`}>{t('details.managePictures')}</Link>
      </p>

      <h3>{t('details.moreTitle')}</h3>
      <ul className="bike-link-list">
        <li>
          <Link to={`${base}/subscription-status`}>{t('details.subscription')}</Link>
        </li>
        <li>
          <Link to={`${base}/complete-confirm`}>{t('details.completeConfirm')}</Link>
        </li>
        <li>
          <Link to={`${base}/edit/equipment`}>{t('details.editEquipment')}</Link>
        </li>
        <li>
          <Link to={`${base}/public`}>{t('details.publicView')}</Link>
        </li>
      </ul>
    </div>
  );
}
