import { useTranslation } from 'react-i18next';
import { FormCard, PageTitle } from '../ui/page';
import { NewsletterForm } from './newsletter-form';

/** /signup/newsletter: what the newsletter holds and how often it comes, and the sign-up (no account needed). */
export function NewsletterPage() {
  const { t } = useTranslation('newsletter');
  return (
    <div className="newsletter-page">
      <div className="newsletter-about">
        <PageTitle>{t('page.title')}</PageTitle>
        <p className="newsletter-lead">{t('page.lead')}</p>
        <h2>{t('page.containsTitle')}</h2>
        <ul>
          <li>{t('page.contains.register')}</li>
          <li>{t('page.contains.theft')}</li>
          <li>{t('page.contains.offers')}</li>
        </ul>
        <h2>{t('page.oftenTitle')}</h2>
        <p>{t('page.often')}</p>
        <h2>{t('page.privacyTitle')}</h2>
        <p>{t('page.privacy')}</p>
      </div>
      <section className="card newsletter-signup" aria-labelledby="newsletter-signup-title">
        <h2 id="newsletter-signup-title">{t('page.formTitle')}</h2>
        <NewsletterForm />
      </section>
    </div>
  );
}

/** /signup/newsletter-sleek: the sign-up alone, small enough to embed or link from anywhere. */
export function NewsletterSleekPage() {
  const { t } = useTranslation('newsletter');
  return (
    <FormCard>
      <PageTitle>{t('sleek.title')}</PageTitle>
      <p className="form-lead">{t('sleek.lead')}</p>
      <NewsletterForm compact />
    </FormCard>
  );
}
