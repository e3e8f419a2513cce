import { useTranslation } from 'react-i18next';
import { PageTitle } from '../ui/page';
import { BrandTable } from './diverse-brands';
import { DistributorsSection } from './diverse-distributors';
import { FrameLookupTool } from './diverse-frame-lookup';
import { NewsletterSection } from './diverse-newsletter';
import { VoucherBatches } from './diverse-vouchers';
import './backoffice.css';
import './organisations.css';
import './diverse-public.css';

/**
 * /backoffice/v2/diverse: staff's small tools — voucher batches, the brand table, a frame-number lookup, the
 * distributors of /find-distributor and sending the newsletter.
 */
export function DiversePage() {
  const { t } = useTranslation('backoffice-orgs');
  const { t: tp } = useTranslation('backoffice-public');
  return (
    <div className="backoffice backoffice-wide">
      <PageTitle>{t('diverse.title')}</PageTitle>
      <p className="backoffice-lead">{t('diverse.lead')}</p>
      <nav aria-label={t('diverse.contents')} className="orgs-contents">
        <a href="#vouchers">{t('vouchers.title')}</a>
        <a href="#frame-lookup">{t('lookup.title')}</a>
        <a href="#brands">{t('brands.title')}</a>
        <a href="#distributors">{tp('distributors.title')}</a>
        <a href="#newsletter">{tp('newsletter.title')}</a>
      </nav>
      <VoucherBatches />
      <FrameLookupTool />
      <BrandTable />
      <DistributorsSection />
      <NewsletterSection />
    </div>
  );
}
