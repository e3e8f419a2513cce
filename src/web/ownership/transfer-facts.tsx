import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transfer } from '../../domain/ownership';
import { formatPrice } from '../bikes/bike-format';
import { formatDateTime } from '../lib/intl';
import { TransferStatus } from './ownership-parts';
import '../bikes/bike.css';

/** The terms of a transfer as facts: the other side, dates, price and what goes with the bike. */
export function TransferFacts({ transfer, showStatus = false }: { transfer: Transfer; showStatus?: boolean }) {
  const { t, i18n } = useTranslation('ownership');
  const lang = i18n.resolvedLanguage ?? 'da';
  const facts: { key: string; label: string; value: ReactNode }[] = [];
  if (showStatus) facts.push({ key: 'status', label: t('facts.status'), value: <TransferStatus status={transfer.status} /> });
  if (transfer.my_side === 'seller') facts.push({ key: 'to', label: t('facts.to'), value: transfer.to_email });
  else facts.push({ key: 'from', label: t('facts.from'), value: transfer.seller_first_name ?? t('facts.sellerUnnamed') });
  facts.push({ key: 'created', label: t('facts.created'), value: formatDateTime(transfer.created_at, lang) });
  if (transfer.status === 'pending')
    facts.push({ key: 'expires', label: t('facts.expires'), value: formatDateTime(transfer.expires_at, lang) });
  else if (transfer.decided_at)
    facts.push({ key: 'decided', label: t(`facts.decided.${transfer.status}`), value: formatDateTime(transfer.decided_at, lang) });
  facts.push({
    key: 'price',
    label: t('facts.price'),
    value: transfer.price_dkk === null ? t('facts.noPrice') : formatPrice(transfer.price_dkk, lang),
  });
  facts.push({
    key: 'pictures',
    label: t('facts.pictures'),
    value: transfer.hand_over_pictures ? t('facts.handedOver') : t('facts.notHandedOver'),
  });
  facts.push({
    key: 'documents',
    label: t('facts.documents'),
    value: transfer.hand_over_documents ? t('facts.handedOver') : t('facts.notHandedOver'),
  });
  return (
    <dl className="bike-facts ownership-facts">
      {facts.map((fact) => (
        <div key={fact.key} className="bike-fact">
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
