import { SignupForm } from './signup-form';

export function SignupPage() {
  return <SignupForm variant="full" />;
}

export function SignupNewsletterPage() {
  return <SignupForm variant="newsletter" />;
}

export function SignupNewsletterSleekPage() {
  return <SignupForm variant="sleek" />;
}
