import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { tabFrom } from '../bikes/bike-format';
import { BikeGate } from '../bikes/bike-gate';
import { BikeLabels, BikeThumb } from '../bikes/bike-labels';
import { Tabs } from '../bikes/bike-tabs';
import { bikeName } from '../bikes/bike-terms';
import { DeleteBike } from '../bikes/delete-bike';
import { DetailsPanel } from '../bikes/details-panel';
import { DocumentsPanel } from '../bikes/documents-panel';
import { EquipmentPanel } from '../bikes/equipment-panel';
import { ClaimNotice } from '../insurance/claim-notice';
import { TransferAcceptedNotice, TransferAction } from '../ownership/bike-page-parts';
import { HistoryPanel } from '../ownership/history-panel';
import { SalesLinkAction } from '../ownership/sales-action';
import { OwnershipVerifiedBadge, VerifyOwnershipAction } from '../ownership/verify-badge';
import { StolenNotice, TheftAction } from '../theft/bike-theft-actions';
import { ActionsMenu, MenuAction, MenuLink } from '../ui/actions-menu';
import { PageTitle } from '../ui/page';
import { VerificationNotice } from '../verification/verification-notice';
import '../bikes/bike.css';

const TABS = ['details', 'documents', 'equipment', 'history'] as const;

/** /app/my-bikes/{bikeId}: the bike's page, with the tabs details, documents, equipment and history (tab in ?tab=). */
export function BikePage() {
  return <BikeGate>{(bike) => <BikeView bike={bike} />}</BikeGate>;
}

function BikeView({ bike }: { bike: BikeDetail }) {
  const { t } = useTranslation(['bike', 'bike-terms', 'ownership']);
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'), TABS);
  const name = bikeName(bike, t);
  const base = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const [deleting, setDeleting] = useState(false);

  const select = (next: (typeof TABS)[number]) => {
    const updated = new URLSearchParams(params);
    if (next === 'details') updated.delete('tab');
    else updated.set('tab', next);
    setParams(updated, { replace: true });
  };

  return (
    <div className="bike-page">
      <p className="bike-back">
        <Link to="/app/my-bikes">
          <span aria-hidden="true">← </span>
          {t('nav.myBikes')}
        </Link>
      </p>
      <header className="bike-header">
        <BikeThumb url={bike.picture_url} alt="" />
        <div className="bike-header-text">
          <PageTitle>{name}</PageTitle>
          <BikeLabels flags={bike.flags} />
          <OwnershipVerifiedBadge bikeId={bike.id} />
        </div>
        {/* One prominent action (report stolen, or found for a stolen bike); the others in a menu. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form's fieldset */}
        <div className="bike-header-actions" role="group" aria-label={t('actions.label')}>
          <TheftAction bike={bike} />
          <ActionsMenu label={t('actions.more')}>
            <MenuLink to={`${base}/edit`}>{t('details.edit')}</MenuLink>
            <MenuLink to={`${base}/public`}>{t('details.publicView')}</MenuLink>
            {!bike.flags.active && <MenuLink to={`${base}/registration-purchase`}>{t('actions.buyRegistration')}</MenuLink>}
            <MenuLink to={`${base}/buy-plate`}>{t('actions.buyPlate')}</MenuLink>
            <MenuLink to={`${base}/subscription-status`}>{t('actions.subscription')}</MenuLink>
            <TransferAction bikeId={bike.id} stolen={bike.flags.reported_stolen} />
            <VerifyOwnershipAction bikeId={bike.id} />
            <SalesLinkAction bikeId={bike.id} stolen={bike.flags.reported_stolen} />
            <MenuAction tone="danger" onSelect={() => setDeleting(true)}>
              {t('delete.open')}
            </MenuAction>
          </ActionsMenu>
        </div>
      </header>
      <StolenNotice bike={bike} />
      <ClaimNotice bikeId={bike.id} />
      <VerificationNotice />
      <TransferAcceptedNotice />
      <DeleteBike bike={bike} name={name} placement="approval" />
      <Tabs
        idPrefix="bike"
        label={t('tabs.label')}
        tabs={TABS.map((id) => ({ id, label: id === 'history' ? t('ownership:historyTab') : t(`tabs.${id}`) }))}
        selected={tab}
        onSelect={select}
      >
        {tab === 'details' && <DetailsPanel bike={bike} />}
        {tab === 'documents' && <DocumentsPanel bike={bike} />}
        {tab === 'equipment' && <EquipmentPanel bike={bike} />}
        {tab === 'history' && <HistoryPanel bikeId={bike.id} />}
      </Tabs>
      <DeleteBike bike={bike} name={name} placement="dialog" asking={deleting} onAsking={setDeleting} />
    </div>
  );
}
