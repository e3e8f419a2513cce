import { useTranslation } from 'react-i18next';
import { PageTitle } from '../ui/page';
import { BrandTable } from './diverse-brands';
import { FrameLookupTool } from './diverse-frame-lookup';
import { VoucherBatches } from './diverse-vouchers';
import './backoffice.css';
import './organisations.css';

/** /backoffice/v2/diverse: staff's small tools — voucher batches, the brand table, a frame-number lookup. */
export function DiversePage() {
  const { t } = useTranslation('backoffice-orgs');
  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('diverse.title')}</PageTitle>
      <p className="backoffice-lead">{t('diverse.lead')}</p>
      <nav aria-label={t('diverse.contents')} className="orgs-contents">
        <a href="#vouchers">{t('vouchers.title')}</a>
        <a href="#frame-lookup">{t('lookup.title')}</a>
        <a href="#brands">{t('brands.title')}</a>
      </nav>
      <VoucherBatches />
      <FrameLookupTool />
      <BrandTable />
    </div>
  );
}
