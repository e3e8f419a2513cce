import QRCode from 'qrcode/lib/browser';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyPlate } from '../../domain/bikes';
import { LoadError } from '../ui/load-error';
import { PageTitle } from '../ui/page';
import { Loading } from '../ui/spinner';
import { useMyPlates } from './plates-api';
import './my-bikes.css';

/** /app/qr-id: my plates, each with its QR code (the GS1 Digital Link a phone's camera opens) and what it is on. */
export function QrIdPage() {
  const { t } = useTranslation('my-bikes');
  const plates = useMyPlates();
  return (
    <div className="my-bikes">
      <PageTitle>{t('qr.title')}</PageTitle>
      <p className="my-bikes-lead">{t('qr.lead')}</p>
      {plates.isPending ? (
        <Loading />
      ) : plates.isError ? (
        <LoadError error={plates.error} onRetry={() => void plates.refetch()} retrying={plates.isFetching} />
      ) : plates.data.length === 0 ? (
        <div className="card empty-state">
          <h2>{t('qr.emptyTitle')}</h2>
          <p>{t('qr.emptyBody')}</p>
          <Link to="/app/my-bikes" className="btn btn-primary">
            {t('qr.toMyBikes')}
          </Link>
        </div>
      ) : (
        <ul className="plate-list">
          {plates.data.map((plate) => (
            <PlateCard key={plate.bikekey_id} plate={plate} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PlateCard({ plate }: { plate: MyPlate }) {
  const { t } = useTranslation('my-bikes');
  const url = `${window.location.origin}${plate.url_path}`;
  const qr = useQrSvg(url);
  const label = plate.label ?? t('qr.unnamed');
  return (
    <li className="card plate-card">
      <div className="plate-qr">
        {qr ? (
          <img src={qr} alt={t('qr.codeAlt', { id: plate.bikekey_id })} width={160} height={160} />
        ) : (
          <span className="plate-qr-wait" />
        )}
      </div>
      <div>
        <h2 className="plate-id mono">{plate.bikekey_id}</h2>
        {plate.bike_id === null ? (
          // Sent to me and not yet on a bike: it goes on one when a bike is registered with it.
          <p>
            {t('qr.notOnBike')}{' '}
            <Link to="/app/register-bike">
              {t('qr.registerWithIt')}
              <span className="visually-hidden"> ({plate.bikekey_id})</span>
            </Link>
          </p>
        ) : (
          <p>
            {plate.equipment_id ? t('qr.onEquipment', { label }) : t('qr.onBike', { label })}{' '}
            <Link to={`/app/my-bikes/${encodeURIComponent(plate.bike_id)}`}>
              {t('qr.openBike')}
              <span className="visually-hidden"> ({plate.bikekey_id})</span>
            </Link>
          </p>
        )}
        <p className="muted plate-url">{url}</p>
      </div>
    </li>
  );
}

/** The QR code as an SVG data URL (an <img> with alt text: accessible, and allowed by the CSP's img-src data:). */
function useQrSvg(text: string): string | null {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then(
      (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => live && setSrc(null),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return src;
}
