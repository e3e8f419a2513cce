import type { RouteObject } from 'react-router';
import { lazyPage } from '../lib/lazy-page';

/** Children of /insurance (§2): the insurance company's admin area for its staff; the owner's insurances, policies, claims and evidence. */
export const insuranceRoutes: RouteObject[] = [
  { path: 'self/admin/reports', element: lazyPage(() => import('./reports-page'), 'OwnClaimsPage') },
  { path: ':insurerPartyId/admin', element: lazyPage(() => import('./admin-page'), 'InsuranceAdminPage') },
  // The owner's insurances, the onboarding and the policy pages (insurance/policy, insurance/onboarding).
  { index: true, element: lazyPage(() => import('./policy/policy-pages'), 'MyInsurancesPage') },
  { path: 'onboarding', element: lazyPage(() => import('./onboarding/onboarding-page'), 'OnboardingPage') },
  { path: 'onboarding/:step', element: lazyPage(() => import('./onboarding/onboarding-page'), 'OnboardingPage') },
  { path: ':insurerPartyId/policy', element: lazyPage(() => import('./policy/policy-pages'), 'InsurerPolicyPage') },
  { path: ':insurerPartyId/policy/personal-info', element: lazyPage(() => import('./policy/policy-pages'), 'PersonalInfoPage') },
  { path: ':insurerPartyId/policy/contents-signup', element: lazyPage(() => import('./policy/policy-pages'), 'ContentsSignupPage') },
  { path: ':insurerPartyId/policy/:policyId', element: lazyPage(() => import('./policy/policy-pages'), 'PolicyPage') },
  { path: ':insurerPartyId/policy/:policyId/hub', element: lazyPage(() => import('./policy/policy-pages'), 'PolicyHubPage') },
  {
    path: ':insurerPartyId/policy/:policyId/bikes/:bikeId/edit-bike',
    element: lazyPage(() => import('./policy/policy-pages'), 'EditInsuredBikePage'),
  },
  { path: ':insurerPartyId/admin/reports', element: lazyPage(() => import('./reports-page'), 'InsuranceReportsPage') },
  { path: ':insurerPartyId/admin/reports/:claimId', element: lazyPage(() => import('./claim-page'), 'InsuranceClaimPage') },
  {
    path: ':insurerPartyId/admin/policies/:policyId/bikes/:bikeId',
    element: lazyPage(() => import('./insured-bike-page'), 'InsuredBikePage'),
  },
  {
    path: ':insurerPartyId/verify-bike-possession/intro',
    element: lazyPage(() => import('./possession/intro-page'), 'PossessionIntroPage'),
  },
  { path: ':insurerPartyId/verify-bike-possession', element: lazyPage(() => import('./possession/possession-page'), 'PossessionPage') },
  // The insurer's lists of the owners' evidence (insurance/evidence-admin-pages).
  { path: ':insurerPartyId/admin/possession', element: lazyPage(() => import('./evidence-admin-pages'), 'PossessionListPage') },
  {
    path: ':insurerPartyId/admin/possession/:verificationId',
    element: lazyPage(() => import('./evidence-admin-pages'), 'PossessionDetailPage'),
  },
  { path: ':insurerPartyId/admin/lock-tests', element: lazyPage(() => import('./evidence-admin-pages'), 'LockTestListPage') },
  { path: ':insurerPartyId/lock-test-portal', element: lazyPage(() => import('./lock-test/portal-page'), 'LockTestPortalPage') },
  {
    path: ':insurerPartyId/lock-test-portal/:lockTestResponseId',
    element: lazyPage(() => import('./lock-test/lock-test-page'), 'LockTestPage'),
  },
];
