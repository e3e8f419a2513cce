import { useLocation } from 'react-router';
import { ConfirmedPage } from './confirmed-page';
import { OverviewPage } from './overview-page';
import { SectionPage } from './section-page';
import { isTheftSection } from './sections';
import { useWizard } from './use-wizard';
import './theft.css';

/** Every page of the stolen-report wizard (/app/my-bikes/report-stolen/{step}); the step is the last segment. */
export function WizardPage() {
  const step = useLocation().pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  if (step === 'report-confirmed') return <ConfirmedPage />;
  return <WizardStep step={step} />;
}

function WizardStep({ step }: { step: string }) {
  const wizard = useWizard();
  if (isTheftSection(step)) return <SectionPage key={step} section={step} wizard={wizard} />;
  return <OverviewPage wizard={wizard} />;
}
